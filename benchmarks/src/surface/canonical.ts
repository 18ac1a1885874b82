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
      if (v === undefined) continue;
      // defineProperty: a key named "__proto__" must stay an ordinary property, not set the prototype.
      Object.defineProperty(out, k, { value: canonicalize(v, k), enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  return value;
}

const cache = new WeakMap<object, { json: string; strings: string[] }>();

/** Serialise an object canonically once, keeping every string value met on the way, in canonical order. */
function serialiseOnce(value: object): { json: string; strings: string[] } {
  let entry = cache.get(value);
  if (entry === undefined) {
    const strings: string[] = [];
    const json = JSON.stringify(canonicalCopy(value, strings));
    cache.set(value, (entry = { json, strings }));
  }
  return entry;
}

/**
 * {@link canonicalJson} of an object, remembered per object (weakly): the hash and the token count of a
 * tool both need its input schema's canonical text, and a 1 MiB surface should be serialised once.
 */
export function canonicalJsonOnce(value: object): string {
  return serialiseOnce(value).json;
}

/**
 * Every string value inside an object (not the keys), in canonical order: object keys sorted, arrays in
 * order, `required` as a sorted set. Collected during the same single serialisation as canonicalJsonOnce.
 */
export function canonicalStringsOnce(value: object): string[] {
  return serialiseOnce(value).strings;
}

/** Deterministic JSON text of a value in canonical form (see {@link canonicalize}; same text, faster). */
export function canonicalJson(value: unknown, key?: string): string {
  return JSON.stringify(canonicalCopy(value, undefined, key)) ?? 'null';
}

/** `required` as a set: de-duplicated and sorted, when it is an array of strings. */
function asSet(value: unknown[]): unknown[] {
  return value.every((v) => typeof v === 'string') ? [...new Set(value as string[])].sort() : value;
}

/**
 * True for an array index (a canonical integer below 2^32 − 1): objects list such keys first, in numeric
 * order, whatever order they were added in — so a sorted copy lists them that way too.
 */
function isArrayIndex(key: string): boolean {
  const n = key.length;
  if (n === 0 || n > 10 || (key.charCodeAt(0) === 48 && n > 1)) return false;
  for (let i = 0; i < n; i++) {
    const c = key.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return Number(key) < 4294967295;
}

/**
 * Sort `keys[from..]` in place by UTF-16 code units, as Array.prototype.sort does. A schema object has a
 * handful of keys and a surface tens of thousands of objects: insertion sort allocates nothing, where
 * the built-in sort copies every array it sorts; a long key list still goes to the built-in.
 */
function sortFrom(keys: string[], from: number): void {
  if (keys.length - from > 16) {
    const sorted = keys.slice(from).sort();
    for (let i = 0; i < sorted.length; i++) keys[from + i] = sorted[i]!;
    return;
  }
  for (let i = from + 1; i < keys.length; i++) {
    const key = keys[i]!;
    let j = i - 1;
    for (; j >= from && keys[j]! > key; j--) keys[j + 1] = keys[j]!;
    keys[j + 1] = key;
  }
}

/** Set a property; a key named "__proto__" stays an ordinary property instead of setting the prototype. */
function put(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/**
 * The canonical form of a JSON value for native JSON.stringify (without a replacer, so it keeps its fast
 * path — a replacer function costs a call per value and made this 1.5× slower): objects whose keys are not
 * in order are copied as ordinary objects with sorted keys, `required` lists become sets, and everything
 * already canonical is shared, not copied. `strings` receives every string value in the order
 * JSON.stringify will write it.
 */
function canonicalCopy(value: unknown, strings: string[] | undefined, key?: string): unknown {
  if (typeof value === 'string') {
    strings?.push(value);
    return value;
  }
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    // Only an object's "required" is a set: items of an array are visited without a key.
    const items = key !== undefined && SET_KEYS.has(key) ? asSet(value) : value;
    let out = items;
    for (let i = 0; i < items.length; i++) {
      const item: unknown = items[i];
      const copy = canonicalCopy(item, strings);
      if (copy === item) continue;
      if (out === items) out = items.slice();
      out[i] = copy;
    }
    return out;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  let sorted = true;
  for (let i = 1; i < keys.length && sorted; i++) sorted = keys[i - 1]! <= keys[i]!;
  if (!sorted) {
    // Object.keys gives the array-index keys first, already in numeric order: sort only the others.
    let indexes = 0;
    while (indexes < keys.length && isArrayIndex(keys[indexes]!)) indexes++;
    sortFrom(keys, indexes);
  }
  let out: Record<string, unknown> | undefined = sorted ? undefined : {};
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    const child = record[k];
    const copy = canonicalCopy(child, strings, k);
    if (out === undefined) {
      if (copy === child) continue;
      // The first child that changed: copy the keys before it (unchanged) and go on copying.
      out = {};
      for (let j = 0; j < i; j++) put(out, keys[j]!, record[keys[j]!]);
    }
    put(out, k, copy);
  }
  return out ?? record;
}

/**
 * The fields of a tool that a model sees and the linter reads, canonicalised (the object the tool hash is
 * computed over). `_meta` and unknown keys are excluded: they never change a score, so they must not
 * create a new version.
 */
export function canonicalTool(tool: Tool): Record<string, unknown> {
  return JSON.parse(canonicalToolJson(tool)) as Record<string, unknown>;
}

const normalized = new WeakMap<Tool, string>();

/** The tool's description normalised, computed once per tool object (the hash and the rules both read it). */
export function normalizedDescription(tool: Tool): string {
  let text = normalized.get(tool);
  if (text === undefined) normalized.set(tool, (text = tool.description === undefined ? '' : normalizeText(tool.description)));
  return text;
}

/**
 * Canonical JSON of the hashed fields (annotations, description, inputSchema, name, outputSchema, title —
 * in sorted key order), with the input schema serialised once (see canonicalJsonOnce).
 */
export function canonicalToolJson(tool: Tool): string {
  const parts: string[] = [];
  if (tool.annotations !== undefined) parts.push(`"annotations":${canonicalJson(tool.annotations, 'annotations')}`);
  parts.push(`"description":${tool.description === undefined ? 'null' : JSON.stringify(normalizedDescription(tool))}`);
  parts.push(`"inputSchema":${canonicalJsonOnce(tool.inputSchema)}`);
  parts.push(`"name":${JSON.stringify(tool.name)}`);
  if (tool.outputSchema !== undefined) parts.push(`"outputSchema":${canonicalJson(tool.outputSchema, 'outputSchema')}`);
  if (tool.title !== undefined) parts.push(`"title":${JSON.stringify(normalizeText(tool.title))}`);
  return `{${parts.join(',')}}`;
}
