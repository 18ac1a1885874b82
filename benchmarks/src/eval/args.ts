import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ArgError } from '../contracts/eval.js';
import type { ProposedCall } from '../contracts/provider.js';

/**
 * Limits that keep a hostile input schema from hanging or exhausting the validator: beyond any of them
 * the schema is unreadable (excluded from argValidity and counted), never compiled.
 */
export const SCHEMA_LIMITS = {
  /** JSON text of the schema. */
  maxBytes: 256 * 1024,
  /** Objects and arrays in the schema. */
  maxNodes: 20_000,
  maxDepth: 64,
  /** A `pattern` longer than this is not run. */
  maxPatternLength: 1_000,
} as const;

/** A tool whose arguments can be checked: name and input schema. */
export interface CheckableTool {
  name: string;
  inputSchema: Record<string, unknown>;
}

/** Outcome of checking one call's arguments: valid, invalid with errors, or null (schema unreadable / tool unknown). */
export interface ArgCheck {
  valid: boolean | null;
  errors: ArgError[];
}

/** Argument validation of the tools of a run, compiled lazily once per tool. */
export interface ArgChecker {
  /** Check a call's arguments against its tool's input schema. */
  check(call: ProposedCall): ArgCheck;
  /** Check a plain arguments value against a tool's schema (task-set lint). */
  checkValue(tool: string, args: unknown): ArgCheck;
  /** Compile every schema and list the unreadable ones with the reason. */
  unreadable(): { tool: string; reason: string }[];
}

type Compiled = { ok: true; validate: ValidateFunction } | { ok: false; reason: string };

// Nested quantifiers (a quantified group that itself contains a quantifier) and back-references are the
// shapes of catastrophic backtracking: such a pattern is not run (the schema counts as unreadable).
const NESTED_QUANTIFIER = /\((?:[^()\\]|\\.)*[*+}](?:[^()\\]|\\.)*\)\s*[*+{]/;
const BACKREFERENCE = /\\[1-9]/;

/** Why a `pattern` must not be run, or null when it is safe enough. */
export function unsafePattern(pattern: string): string | null {
  if (pattern.length > SCHEMA_LIMITS.maxPatternLength) return `pattern longer than ${SCHEMA_LIMITS.maxPatternLength} characters`;
  if (NESTED_QUANTIFIER.test(pattern)) return `pattern with nested quantifiers (catastrophic backtracking): ${pattern.slice(0, 60)}`;
  if (BACKREFERENCE.test(pattern)) return `pattern with a back-reference: ${pattern.slice(0, 60)}`;
  return null;
}

/** Structural check before compiling: size, nodes, depth, patterns. Null when the schema may be compiled. */
export function schemaProblem(schema: unknown): string | null {
  let text: string | undefined;
  try {
    text = JSON.stringify(schema);
  } catch {
    return 'not serialisable as JSON (a cycle)';
  }
  if (text === undefined) return 'not a JSON value';
  if (text.length > SCHEMA_LIMITS.maxBytes) return `larger than ${SCHEMA_LIMITS.maxBytes} bytes`;
  let nodes = 0;
  const stack: [unknown, number, string | undefined][] = [[schema, 1, undefined]];
  while (stack.length > 0) {
    const [v, depth, key] = stack.pop()!;
    if (typeof v === 'string' && key === 'pattern') {
      const why = unsafePattern(v);
      if (why) return why;
    }
    if (v === null || typeof v !== 'object') continue;
    if (++nodes > SCHEMA_LIMITS.maxNodes) return `more than ${SCHEMA_LIMITS.maxNodes} nodes`;
    if (depth > SCHEMA_LIMITS.maxDepth) return `nested deeper than ${SCHEMA_LIMITS.maxDepth}`;
    if (Array.isArray(v)) for (const x of v) stack.push([x, depth + 1, undefined]);
    else
      for (const [k, x] of Object.entries(v)) {
        if (key === 'patternProperties') {
          const why = unsafePattern(k);
          if (why) return why;
        }
        stack.push([x, depth + 1, k]);
      }
  }
  return null;
}

type Dialect = 'draft-07' | '2020-12';

/**
 * The dialect a schema declares: 2020-12 (and 2019-09, read as 2020-12) or draft-04/06/07 (read as
 * draft-07). Without `$schema`, MCP's default 2020-12 is tried first and draft-07 second (older servers
 * write draft-07 shapes such as tuple `items` without declaring it).
 */
export function dialectsOf(schema: Record<string, unknown>): Dialect[] {
  const declared = typeof schema.$schema === 'string' ? schema.$schema : '';
  if (/2020-12|2019-09/.test(declared)) return ['2020-12'];
  if (/draft-0[4-7]/.test(declared)) return ['draft-07'];
  return ['2020-12', 'draft-07'];
}

const OPTIONS = { strict: false, allErrors: true, validateFormats: false, logger: false, inlineRefs: true } as const;

/**
 * Compiled validators kept across checkers (runs) by the schema's JSON text: compiling is most of what a
 * short run spends on arguments (Ajv generates and evaluates code per schema: ~1–10 ms each; the lexical
 * baseline's 5 000-trial bench compiled 103 schemas per run). Only schemas that name no resource — no
 * `$id`, `$anchor`, `$dynamicAnchor` or `$recursiveAnchor` — are shared: those register nothing an
 * instance could hold against another schema. Bounded: past SHARED_LIMIT schemas the instances and the map
 * start over (Ajv keeps every schema it compiled).
 */
const SHARED_LIMIT = 2_000;
const sharedCompiled = new Map<string, Compiled>();
const sharedAjv: { v07?: Ajv | undefined; v2020?: Ajv2020 | undefined } = {};
const SHAREABLE = (text: string): boolean => !/"\$(?:id|anchor|dynamicAnchor|recursiveAnchor)"/.test(text);
function resetShared(): void {
  sharedCompiled.clear();
  sharedAjv.v07 = undefined;
  sharedAjv.v2020 = undefined;
}

/**
 * A checker for the tools of a run. Ajv (draft-07 and 2020-12), internal `$ref` resolved by Ajv, formats
 * not checked (no ajv-formats: a format mismatch is not an argument error here), unknown keywords ignored.
 * A schema that fails the structural limits, does not compile (invalid, external `$ref`, bad regex,
 * stack overflow) is unreadable: its calls get `valid: null`.
 */
export function createArgChecker(tools: readonly CheckableTool[]): ArgChecker {
  const byName = new Map(tools.map((t) => [t.name, t] as const));
  const compiled = new Map<string, Compiled>();
  let ajv07: Ajv | undefined;
  let ajv2020: Ajv2020 | undefined;

  const compile = (name: string): Compiled | undefined => {
    const known = compiled.get(name);
    if (known) return known;
    const tool = byName.get(name);
    if (!tool) return undefined;
    let result: Compiled;
    const problem = schemaProblem(tool.inputSchema);
    if (problem) result = { ok: false, reason: problem };
    else {
      const text = JSON.stringify(tool.inputSchema);
      const shared = SHAREABLE(text) ? sharedCompiled.get(text) : undefined;
      if (shared) result = shared;
      else {
        const { $schema: _drop, ...body } = tool.inputSchema;
        // A schema that names no resource ($id, anchors) compiles the same in any instance: those go to the
        // process's shared instances and are kept by their JSON text for later runs; the others to this
        // checker's own, as before (two schemas with one $id must not meet in one instance).
        const own = !SHAREABLE(text);
        if (!own && sharedCompiled.size >= SHARED_LIMIT) resetShared();
        let reason = '';
        result = { ok: false, reason: '' };
        for (const dialect of dialectsOf(tool.inputSchema)) {
          try {
            const ajv = own ? (dialect === '2020-12' ? (ajv2020 ??= new Ajv2020(OPTIONS)) : (ajv07 ??= new Ajv(OPTIONS))) : dialect === '2020-12' ? (sharedAjv.v2020 ??= new Ajv2020(OPTIONS)) : (sharedAjv.v07 ??= new Ajv(OPTIONS));
            result = { ok: true, validate: ajv.compile(body) };
            break;
          } catch (err) {
            reason ||= `does not compile (${dialect}): ${err instanceof Error ? err.message.slice(0, 200) : String(err)}`;
          }
        }
        if (!result.ok) result = { ok: false, reason };
        if (!own) sharedCompiled.set(text, result);
      }
    }
    compiled.set(name, result);
    return result;
  };

  const checkValue = (name: string, args: unknown): ArgCheck => {
    const c = compile(name);
    if (!c || !c.ok) return { valid: null, errors: [] };
    let ok: boolean;
    try {
      ok = c.validate(args) as boolean;
    } catch (err) {
      return { valid: null, errors: [{ argument: '', kind: 'not_allowed', keyword: 'validator', message: `validation failed: ${String(err).slice(0, 200)}` }] };
    }
    return ok ? { valid: true, errors: [] } : { valid: false, errors: argErrors(c.validate.errors ?? []) };
  };

  return {
    check(call) {
      const c = compile(call.name);
      if (!c || !c.ok) return { valid: null, errors: [] };
      if (call.parseError !== null) {
        return { valid: false, errors: [{ argument: '', kind: 'not_json', keyword: 'json', message: `arguments are not JSON: ${call.parseError}` }] };
      }
      return checkValue(call.name, call.arguments === undefined ? {} : call.arguments);
    },
    checkValue,
    unreadable() {
      const out: { tool: string; reason: string }[] = [];
      for (const t of tools) {
        const c = compile(t.name);
        if (c && !c.ok) out.push({ tool: t.name, reason: c.reason });
      }
      return out;
    },
  };
}

const pointer = (path: string): string => path.replace(/^\//, '');
const join = (path: string, key: string): string => pointer(`${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);

/** Ajv errors as argument errors: which argument (JSON pointer without the leading slash) and how, de-duplicated. */
export function argErrors(errors: readonly ErrorObject[]): ArgError[] {
  const out: ArgError[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    let err: ArgError;
    const params = e.params as Record<string, unknown>;
    if (e.keyword === 'required') {
      const arg = join(e.instancePath, String(params.missingProperty));
      err = { argument: arg, kind: 'missing', keyword: 'required', message: `missing required argument "${arg}"` };
    } else if (e.keyword === 'type') {
      const arg = pointer(e.instancePath);
      err = { argument: arg, kind: 'wrong_type', keyword: 'type', message: `argument "${arg}" must be ${String(params.type)}` };
    } else if (e.keyword === 'additionalProperties' || e.keyword === 'unevaluatedProperties') {
      const arg = join(e.instancePath, String(params.additionalProperty ?? params.unevaluatedProperty));
      err = { argument: arg, kind: 'not_allowed', keyword: e.keyword, message: `argument "${arg}" is not in the schema` };
    } else {
      const arg = pointer(e.instancePath);
      err = { argument: arg, kind: 'not_allowed', keyword: e.keyword, message: `argument "${arg}" ${e.message ?? 'is not allowed'}` };
    }
    const key = `${err.argument}\u0000${err.kind}\u0000${err.keyword}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push(err);
    }
  }
  return out;
}
