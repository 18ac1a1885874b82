// How rules v2 reads an input schema: the parameters of the root and of its composition parts, what is
// known of each (through $ref and allOf/anyOf/oneOf variants), `required`, and what is malformed.
import { EXAMPLES, matchesLexicon, PARAM_FORMAT } from './lexicons.js';
import type { ParamFacts, SchemaProblem } from './facts.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

const CONSTRAINT_KEYS = ['enum', 'const', 'format', 'pattern', 'examples', 'example', 'default', 'minLength', 'maxLength'];
const REF_BUDGET = 32;

/** Resolve a local `$ref` (`#/$defs/X`, `#/definitions/X`, any JSON pointer) against the root schema. */
export function resolveRef(schema: Json, root: Json): Json {
  let node = schema;
  for (let i = 0; i < REF_BUDGET && typeof node.$ref === 'string' && node.$ref.startsWith('#'); i++) {
    let target: unknown = root;
    for (const raw of node.$ref.slice(1).split('/').filter((p) => p !== '')) {
      let part: string;
      try {
        part = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      } catch {
        return node; // a malformed escape: leave the reference unresolved
      }
      target = isObject(target) ? target[part] : undefined;
    }
    if (!isObject(target)) return node;
    const { $ref: _ref, ...rest } = node;
    node = { ...target, ...rest };
  }
  return node;
}

/** Most schema nodes read for one parameter (the node and its variants): a parameter is read in bounded time. */
const NODE_BUDGET = 64;
/** Deepest allOf/anyOf/oneOf nesting read for one parameter or for the root. */
const COMPOSITION_DEPTH = 8;
const COMPOSITION = ['allOf', 'anyOf', 'oneOf'] as const;
/** Most parts of the root schema (itself and its allOf/anyOf/oneOf parts) read for parameters. */
const ROOT_BUDGET = 64;

/**
 * The schema nodes that describe one value: the node itself (its `$ref` resolved), then the variants of
 * its allOf/anyOf/oneOf, depth first, each resolved in turn. A `$ref` already on the path is not followed
 * again (cycles end), and at most NODE_BUDGET nodes are read.
 */
function valueNodes(raw: unknown, root: Json, out: Json[] = [], depth = 0, refs: string[] = []): Json[] {
  if (!isObject(raw) || depth > COMPOSITION_DEPTH || out.length >= NODE_BUDGET) return out;
  let node = raw;
  if (typeof raw.$ref === 'string') {
    if (refs.includes(raw.$ref)) return out;
    refs = [...refs, raw.$ref];
    node = resolveRef(raw, root);
  }
  out.push(node);
  for (const key of COMPOSITION) {
    const variants = node[key];
    if (Array.isArray(variants)) for (const v of variants) valueNodes(v, root, out, depth + 1, refs);
  }
  return out;
}

/** Which of the keys rules v2 looks for a schema node has: 1 a constraint or example key, 2 an example key, 4 a default. */
function constraintBits(node: Json): number {
  let bits = 0;
  for (const key of CONSTRAINT_KEYS) if (node[key] !== undefined) bits |= 1;
  if (node.examples !== undefined || node.example !== undefined) bits |= 2;
  if (node.default !== undefined) bits |= 4;
  return bits;
}

/** Facts of a parameter from its schema in every part that defines it (usually one), read as one list of nodes. */
export function paramFacts(name: string, raws: unknown[], root: Json): ParamFacts {
  const nodes: Json[] = [];
  for (const raw of raws) valueNodes(raw, root, nodes);
  const schema = nodes[0] ?? {};
  const types: string[] = [];
  const addType = (t: string) => {
    if (!types.includes(t)) types.push(t);
  };
  let bits = 0;
  let description: string | undefined;
  let exampleInDescription = false;
  let formatInDescription = false;
  let stringEnum = false;
  for (const node of nodes) {
    bits |= constraintBits(node);
    const t = node.type;
    if (typeof t === 'string') addType(t);
    else if (Array.isArray(t)) for (const x of t) if (typeof x === 'string') addType(x);
    if (Array.isArray(node.enum) && node.enum.length > 0 && node.enum.every((v) => typeof v === 'string')) stringEnum = true;
    if (typeof node.description === 'string') {
      const d = node.description.trim();
      if (d === '') continue;
      description ??= d;
      exampleInDescription ||= matchesLexicon(d, EXAMPLES);
      formatInDescription ||= matchesLexicon(d, PARAM_FORMAT);
    }
  }
  // An enum of strings with no type is a string parameter (as in v1).
  if (types.length === 0 && stringEnum) types.push('string');
  let nonNull = 0;
  let firstNonNull: string | undefined;
  for (const t of types) {
    if (t === 'null') continue;
    if (nonNull++ === 0) firstNonNull = t;
  }
  return {
    name,
    schema,
    types,
    description,
    isString: types.includes('string') && !types.includes('object') && !types.includes('array'),
    isBoolean: nonNull === 1 && firstNonNull === 'boolean',
    constrained: (bits & 1) !== 0,
    hasExample: (bits & 2) !== 0,
    hasDefault: (bits & 4) !== 0,
    exampleInDescription,
    formatInDescription,
  };
}

/** The parameters of an input schema: `properties` of the root and of its allOf/anyOf/oneOf parts, and what is malformed. */
export interface RootParts {
  /** Parameter name → its schema in each part that defines it, root first. */
  props: Map<string, unknown[]>;
  required: Set<string> | undefined;
  problems: SchemaProblem[];
  additionalPropertiesFalse: boolean;
}

export function rootParts(inputSchema: Json): RootParts {
  const parts: RootParts = { props: new Map(), required: undefined, problems: [], additionalPropertiesFalse: false };
  let budget = ROOT_BUDGET;
  // `all`: every part on the way is the root or an allOf part, so its `required` applies to every call.
  const visit = (raw: unknown, path: string, all: boolean, depth: number, refs: string[]): void => {
    if (!isObject(raw) || depth > COMPOSITION_DEPTH || budget-- <= 0) return;
    let node = raw;
    if (typeof raw.$ref === 'string') {
      if (refs.includes(raw.$ref)) return;
      refs = [...refs, raw.$ref];
      node = resolveRef(raw, inputSchema);
    }
    if (depth === 0) parts.additionalPropertiesFalse = node.additionalProperties === false;
    const props = node.properties;
    if (props !== undefined) {
      if (!isObject(props)) {
        parts.problems.push({ field: `${path}.properties`, problem: `properties is ${Array.isArray(props) ? 'an array' : `a ${props === null ? 'null' : typeof props}`}, not an object` });
      } else {
        // In name order: findings list parameters the same way whatever order the schema uses.
        for (const key of Object.keys(props).sort()) {
          const v = props[key];
          if (!isObject(v) && typeof v !== 'boolean') parts.problems.push({ field: `${path}.properties.${key}`, problem: `the schema of ${key} is ${Array.isArray(v) ? 'an array' : `a ${v === null ? 'null' : typeof v}`}, not an object` });
          const list = parts.props.get(key);
          if (list === undefined) parts.props.set(key, [v]);
          else list.push(v);
        }
      }
    }
    const req = node.required;
    if (req !== undefined) {
      if (!Array.isArray(req) || !req.every((r) => typeof r === 'string')) parts.problems.push({ field: `${path}.required`, problem: 'required is not an array of names' });
      // The names it does list still count.
      if (Array.isArray(req) && all) {
        parts.required ??= new Set();
        for (const r of req) if (typeof r === 'string') parts.required.add(r);
      }
    }
    for (const key of COMPOSITION) {
      const variants = node[key];
      if (Array.isArray(variants)) variants.forEach((v, i) => visit(v, `${path}.${key}[${i}]`, all && key === 'allOf', depth + 1, refs));
    }
  };
  visit(inputSchema, 'inputSchema', true, 0, []);
  return parts;
}
