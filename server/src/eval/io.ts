import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { CliError } from '../cli/errors.js';

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

/** The code version recorded in every run report: the package version and, when known, the git commit. */
export function codeVersion(): string {
  const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  const root = new URL('../../../', import.meta.url);
  try {
    const head = readFileSync(new URL('.git/HEAD', root), 'utf8').trim();
    const ref = head.startsWith('ref: ') ? readFileSync(new URL(`.git/${head.slice(5)}`, root), 'utf8').trim() : head;
    if (/^[0-9a-f]{40}$/.test(ref)) return `${version}+${ref.slice(0, 12)}`;
  } catch {
    // Not a git checkout (an installed package): the version alone.
  }
  return version;
}
