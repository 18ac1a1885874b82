import { InputError } from '../errors.js';
import type { Surface, Tool } from '../contracts/tool.js';
import { findDuplicateKey } from './json-keys.js';
import { findUnstorableText, mayHoldUnstorableText, unstorableTextError } from '../well-formed.js';
import { MAX_SURFACE_BYTES, MAX_SURFACE_TOOLS, MAX_TOOL_DEPTH } from './limits.js';

/** Limits applied while parsing; the defaults are the public ones (1 MiB, 200 tools). */
export interface ParseLimits {
  maxBytes?: number;
  maxTools?: number;
  /** Set by {@link parseSurfaceText} when its text cannot hold an unpaired surrogate or a NUL (the walk is skipped). */
  storableText?: boolean;
}

/** A JSON path cut to a readable length (a 200-level path says no more than its start). */
function shorten(path: string): string {
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

let encoder: InstanceType<typeof TextEncoder> | undefined;

/** UTF-8 byte length (TextEncoder is native and much faster than a JS loop on a 1 MiB body). */
export function utf8Length(text: string): number {
  if (text.length > 4096) return (encoder ??= new TextEncoder()).encode(text).length;
  return utf8LengthLoop(text);
}

function utf8LengthLoop(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/** Parse a `tools/list` body given as text (object with `tools`, JSON-RPC envelope, or bare array). */
export function parseSurfaceText(text: string, limits: ParseLimits = {}): Surface {
  const maxBytes = limits.maxBytes ?? MAX_SURFACE_BYTES;
  // A string of n UTF-16 units is at most 3n bytes: skip the count when it cannot exceed the limit.
  if (text.length * 3 > maxBytes) {
    const bytes = utf8Length(text);
    if (bytes > maxBytes) {
      throw new InputError('payload_too_large', `surface is ${bytes} bytes; the limit is ${maxBytes} bytes`, {
        path: '$',
        limit: maxBytes,
        actual: bytes,
      });
    }
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new InputError('invalid_json', `surface is not valid JSON: ${reason}`, { path: '$' });
  }
  // JSON.parse keeps the last of two equal keys; other parsers keep the first. Which description a model
  // is shown is then up to its client, so such a surface cannot be scored: it is refused where it repeats.
  const duplicate = findDuplicateKey(text);
  if (duplicate !== undefined) {
    throw new InputError(
      'duplicate_key',
      `key "${shorten(duplicate.key)}" appears twice in one object at ${shorten(duplicate.path)}; parsers disagree on which one counts, so remove one`,
      { path: shorten(duplicate.path), key: duplicate.key, position: duplicate.position },
    );
  }
  const storableText = !mayHoldUnstorableText(text);
  return parseSurfaceValue(value, { ...limits, maxBytes: Number.POSITIVE_INFINITY, storableText });
}

/**
 * Refuse a key or string of the tools that can be neither stored nor shown (well-formed.ts): an unpaired
 * UTF-16 surrogate (`unpaired_surrogate`) or a NUL (`nul_character`), at its JSON path. Without this a NUL
 * in a tool name was kept (the version's `json` column takes it) and every lint of it failed in PostgreSQL.
 */
function checkStorableText(tools: unknown[], path: string): void {
  const bad = findUnstorableText(tools.map((t, i): [unknown, string] => [t, `${path}[${i}]`]));
  if (bad !== undefined) throw unstorableTextError({ path: shorten(bad.path), code: bad.code });
}

/** Locate the tools array in any of the three accepted shapes; return it with its JSON path. */
function locateTools(value: unknown): { tools: unknown[]; path: string } {
  if (Array.isArray(value)) return { tools: value, path: '$' };
  if (!isObject(value)) {
    throw new InputError('missing_tools', 'expected an object with "tools", a JSON-RPC response, or an array of tools', {
      path: '$',
      key: 'tools',
    });
  }
  if ('tools' in value) {
    if (!Array.isArray(value.tools)) {
      throw new InputError('missing_tools', '"tools" must be an array', { path: '$.tools', key: 'tools' });
    }
    return { tools: value.tools, path: '$.tools' };
  }
  if ('result' in value || 'jsonrpc' in value || 'error' in value) {
    if (isObject(value.error)) {
      const msg = typeof value.error.message === 'string' ? value.error.message : 'unknown error';
      throw new InputError('missing_tools', `JSON-RPC response carries an error, not tools: ${msg}`, {
        path: '$.error',
        key: 'result',
      });
    }
    const result = value.result;
    if (!isObject(result) || !Array.isArray(result.tools)) {
      throw new InputError('missing_tools', 'JSON-RPC response has no "result.tools" array', {
        path: '$.result.tools',
        key: 'tools',
      });
    }
    return { tools: result.tools, path: '$.result.tools' };
  }
  throw new InputError('missing_tools', 'no "tools" array found', { path: '$', key: 'tools' });
}

/** Throw `nesting_too_deep` when a tool nests deeper than {@link MAX_TOOL_DEPTH} levels. */
function checkToolDepth(raw: unknown, path: string, name: string | undefined): void {
  const deep = depthOf(raw, MAX_TOOL_DEPTH, path).failure;
  if (deep === undefined) return;
  const who = name === undefined ? path : `tool "${name}"`;
  throw new InputError('nesting_too_deep', `${who} nests deeper than ${MAX_TOOL_DEPTH} levels at ${shorten(deep.path)}`, {
    path: shorten(deep.path),
    limit: MAX_TOOL_DEPTH,
    ...(name === undefined ? {} : { names: [name] }),
  });
}

/** Optional fields of a tool for which `null` means "not sent" (serialisers that write None as null). */
const NULLABLE_FIELDS = ['description', 'title', 'outputSchema', 'annotations', '_meta'] as const;

/**
 * The path of the first number in `node` that is not finite (`1e999` parses to Infinity, which canonical
 * JSON writes as `null`, so it would hash like `null`), or undefined. Depth is already bounded by the parser.
 */
function nonFinitePath(node: unknown, path: string): string | undefined {
  if (typeof node === 'number') return Number.isFinite(node) ? undefined : path;
  if (typeof node !== 'object' || node === null) return undefined;
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) {
      const item: unknown = node[i];
      if (typeof item === 'object' || typeof item === 'number') {
        const found = nonFinitePath(item, path + segment(i));
        if (found !== undefined) return found;
      }
    }
    return undefined;
  }
  for (const key in node) {
    const item = (node as Record<string, unknown>)[key];
    if (typeof item === 'object' || typeof item === 'number') {
      const found = nonFinitePath(item, path + segment(key));
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

function checkTool(value: unknown, path: string, checkDepth = true): Tool {
  if (!isObject(value)) {
    throw new InputError('invalid_tool', `${path} must be an object`, { path });
  }
  let raw = value;
  // A null optional field is a field not sent: `"description": null` is a tool without a description (a
  // finding), not an unreadable surface. The copy leaves the field out, as the canonical form does.
  if (NULLABLE_FIELDS.some((key) => raw[key] === null)) {
    const copy: Record<string, unknown> = {};
    for (const key of Object.keys(raw)) {
      if (raw[key] === null && (NULLABLE_FIELDS as readonly string[]).includes(key)) continue;
      Object.defineProperty(copy, key, { value: raw[key], enumerable: true, writable: true, configurable: true });
    }
    raw = copy;
  }
  if (typeof raw.name !== 'string' || raw.name.trim() === '') {
    throw new InputError(
      'missing_tool_name',
      raw.name === undefined ? `${path} has no "name"` : `${path}.name must be a non-empty string`,
      { path: `${path}.name`, key: 'name' },
    );
  }
  for (const key of ['description', 'title'] as const) {
    if (raw[key] !== undefined && typeof raw[key] !== 'string') {
      throw new InputError('invalid_tool', `${path}.${key} must be a string (tool "${raw.name}")`, {
        path: `${path}.${key}`,
        key,
        names: [raw.name],
      });
    }
  }
  if (checkDepth) checkToolDepth(raw, path, raw.name);
  if (!isObject(raw.inputSchema)) {
    throw new InputError(
      'invalid_input_schema',
      raw.inputSchema === undefined
        ? `tool "${raw.name}" has no inputSchema (a JSON Schema object is required)`
        : `inputSchema of tool "${raw.name}" must be a JSON Schema object`,
      { path: `${path}.inputSchema`, key: 'inputSchema', names: [raw.name] },
    );
  }
  for (const key of ['outputSchema', 'annotations', '_meta'] as const) {
    if (raw[key] !== undefined && !isObject(raw[key])) {
      throw new InputError('invalid_tool', `${path}.${key} must be an object (tool "${raw.name}")`, {
        path: `${path}.${key}`,
        key,
        names: [raw.name],
      });
    }
  }
  const infinite = nonFinitePath(raw, path);
  if (infinite !== undefined) {
    throw new InputError(
      'invalid_json',
      `tool "${raw.name}" has a number that is not finite at ${shorten(infinite)} (a JSON number beyond ±1.8e308 overflows; write it as a string or a smaller number)`,
      { path: shorten(infinite), names: [raw.name] },
    );
  }
  return raw as Tool;
}

/** A JSON path segment for a key or an index. */
const segment = (key: string | number): string =>
  typeof key === 'number' ? `[${key}]` : /^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;

/**
 * How deep a value nests (the value itself is level 1), up to `limit` + 1, and where it first goes deeper
 * than `limit` or contains itself (`cycle`). Recursion stops past the limit, so a hostile document cannot
 * exhaust the stack; the path is built only on failure.
 */
export function depthOf(value: unknown, limit: number, path: string): { depth: number; failure?: { path: string; cycle: boolean } } {
  // Nearly every document is far shallower than the limit: one plain walk (no path, no set of ancestors)
  // gives its depth. A value that contains itself is infinitely deep, so it too exceeds the limit there
  // and is walked again below, which finds where and whether it is a cycle.
  const depth = plainDepth(value, 1, limit);
  if (depth <= limit) return { depth };
  const keys: (string | number)[] = [];
  const ancestors = new Set<object>();
  let max = 0;
  let cycle = false;
  const walk = (node: unknown, level: number): boolean => {
    if (typeof node !== 'object' || node === null) return false;
    if (ancestors.has(node)) return (cycle = true);
    if (level > max) max = level;
    if (level > limit) return true;
    ancestors.add(node);
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        keys.push(i);
        if (walk(node[i], level + 1)) return true;
        keys.pop();
      }
    } else {
      for (const key in node) {
        keys.push(key);
        if (walk((node as Record<string, unknown>)[key], level + 1)) return true;
        keys.pop();
      }
    }
    ancestors.delete(node);
    return false;
  };
  return walk(value, 1) ? { depth: max, failure: { path: path + keys.map(segment).join(''), cycle } } : { depth: max };
}


/** How deep `node` (at `level`) nests, up to the first level past `limit`, where the walk stops. */
function plainDepth(node: unknown, level: number, limit: number): number {
  if (typeof node !== 'object' || node === null) return level - 1;
  if (level > limit) return level;
  let max = level;
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length && max <= limit; i++) max = Math.max(max, plainDepth(node[i], level + 1, limit));
  } else {
    for (const key in node) {
      max = Math.max(max, plainDepth((node as Record<string, unknown>)[key], level + 1, limit));
      if (max > limit) break;
    }
  }
  return max;
}

/** Parse an already-decoded `tools/list` value; every field the server sent is kept. */
export function parseSurfaceValue(value: unknown, limits: ParseLimits = {}): Surface {
  const maxTools = limits.maxTools ?? MAX_SURFACE_TOOLS;
  const maxBytes = limits.maxBytes ?? MAX_SURFACE_BYTES;
  let storableText = limits.storableText ?? false;
  // Outside the tools a shallow envelope is all that is expected; this bound also keeps the
  // serialisation below from overflowing the stack.
  const docLimit = MAX_TOOL_DEPTH + 4;
  const measured = depthOf(value, docLimit, '$');
  const deep = measured.failure;
  // A tool sits at level 2 or deeper, so a document no deeper than MAX_TOOL_DEPTH + 1 has no deep tool.
  const checkTools = measured.depth > MAX_TOOL_DEPTH + 1;
  if (deep?.cycle) {
    throw new InputError('invalid_json', `surface cannot be serialised as JSON: it contains itself at ${shorten(deep.path)}`, {
      path: shorten(deep.path),
    });
  }
  if (deep !== undefined) {
    // Name the tool when the deep part is inside one (the usual case), with the per-tool limit.
    const located = (() => {
      try {
        return locateTools(value);
      } catch {
        return undefined;
      }
    })();
    located?.tools.forEach((raw, i) => {
      const name = isObject(raw) && typeof raw.name === 'string' ? raw.name : undefined;
      checkToolDepth(raw, `${located.path}[${i}]`, name);
    });
    throw new InputError('nesting_too_deep', `surface nests deeper than ${docLimit} levels at ${shorten(deep.path)}`, {
      path: shorten(deep.path),
      limit: docLimit,
    });
  }
  if (Number.isFinite(maxBytes)) {
    let text: string | undefined;
    try {
      text = JSON.stringify(value);
    } catch {
      throw new InputError('invalid_json', 'surface cannot be serialised as JSON', { path: '$' });
    }
    // JSON.stringify writes every unpaired surrogate as a \udXXX escape (and pairs as themselves), NUL as \u0000.
    storableText ||= text === undefined || (!text.includes('\\ud') && !text.includes('\\u0000'));
    const bytes = text === undefined ? 0 : utf8Length(text);
    if (bytes > maxBytes) {
      throw new InputError('payload_too_large', `surface is ${bytes} bytes; the limit is ${maxBytes} bytes`, {
        path: '$',
        limit: maxBytes,
        actual: bytes,
      });
    }
  }
  const { tools: rawTools, path } = locateTools(value);
  if (rawTools.length > maxTools) {
    throw new InputError('tool_limit_exceeded', `surface has ${rawTools.length} tools; the limit is ${maxTools}`, {
      path,
      limit: maxTools,
      actual: rawTools.length,
    });
  }
  if (!storableText) checkStorableText(rawTools, path);
  const tools: Tool[] = [];
  const firstIndex = new Map<string, number>();
  for (let i = 0; i < rawTools.length; i++) {
    const tool = checkTool(rawTools[i], `${path}[${i}]`, checkTools);
    const seen = firstIndex.get(tool.name);
    if (seen !== undefined) {
      throw new InputError(
        'duplicate_tool_name',
        `tool name "${tool.name}" is used twice (${path}[${seen}] and ${path}[${i}]); names must be unique`,
        { path: `${path}[${i}].name`, key: 'name', names: [tool.name], indexes: [seen, i] },
      );
    }
    firstIndex.set(tool.name, i);
    tools.push(tool);
  }
  return { tools };
}
