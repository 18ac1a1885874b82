// A capture's own files (the temporary folder of an npm capture: install, cache, HOME and TMPDIR of the
// server) can meet a full or broken disk. That is the machine's state, not the server's: the capture fails
// with `storage_failed`, saying which of these it was, and its folder is removed.
import { CaptureError } from './errors.js';

/** System error codes of a disk that cannot take a write, and what each means. */
export const STORAGE_ERROR_CODES: Readonly<Record<string, string>> = {
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is used up',
  EIO: 'an I/O error of the disk',
  EROFS: 'the file system is read-only',
  EFBIG: 'a file grew over the size the file system allows',
};

/** The storage error code of a system error (Node's `code`), if it is one. */
export function storageCode(error: unknown): string | undefined {
  const code = error instanceof Error ? (error as NodeJS.ErrnoException).code : undefined;
  return typeof code === 'string' && STORAGE_ERROR_CODES[code] !== undefined ? code : undefined;
}

/** A storage code named by npm's error output (`npm error code ENOSPC`, `npm ERR! code EROFS`). */
export function storageCodeInNpmOutput(stderr: string): string | undefined {
  const m = /\bcode (E[A-Z]+)\b/.exec(stderr);
  return m?.[1] !== undefined && STORAGE_ERROR_CODES[m[1]] !== undefined ? m[1] : undefined;
}

/** The CaptureError of a storage failure while `doing` something in the capture's temporary folder. */
export function storageFailure(code: string, doing: string, where: string): CaptureError {
  const why = STORAGE_ERROR_CODES[code] ?? code;
  return new CaptureError(
    'storage_failed',
    `the capture could not write its temporary files while ${doing}: ${why} (${code}); the operator must free or fix the disk of the service's temporary folder (TMPDIR)`,
    { where, systemCode: code },
  );
}
