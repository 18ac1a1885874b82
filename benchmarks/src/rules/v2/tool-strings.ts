import type { Tool } from '../../contracts/tool.js';

/** One string of a tool: a value or an object key, where it sits, and the top-level field it belongs to. */
export interface ToolString {
  /** The tool's top-level field (`description`, `inputSchema`, `annotations`, `_meta`, an unknown field, …). */
  field: string;
  /** Dotted path from the tool (`inputSchema.properties.note.description`, `annotations.title`, `_meta.x[0]`). */
  path: string;
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

/**
 * Every string of a tool, in canonical order (keys sorted at every level, arrays in order): the name, the
 * title, the description, every string and every key (but JSON Schema keywords) inside the input and output
 * schemas, the annotations, `_meta` and any unknown field. A model may be shown any of them (clients differ in what they pass on), so
 * a security rule reads them all. The parser bounds depth (64) and size (1 MiB), so the walk is linear.
 */
export function toolStrings(tool: Tool): ToolString[] {
  const out: ToolString[] = [];
  const walk = (value: unknown, field: string, path: string, parentKey: string): void => {
    if (typeof value === 'string') {
      out.push({ field, path, text: value, key: false, parameter: false });
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) walk(value[i], field, `${path}[${i}]`, '');
      return;
    }
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record).sort()) {
      const at = path + segment(key);
      // A keyword is vocabulary, except where it names a parameter (`properties: { title: … }`).
      const parameter = parentKey === 'properties' && field !== '_meta';
      if (parameter || !KEYWORDS.has(key)) out.push({ field, path: at, text: key, key: true, parameter });
      walk(record[key], field, at, key);
    }
  };
  for (const field of Object.keys(tool).sort()) {
    if (!['name', 'title', 'description', 'inputSchema', 'outputSchema', 'annotations', '_meta'].includes(field)) {
      out.push({ field, path: field, text: field, key: true, parameter: false });
    }
    walk(tool[field], field, field, '');
  }
  return out;
}
