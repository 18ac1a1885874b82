import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { CliError } from './errors.js';
import type { CliIo } from './io.js';

/** Write a file atomically (temporary file beside it, then rename): a cancelled run never leaves half a report. */
export async function writeFileAtomic(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true }).catch(() => undefined);
  const tmp = join(dirname(path), `.${randomBytes(6).toString('hex')}.toolmark.tmp`);
  try {
    await writeFile(tmp, text);
    await rename(tmp, path);
  } catch (error) {
    await rm(tmp, { force: true });
    throw new CliError('file_write_failed', `cannot write ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`, { where: path });
  }
}

/** Whether a path exists. */
export async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** Read a text file with the CLI's file errors (not found / unreadable / too large). */
export async function readTextFile(path: string, maxBytes: number): Promise<string> {
  try {
    const info = await stat(path);
    if (info.isDirectory()) throw new CliError('file_unreadable', `${path} is a directory`, { where: path });
    if (info.size > maxBytes) throw new CliError('file_unreadable', `${path} is larger than ${maxBytes} bytes`, { where: path });
    return (await readFile(path, 'utf8')).replace(/^\uFEFF/, '');
  } catch (error) {
    if (error instanceof CliError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new CliError('file_not_found', `no such file: ${path}`, { where: path });
    throw new CliError('file_unreadable', `cannot read ${path}: ${code ?? String(error)}`, { where: path });
  }
}

/** Write output to `--out` (atomically) or stdout; `-` is stdout too. */
export async function emit(text: string, out: string | undefined, io: Pick<CliIo, 'stdout' | 'stderr'>, command: string): Promise<void> {
  if (out === undefined || out === '-') io.stdout.write(text);
  else {
    await writeFileAtomic(out, text);
    io.stderr.write(`toolmark ${command}: wrote ${out}\n`);
  }
}
