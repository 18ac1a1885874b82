import { readFile, stat } from 'node:fs/promises';
import { InputError, MAX_SURFACE_BYTES, parseSurfaceText, type Surface } from '@toolmark/benchmarks';
import type { CaptureOptions } from '../capture/index.js';
import { describeSource, parseSeconds, type Source, type SourceOptions } from './args.js';
import { CliError } from './errors.js';
import type { CliIo } from './io.js';

const tooLarge = (bytes: number): InputError =>
  new InputError('payload_too_large', `surface is ${bytes} bytes or more; the limit is ${MAX_SURFACE_BYTES} bytes`, {
    path: '$',
    limit: MAX_SURFACE_BYTES,
    actual: bytes,
  });

/** Read stdin up to the size limit (plus a BOM). */
async function readStdin(stdin: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stdin) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buf.length;
    if (size > MAX_SURFACE_BYTES + 3) throw tooLarge(size);
    chunks.push(buf);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Read and parse a surface file (`-` is stdin); the size is checked first, so a huge file is never loaded. */
export async function readSurfaceFile(path: string, io: Pick<CliIo, 'stdin'>): Promise<Surface> {
  return (await readSurfaceFileText(path, io)).surface;
}

/** A surface file read and parsed, with its text (for positions in it). */
export async function readSurfaceFileText(path: string, io: Pick<CliIo, 'stdin'>): Promise<{ surface: Surface; text: string }> {
  let text: string;
  if (path === '-') text = await readStdin(io.stdin);
  else {
    try {
      const info = await stat(path);
      if (info.isDirectory()) throw new CliError('file_unreadable', `${path} is a directory, not a tools/list JSON file`, { where: path });
      if (info.size > MAX_SURFACE_BYTES + 3) throw tooLarge(info.size);
      text = await readFile(path, 'utf8');
    } catch (error) {
      if (error instanceof CliError || error instanceof InputError) throw error;
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') throw new CliError('file_not_found', `no such file: ${path}`, { where: path });
      throw new CliError('file_unreadable', `cannot read ${path}: ${code ?? String(error)}`, { where: path });
    }
  }
  text = text.replace(/^\uFEFF/, '');
  return { surface: parseSurfaceText(text), text };
}

/** The capture time limits from the command line. */
export function captureOptions(options: SourceOptions): CaptureOptions {
  return {
    timeoutMs: parseSeconds(options.timeout, '--timeout'),
    connectTimeoutMs: parseSeconds(options.connectTimeout, '--connect-timeout'),
  };
}

/** A surface from any source, with the name of its source for messages (and a file's text). */
export async function loadSurface(source: Source, options: SourceOptions, io: CliIo): Promise<{ surface: Surface; where: string; text?: string }> {
  if (source.kind === 'file') return { ...(await readSurfaceFileText(source.path, io)), where: describeSource(source) };
  // Starting a server and waiting for its tools can take seconds: on a terminal, say so on stderr (one
  // line, erased when done, so output and pipes stay clean); never when stderr is a file or a pipe.
  const status = io.stderrIsTTY === true ? io.stderr : null;
  status?.write(`toolmark: ${source.kind === 'stdio' ? 'starting' : 'connecting to'} ${describeSource(source)} and reading its tools…`);
  try {
    // The MCP SDK is loaded only when a live server is read: linting a file starts ~150 ms sooner.
    const { captureSurface } = await import('../capture/index.js');
    const captured = await captureSurface(source, captureOptions(options));
    return { surface: captured.surface, where: captured.where };
  } finally {
    status?.write('\r\u001b[2K');
  }
}
