import { createHash } from 'node:crypto';
import type { Sha256Hex } from '@toolmark/benchmarks';

/** Node's native sha256, passed to the pure core's lint (same hashes as its pure-JS fallback, faster). */
export const nodeSha256Hex: Sha256Hex = (text) => createHash('sha256').update(text, 'utf8').digest('hex');
