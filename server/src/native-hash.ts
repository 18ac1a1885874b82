import * as crypto from 'node:crypto';
import type { Sha256Hex } from '@toolmark/benchmarks';

/** `crypto.hash` (Node ≥ 20.12): a one-shot digest without a Hash object, several times faster on short texts. */
const oneShot = (crypto as { hash?: (algorithm: string, data: string, encoding: 'hex') => string }).hash;

/**
 * Node's native sha256, passed to the pure core's lint (same hashes as its pure-JS fallback, faster). A lint
 * hashes every tool (a few hundred bytes each), so the per-call cost of a Hash object is most of the work.
 */
export const nodeSha256Hex: Sha256Hex = oneShot
  ? (text) => oneShot('sha256', text, 'hex')
  : (text) => crypto.createHash('sha256').update(text, 'utf8').digest('hex');
