import type { Tool } from '../contracts/tool.js';

/** Normalise description text: NFC, CRLF → LF, trailing spaces per line, 3+ newlines → 2, trimmed. */
export function normalizeText(text: string): string {
  const lines = text.normalize('NFC').replace(/\r\n?/g, '\n').split('\n');
  // Trailing spaces and tabs removed by a scan from the end of each line: the regex /[ \t]+$/gm is
  // quadratic on long runs of spaces.
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    let end = line.length;
    while (end > 0 && (line.charCodeAt(end - 1) === 32 || line.charCodeAt(end - 1) === 9)) end--;
    if (end !== line.length) lines[i] = line.slice(0, end);
  }
  return lines.join('\n').replace(/\n{3,}/g, '\n\n').trim();
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

/**
 * Deterministic JSON text of a value in canonical form, written directly (no intermediate copy): on a
 * 1 MiB surface this halves the time and the garbage of canonicalize + JSON.stringify.
 */
export function canonicalJson(value: unknown, key?: string): string {
  if (Array.isArray(value)) {
    if (key !== undefined && SET_KEYS.has(key) && value.every((v) => typeof v === 'string')) {
      return JSON.stringify([...new Set(value as string[])].sort());
    }
    return `[${value.map((v) => (v === undefined || typeof v === 'function' ? 'null' : canonicalJson(v))).join(',')}]`;
  }
  if (typeof value === 'object' && value !== null) {
    const parts: string[] = [];
    for (const k of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[k];
      if (v !== undefined && typeof v !== 'function') parts.push(`${JSON.stringify(k)}:${canonicalJson(v, k)}`);
    }
    return `{${parts.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The fields of a tool that a model sees and the linter reads, canonicalised. `_meta` and unknown keys
 * are excluded: they never change a score, so they must not create a new version.
 */
export function canonicalTool(tool: Tool): Record<string, unknown> {
  return canonicalize(hashedFields(tool)) as Record<string, unknown>;
}

/** The fields of a tool that its hash covers, text normalised, keys in any order (canonicalJson sorts them). */
export function hashedFields(tool: Tool): Record<string, unknown> {
  const out: Record<string, unknown> = { name: tool.name };
  if (tool.title !== undefined) out.title = normalizeText(tool.title);
  out.description = tool.description === undefined ? null : normalizeText(tool.description);
  out.inputSchema = tool.inputSchema;
  if (tool.outputSchema !== undefined) out.outputSchema = tool.outputSchema;
  if (tool.annotations !== undefined) out.annotations = tool.annotations;
  return out;
}
