import { identifierTokens } from '../../../text/words.js';
import { finding, type ToolRule } from '../../types.js';
import type { ParamFacts } from '../../v2/facts.js';
import { evidentParam } from '../../v2/findings/param-no-description.js';
import { STOPWORDS } from '../../v2/lexicons.js';
import { resolveRef } from '../../v2/schema-params.js';
import type { ContextV3, ToolFactsV3 } from '../facts.js';
import { EVIDENT_PARAM_LAST_TOKENS_EXTRA, EVIDENT_PARAM_NAMES_EXTRA } from '../lexicons.js';
import { T3 } from '../thresholds.js';
import { schemaRoot } from '../values.js';

// Parameters (issue 25, class 5: `param_no_description` at "required" was right on 28 of 71 real
// findings). A parameter is not "undescribed" when a model can fill it without a description of its own:
// - v2's evident parameters (a name such as `path`, an enum, described fields or items);
// - an evident name beyond v2's list: a process id, a SQL string, paging (size, offset, cursor, token),
//   sorting, a time-out, a language (EVIDENT_PARAM_NAMES_EXTRA, `*_cursor`, `*_size` …);
// - a wrapper object whose fields are all evident or described, and an empty `params` object (nothing to fill);
// - a parameter the tool's own text about it explains (shared and content-free clauses left out): it names the parameter and, in the same clause, says
//   what it takes (at least two more words: "Pass the SQL to run as `statement`").
// Why: the finding is about what a model cannot know; each of these it can.

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const NESTED_DEPTH = 4;

/** A name a model reads without a description (v3's list or last token). */
function evidentName(name: string): boolean {
  if (EVIDENT_PARAM_NAMES_EXTRA.has(name.replace(/[-_.]/g, '').toLowerCase())) return true;
  const tokens = identifierTokens(name);
  return tokens.length > 1 && EVIDENT_PARAM_LAST_TOKENS_EXTRA.has(tokens.at(-1)!);
}

/** A node a model can fill: described, an enum or const, an empty object, or an object whose fields all are (by name too). */
function fillable(raw: unknown, root: Json, depth: number, name: string): boolean {
  if (!isObject(raw) || depth > NESTED_DEPTH) return false;
  const node = resolveRef(raw, root);
  if (typeof node.description === 'string' && node.description.trim() !== '') return true;
  if ((Array.isArray(node.enum) && node.enum.length > 0) || node.const !== undefined) return true;
  if (evidentName(name)) return true;
  if (isObject(node.properties)) {
    const entries = Object.entries(node.properties);
    return entries.every(([k, v]) => fillable(v, root, depth + 1, k));
  }
  if (node.items !== undefined) return fillable(node.items, root, depth + 1, name);
  return false;
}

const CLAUSE_END = /[.;\n。；]/;
const isIdentChar = (c: string | undefined): boolean => c !== undefined && /[a-z0-9_]/.test(c);

/** The tool's description names the parameter and says what it takes in the same clause (two more words). */
function explainedInDescription(p: ParamFacts, lower: string): boolean {
  const forms = [p.name.toLowerCase(), identifierTokens(p.name).join(' ')].filter((f) => f.length >= 2);
  for (const form of new Set(forms)) {
    for (let at = lower.indexOf(form); at !== -1; at = lower.indexOf(form, at + 1)) {
      if (isIdentChar(lower[at - 1]) || isIdentChar(lower[at + form.length])) continue;
      // The clause around the mention: back and forward to a stop, at most 200 characters each way.
      let a = at;
      while (a > 0 && at - a < 200 && !CLAUSE_END.test(lower[a - 1]!)) a--;
      let b = at + form.length;
      while (b < lower.length && b - at < 200 && !CLAUSE_END.test(lower[b]!)) b++;
      const rest = (lower.slice(a, at) + ' ' + lower.slice(at + form.length, b)).match(/[\p{L}\p{N}]+/gu) ?? [];
      if (rest.filter((w) => !STOPWORDS.has(w) && w.length > 1).length >= 2) return true;
    }
  }
  return false;
}

/** Which parameters lack the description a model needs (v3). */
export interface ParamGapsV3 {
  /** Parameters a model cannot fill, sorted, with the pasted ones. */
  missing: string[];
  pasted: string[];
  describedOrEvident: number;
  share: number;
  /** Parameters explained in the tool's description (not missing). */
  explained: string[];
}

const gapsOf = new WeakMap<ToolFactsV3, ParamGapsV3>();

const norm = (s: string): string => s.toLowerCase().replace(/\s+/g, ' ').replace(/[.。]\s*$/, '').trim();

/** The parameters of a tool that lack a needed description; one definition for the finding and the parameters category. */
export function paramGapsV3(t: ToolFactsV3): ParamGapsV3 {
  let gaps = gapsOf.get(t);
  if (gaps === undefined) gapsOf.set(t, (gaps = computeGaps(t)));
  return gaps;
}

function computeGaps(t: ToolFactsV3): ParamGapsV3 {
  const none: ParamGapsV3 = { missing: [], pasted: [], describedOrEvident: t.params.length, share: 0, explained: [] };
  if (t.params.length === 0) return none;
  const root = schemaRoot(t.tool.inputSchema);
  // A pasted description is about as long as the tool's: only those are normalised and compared.
  const length = t.description.length;
  const own = length === 0 || !t.params.some((p) => p.description !== undefined && Math.abs(p.description.length - length) <= 8) ? '' : norm(t.description);
  const pasted = own === '' ? [] : t.params.filter((p) => p.description !== undefined && norm(p.description) === own).map((p) => p.name);
  if (pasted.length === 0 && t.params.every((p) => p.description !== undefined)) return none;
  const explained: string[] = [];
  let lower: string | undefined;
  const needing = t.params.filter((p) => {
    if (p.description !== undefined) return !evidentParam(p, root) && !evidentName(p.name);
    if (evidentParam(p, root) || fillable(p.schema, root, 0, p.name)) return false;
    if (explainedInDescription(p, (lower ??= t.ownDescription.toLowerCase()))) {
      explained.push(p.name);
      return false;
    }
    return true;
  });
  const undescribed = needing.filter((p) => p.description === undefined).map((p) => p.name);
  const missing = [...new Set([...undescribed, ...pasted])].sort();
  return { missing, pasted, describedOrEvident: t.params.length - missing.length, share: undescribed.length / Math.max(1, needing.length), explained };
}

/** What a model cannot know about a parameter without a description: its type alone, or nothing at all. */
function unknowable(p: ParamFacts): string {
  const type = p.types.filter((x) => x !== 'null').join(' or ');
  return type === '' ? `${p.name} (no type, no description: what to send is unknown)` : `${p.name} (${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}: nothing says what it holds or which value to pick)`;
}

/**
 * `param_no_description` (required / minor), v3: parameters a model cannot fill from their name, type, enum,
 * nested schema or the tool's description, and that have no description of their own — or whose
 * "description" is the tool's own pasted in. Required when a description is pasted or at least half of the
 * parameters that need one lack it; the message says what a model cannot know about each.
 */
export const paramNoDescriptionV3: ToolRule<ToolFactsV3, ContextV3> = {
  code: 'param_no_description',
  check: (t) => {
    const { missing, pasted, share } = paramGapsV3(t);
    if (missing.length === 0) return [];
    const severity = pasted.length > 0 || share >= T3.paramNoDescriptionRequiredShare ? 'required' : 'minor';
    const byName = new Map(t.params.map((p) => [p.name, p]));
    const what = missing.map((n) => (pasted.includes(n) ? `${n} (the tool's own description pasted in)` : unknowable(byName.get(n)!)));
    return [
      finding('param_no_description', severity, `parameters without description: ${what.join('; ')}`, {
        tool: t.name,
        fields: missing.map((n) => `inputSchema.properties.${n}.description`),
        data: { parameters: missing, missing: missing.length, total: t.params.length, ...(pasted.length > 0 ? { pasted } : {}) },
      }),
    ];
  },
};
