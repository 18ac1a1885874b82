// The size and sha256 of a file, read as a stream (constant memory).
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';

/** Size in bytes and hex sha256 of a file. */
export async function fileFacts(path: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return { bytes: (await stat(path)).size, sha256: hash.digest('hex') };
}
