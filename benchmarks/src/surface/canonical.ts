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
const cache = new WeakMap<object, string>();

/**
 * {@link canonicalJson} of an object, remembered per object (weakly): the hash and the token count of a
 * tool both need its input schema's canonical text, and a 1 MiB surface should be serialised once.
 */
export function canonicalJsonOnce(value: object): string {
  let json = cache.get(value);
  if (json === undefined) cache.set(value, (json = canonicalJson(value)));
  return json;
}

export function canonicalJson(value: unknown, key?: string): string {
  const out: string[] = [];
  writeCanonical(value, key, out);
  return out.join('');
}

/** Append the canonical JSON of `value` to `out` (one join at the end: no intermediate strings). */
function writeCanonical(value: unknown, key: string | undefined, out: string[]): void {
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'boolean':
      out.push(JSON.stringify(value));
      return;
    case 'object':
      break;
    default:
      out.push(JSON.stringify(value) ?? 'null');
      return;
  }
  if (value === null) {
    out.push('null');
    return;
  }
  if (Array.isArray(value)) {
    if (key !== undefined && SET_KEYS.has(key) && value.every((v) => typeof v === 'string')) {
      out.push(JSON.stringify([...new Set(value as string[])].sort()));
      return;
    }
    out.push('[');
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      if (i > 0) out.push(',');
      if (v === undefined || typeof v === 'function') out.push('null');
      else writeCanonical(v, undefined, out);
    }
    out.push(']');
    return;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  out.push('{');
  let first = true;
  for (const k of keys) {
    const v = record[k];
    if (v === undefined || typeof v === 'function') continue;
    out.push(first ? JSON.stringify(k) : `,${JSON.stringify(k)}`, ':');
    first = false;
    writeCanonical(v, k, out);
  }
  out.push('}');
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

/** Exactly `canonicalJson(hashedFields(tool))`, with the input schema serialised once (see canonicalJsonOnce). */
export function canonicalToolJson(tool: Tool): string {
  const parts: string[] = [];
  if (tool.annotations !== undefined) parts.push(`"annotations":${canonicalJson(tool.annotations, 'annotations')}`);
  parts.push(`"description":${tool.description === undefined ? 'null' : JSON.stringify(normalizeText(tool.description))}`);
  parts.push(`"inputSchema":${canonicalJsonOnce(tool.inputSchema)}`);
  parts.push(`"name":${JSON.stringify(tool.name)}`);
  if (tool.outputSchema !== undefined) parts.push(`"outputSchema":${canonicalJson(tool.outputSchema, 'outputSchema')}`);
  if (tool.title !== undefined) parts.push(`"title":${JSON.stringify(normalizeText(tool.title))}`);
  return `{${parts.join(',')}}`;
}
