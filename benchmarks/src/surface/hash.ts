import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { Surface, Tool } from '../contracts/tool.js';
import { canonicalJson, hashedFields } from './canonical.js';

/** Hex sha256 of a UTF-8 string. */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/** Canonical hash of one tool: stable under key order; `_meta` and unknown keys excluded. */
export function toolHash(tool: Tool): string {
  return `sha256:${sha256Hex(canonicalJson(hashedFields(tool)))}`;
}

/**
 * The surface hash and every tool's hash. The surface hash is the sha256 of the JSON array of
 * `[name, toolHash]` sorted by name, so each tool's bytes are hashed once.
 */
export function surfaceHashes(surface: Surface): { surface: string; tools: string[] } {
  const tools = surface.tools.map(toolHash);
  const pairs = surface.tools.map((t, i) => [t.name, tools[i]!] as const).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return { surface: `sha256:${sha256Hex(JSON.stringify(pairs))}`, tools };
}

/** Canonical hash of a surface: stable under key order and tool order; `_meta` and unknown keys excluded. */
export function surfaceHash(surface: Surface): string {
  return surfaceHashes(surface).surface;
}

interface SubtleDigest {
  digest(algorithm: string, data: Uint8Array): Promise<ArrayBuffer>;
}

/** The platform's Web Crypto digest when there is one (Node ≥ 20, browsers, workers). */
function webDigest(): SubtleDigest | undefined {
  const c = (globalThis as { crypto?: { subtle?: SubtleDigest } }).crypto;
  return c?.subtle;
}

/**
 * Same result as {@link surfaceHashes}, using the platform's native sha256 (Web Crypto) when available:
 * several times faster than the pure-JS fallback on a 1 MiB surface.
 */
export async function surfaceHashesAsync(surface: Surface): Promise<{ surface: string; tools: string[] }> {
  const subtle = webDigest();
  if (subtle === undefined) return surfaceHashes(surface);
  const hex = async (text: string) => bytesToHex(new Uint8Array(await subtle.digest('SHA-256', utf8ToBytes(text))));
  const tools = await Promise.all(surface.tools.map(async (t) => `sha256:${await hex(canonicalJson(hashedFields(t)))}`));
  const pairs = surface.tools.map((t, i) => [t.name, tools[i]!] as const).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return { surface: `sha256:${await hex(JSON.stringify(pairs))}`, tools };
}
