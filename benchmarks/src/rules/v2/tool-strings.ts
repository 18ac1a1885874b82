import type { Tool } from '../../contracts/tool.js';

/** One string of a tool: a value or an object key, and the top-level field it belongs to. */
export interface ToolString {
  /** The tool's top-level field (`description`, `inputSchema`, `annotations`, `_meta`, an unknown field, …). */
  field: string;
  text: string;
  /** True for an object key (a property name), false for a string value. */
  key: boolean;
  /** A key of a `properties` object: the name of one of the tool's parameters (at any depth). */
  parameter: boolean;
}

// Keys that are JSON Schema keywords or MCP annotation names: fixed vocabulary, no text of the server's.
// A key outside this list (a property name, a vendor extension, a `_meta` key) is a string of the tool.
const KEYWORDS = new Set(
  `$schema $id $ref $defs $comment $anchor $dynamicRef $dynamicAnchor $vocabulary definitions type properties
   patternProperties additionalProperties propertyNames unevaluatedProperties required dependentRequired
   dependentSchemas dependencies items prefixItems additionalItems contains minContains maxContains
   unevaluatedItems minItems maxItems uniqueItems enum const default examples example title description format
   pattern minLength maxLength minimum maximum exclusiveMinimum exclusiveMaximum multipleOf minProperties
   maxProperties anyOf oneOf allOf not if then else readOnly writeOnly deprecated nullable contentMediaType
   contentEncoding contentSchema readOnlyHint destructiveHint idempotentHint openWorldHint`.split(/\s+/),
);

const segment = (key: string): string => (/^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`);
const HASHED_OR_KNOWN = new Set(['name', 'title', 'description', 'inputSchema', 'outputSchema', 'annotations', '_meta']);

/**
 * The keys of an object in the order `Object.keys(o).sort()` gives (UTF-16 code units), sorted in place by
 * insertion: a schema object has a handful of keys and a surface thousands of objects, and the built-in
 * sort copies every array it sorts (it was a tenth of all a v2 lint allocated). A long list goes to it.
 * (surface/canonical.ts's sortFrom does the same; it is not shared because v1's content hash covers that
 * file, and v1 is frozen.)
 */
function sortedKeys(o: object): string[] {
  const keys = Object.keys(o);
  if (keys.length > 16) return keys.sort();
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i]!;
    let j = i - 1;
    for (; j >= 0 && keys[j]! > key; j--) keys[j + 1] = keys[j]!;
    keys[j + 1] = key;
  }
  return keys;
}

/**
 * The one walk behind toolStrings, stringPath and stringPaths: every string in canonical order; with `want`,
 * it also keeps the path and stops at string number `want` (a path is built only when a finding names one);
 * with `paths`, it keeps every string's path there.
 */
function walkTool(tool: Tool, out: ToolString[] | undefined, want?: number, paths?: string[]): string | undefined {
  const segments: string[] = [];
  const track = want !== undefined || paths !== undefined;
  let count = 0;
  let found: string | undefined;
  const emit = (field: string, text: string, key: boolean, parameter: boolean): boolean => {
    out?.push({ field, text, key, parameter });
    paths?.push(segments.join(''));
    if (want !== undefined && count === want) found = segments.join('');
    count++;
    return found !== undefined;
  };
  const walk = (value: unknown, field: string, parentKey: string): boolean => {
    if (typeof value === 'string') return emit(field, value, false, false);
    if (typeof value !== 'object' || value === null) return false;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        if (track) segments.push(`[${i}]`);
        if (walk(value[i], field, '')) return true;
        if (track) segments.pop();
      }
      return false;
    }
    const record = value as Record<string, unknown>;
    for (const key of sortedKeys(record)) {
      if (track) segments.push(segment(key));
      // A keyword is vocabulary, except where it names a parameter (`properties: { title: … }`).
      const parameter = parentKey === 'properties' && field !== '_meta';
      if ((parameter || !KEYWORDS.has(key)) && emit(field, key, true, parameter)) return true;
      if (walk(record[key], field, key)) return true;
      if (track) segments.pop();
    }
    return false;
  };
  for (const field of sortedKeys(tool)) {
    if (track) segments.push(field);
    if (!HASHED_OR_KNOWN.has(field) && emit(field, field, true, false)) break;
    if (walk(tool[field], field, '')) break;
    if (track) segments.pop();
  }
  return found;
}

/**
 * Every string of a tool, in canonical order (keys sorted at every level, arrays in order): the name, the
 * title, the description, every string and every key (but JSON Schema keywords) inside the input and output
 * schemas, the annotations, `_meta` and any unknown field. A model may be shown any of them (clients differ
 * in what they pass on), so a security rule reads them all. The parser bounds depth (64) and size (1 MiB),
 * so the walk is linear.
 */
export function toolStrings(tool: Tool): ToolString[] {
  const out: ToolString[] = [];
  walkTool(tool, out);
  return out;
}

/** Dotted path of string number `index` of toolStrings(tool) (`inputSchema.properties.note.description`, `_meta.x[0]`). */
export function stringPath(tool: Tool, index: number): string {
  return walkTool(tool, undefined, index) ?? '';
}

/** The dotted path of every string of toolStrings(tool), in one walk (for a reader that needs many of them). */
export function stringPaths(tool: Tool): string[] {
  const paths: string[] = [];
  walkTool(tool, undefined, undefined, paths);
  return paths;
}
