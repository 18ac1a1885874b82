import { resolveRef } from '../v2/schema-params.js';
import type { ParamFacts } from '../v2/facts.js';
import { PLACEHOLDER_SHAPE, PLACEHOLDER_VALUES } from './lexicons.js';

// Structures earn only what they say (issue 25, class 2). An example earns only when it is a valid value of
// its parameter and not a placeholder; `examples: ["string"]` (the type name), "example" or "foo" tell a
// model nothing about the value. A constraint guides a value; a placeholder example does not.

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const COMPOSITION = ['anyOf', 'oneOf', 'allOf'];

/** The node of a parameter and its composition variants (one level, `$ref` resolved). */
export function paramNodes(p: ParamFacts, root: Json): Json[] {
  const out = [p.schema];
  for (const key of COMPOSITION) {
    const vs = p.schema[key];
    if (Array.isArray(vs)) for (const v of vs) if (isObject(v)) out.push(resolveRef(v, root));
  }
  return out;
}

const typeOf = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v);

/** The value fits the node's type, enum and string bounds (what a model would be told to send). */
function fits(v: unknown, node: Json): boolean {
  const types = typeof node.type === 'string' ? [node.type] : Array.isArray(node.type) ? (node.type as unknown[]) : [];
  const t = typeOf(v);
  if (types.length > 0 && !types.some((x) => x === t || (x === 'number' && t === 'integer'))) return false;
  if (Array.isArray(node.enum) && !node.enum.some((e) => JSON.stringify(e) === JSON.stringify(v))) return false;
  if (typeof v === 'string') {
    if (typeof node.minLength === 'number' && v.length < node.minLength) return false;
    if (typeof node.maxLength === 'number' && v.length > node.maxLength) return false;
    if (typeof node.pattern === 'string' && node.pattern.length <= 200 && v.length <= 200) {
      try {
        if (!new RegExp(node.pattern, 'u').test(v)) return false;
      } catch {
        // A pattern JavaScript cannot read decides nothing.
      }
    }
  }
  return true;
}

/** A value that stands in for one: the type name, "example", "foo", `<owner>`, "your_api_key", the parameter's own name, an empty string. */
export function isPlaceholder(v: unknown, paramName: string): boolean {
  if (typeof v === 'string') {
    const s = v.trim().toLowerCase();
    if (s === '' || PLACEHOLDER_VALUES.has(s) || PLACEHOLDER_SHAPE.test(s)) return true;
    const flat = s.replace(/[\s_-]/g, '');
    return flat === paramName.toLowerCase().replace(/[\s_-]/g, '') || PLACEHOLDER_VALUES.has(flat);
  }
  if (Array.isArray(v)) return v.length === 0 || v.every((x) => isPlaceholder(x, paramName));
  if (isObject(v)) return Object.keys(v).length === 0;
  return false;
}

/** The first example of the parameter that is a valid, non-placeholder value (from `examples` or `example`), or undefined. */
export function goodExample(p: ParamFacts, root: Json): { value: unknown } | undefined {
  for (const node of paramNodes(p, root)) {
    const candidates = Array.isArray(node.examples) ? node.examples : node.example !== undefined ? [node.example] : [];
    for (const v of candidates) if (!isPlaceholder(v, p.name) && fits(v, node)) return { value: v };
  }
  return undefined;
}

/** The parameter has an example, but none is a valid non-placeholder value. */
export function onlyPlaceholderExamples(p: ParamFacts, root: Json): boolean {
  return p.hasExample && goodExample(p, root) === undefined;
}

const GUIDE_KEYS = ['enum', 'const', 'format', 'pattern', 'default', 'minLength', 'maxLength'];

/** The parameter tells a model what to put in it: a constraint, a good example, or one in its description. */
export function guidesValueV3(p: ParamFacts, root: Json): boolean {
  if (p.exampleInDescription || p.formatInDescription) return true;
  if (paramNodes(p, root).some((n) => GUIDE_KEYS.some((k) => n[k] !== undefined))) return true;
  return goodExample(p, root) !== undefined;
}

/** The root of a tool's input schema (what `$ref`s resolve against). */
export const schemaRoot = (inputSchema: unknown): Json => (isObject(inputSchema) ? inputSchema : {});
