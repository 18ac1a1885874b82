import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { Surface, Tool } from '../contracts/tool.js';
import { canonicalJson, canonicalTool } from './canonical.js';

/** Hex sha256 of a UTF-8 string. */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/** Canonical hash of one tool: stable under key order; `_meta` and unknown keys excluded. */
export function toolHash(tool: Tool): string {
  return `sha256:${sha256Hex(canonicalJson(canonicalTool(tool)))}`;
}

/** Canonical hash of a surface: stable under key order and tool order. */
export function surfaceHash(surface: Surface): string {
  const tools = surface.tools.map(canonicalTool).sort((a, b) => ((a.name as string) < (b.name as string) ? -1 : 1));
  return `sha256:${sha256Hex(canonicalJson(tools))}`;
}
