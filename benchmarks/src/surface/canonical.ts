import type { Tool } from '../contracts/tool.js';

/** Normalise description text: NFC, CRLF → LF, trailing spaces per line, 3+ newlines → 2, trimmed. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const SET_KEYS = new Set(['required']);

/**
 * Canonical form of a JSON value: object keys sorted recursively, `required` treated as a set (sorted),
 * every other array kept in order (enum order can matter to a model).
 */
export function canonicalize(value: unknown, key?: string): unknown {
  if (Array.isArray(value)) {
    const items = value.map((v) => canonicalize(v));
    if (key !== undefined && SET_KEYS.has(key) && items.every((v) => typeof v === 'string')) {
      return [...new Set(items as string[])].sort();
    }
    return items;
  }
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[k];
      if (v !== undefined) out[k] = canonicalize(v, k);
    }
    return out;
  }
  return value;
}

/** Deterministic JSON text of a value in canonical form. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(canonicalize(value));
}

/**
 * The fields of a tool that a model sees and the linter reads, canonicalised. `_meta` and unknown keys
 * are excluded: they never change a score, so they must not create a new version.
 */
export function canonicalTool(tool: Tool): Record<string, unknown> {
  const out: Record<string, unknown> = { name: tool.name };
  if (tool.title !== undefined) out.title = normalizeText(tool.title);
  out.description = tool.description === undefined ? null : normalizeText(tool.description);
  out.inputSchema = tool.inputSchema;
  if (tool.outputSchema !== undefined) out.outputSchema = tool.outputSchema;
  if (tool.annotations !== undefined) out.annotations = tool.annotations;
  return canonicalize(out) as Record<string, unknown>;
}
