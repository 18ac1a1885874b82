import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { Surface, Tool } from '../contracts/tool.js';
import { canonicalToolJson } from './canonical.js';
import type { LintCache } from '../lint-cache.js';

/** A function giving the hex sha256 of a UTF-8 string. */
export type Sha256Hex = (text: string) => string;

/** Hex sha256 of a UTF-8 string, in pure JS (@noble/hashes): the core's default. */
export const sha256Hex: Sha256Hex = (text) => bytesToHex(sha256(utf8ToBytes(text)));

/** Canonical hash of one tool: stable under key order; `_meta` and unknown keys excluded. */
export function toolHash(tool: Tool, hash: Sha256Hex = sha256Hex): string {
  return `sha256:${hash(canonicalToolJson(tool))}`;
}

const hashed = new WeakMap<Surface, Map<Sha256Hex, { surface: string; tools: string[] }>>();

/**
 * The surface hash and every tool's hash. The surface hash is the sha256 of the JSON array of
 * `[name, toolHash]` sorted by name, so each tool's bytes are hashed once. `hash` lets an adapter pass
 * the platform's native sha256 (several times faster on a 1 MiB surface); the result is the same.
 *
 * With a `cache`, a tool's hash is also kept under the sha256 of its plain JSON text: a tool that arrives
 * again with the same bytes (most tools of a changed surface) is not put in canonical form again, which
 * costs several times more than `JSON.stringify`. Equal plain JSON means equal content, so the hash is the
 * same either way.
 */
export function surfaceHashes(surface: Surface, hash: Sha256Hex = sha256Hex, cache?: LintCache): { surface: string; tools: string[] } {
  // Remembered per surface object and hash function: an adapter that hashes a surface and then lints it
  // (the lint needs the tools' hashes too) pays once. Surfaces are not changed once parsed.
  let byFunction = hashed.get(surface);
  const known = byFunction?.get(hash);
  if (known) return known;
  const tools = surface.tools.map((t) => (cache ? cache.through(`hash:${hash(JSON.stringify(t))}`, () => toolHash(t, hash)) : toolHash(t, hash)));
  const pairs = surface.tools.map((t, i) => [t.name, tools[i]!] as const).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const out = { surface: `sha256:${hash(JSON.stringify(pairs))}`, tools };
  if (!byFunction) hashed.set(surface, (byFunction = new Map()));
  byFunction.set(hash, out);
  return out;
}

/** Canonical hash of a surface: stable under key order and tool order; `_meta` and unknown keys excluded. */
export function surfaceHash(surface: Surface, hash: Sha256Hex = sha256Hex, cache?: LintCache): string {
  return surfaceHashes(surface, hash, cache).surface;
}
