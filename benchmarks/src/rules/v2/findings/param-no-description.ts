import { identifierTokens } from '../../../text/words.js';
import { finding, type ToolRule } from '../../types.js';
import { resolveRef, type ParamFacts, type ToolContext, type ToolFacts } from '../facts.js';
import { EVIDENT_PARAM_LAST_TOKENS, EVIDENT_PARAM_NAMES } from '../lexicons.js';
import { T } from '../thresholds.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
/** Deepest nesting read to tell whether a wrapper's fields are documented. */
const NESTED_DEPTH = 4;

/** A schema node a model can read: described, or an enum or const, or a wrapper whose fields all are. */
function documented(raw: unknown, root: Json, depth: number): boolean {
  if (!isObject(raw) || depth > NESTED_DEPTH) return false;
  const node = resolveRef(raw, root);
  if (typeof node.description === 'string' && node.description.trim() !== '') return true;
  return documentedStructure(node, root, depth);
}

/** Enum or const values, an object whose properties are all documented, an array whose items are. */
function documentedStructure(node: Json, root: Json, depth: number): boolean {
  if ((Array.isArray(node.enum) && node.enum.length > 0) || node.const !== undefined) return true;
  if (isObject(node.properties)) {
    const props = Object.values(node.properties);
    return props.length > 0 && props.every((v) => documented(v, root, depth + 1));
  }
  return node.items !== undefined && documented(node.items, root, depth + 1);
}

/** The parameter's meaning is evident without a description: from its name, its enum, or its nested schema. */
export function evidentParam(p: ParamFacts, root: Json): boolean {
  const flat = p.name.replace(/[-_.]/g, '').toLowerCase();
  if (EVIDENT_PARAM_NAMES.has(flat)) return true;
  const tokens = identifierTokens(p.name);
  if (tokens.length > 1 && EVIDENT_PARAM_LAST_TOKENS.has(tokens[tokens.length - 1]!)) return true;
  return documentedStructure(p.schema, root, 0);
}

const norm = (s: string): string => s.toLowerCase().replace(/\s+/g, ' ').replace(/[.。]\s*$/, '').trim();

/** Which parameters lack the description a model needs: one definition for the finding and the parameters category. */
export interface ParamDescriptionGaps {
  /** Parameters that need a description (not evident) and have none, sorted, with the pasted ones. */
  missing: string[];
  /** Parameters "described" with the tool's own description pasted in. */
  pasted: string[];
  /** Parameters that need no description or have their own. */
  describedOrEvident: number;
  /** Share of the parameters that need a description and lack one. */
  share: number;
}

const gapsOf = new WeakMap<ToolFacts, ParamDescriptionGaps>();

/** The parameters of a tool that lack a needed description (see `param_no_description`); computed once per tool facts. */
export function paramDescriptionGaps(t: ToolFacts): ParamDescriptionGaps {
  let gaps = gapsOf.get(t);
  if (gaps === undefined) gapsOf.set(t, (gaps = computeGaps(t)));
  return gaps;
}

function computeGaps(t: ToolFacts): ParamDescriptionGaps {
  const none: ParamDescriptionGaps = { missing: [], pasted: [], describedOrEvident: t.params.length, share: 0 };
  if (t.params.length === 0) return none;
  const root = isObject(t.tool.inputSchema) ? t.tool.inputSchema : {};
  // A pasted description is about as long as the tool's: only those are normalised and compared.
  const length = t.description.length;
  const own = length === 0 || !t.params.some((p) => p.description !== undefined && Math.abs(p.description.length - length) <= 8) ? '' : norm(t.description);
  const pasted = own === '' ? [] : t.params.filter((p) => p.description !== undefined && norm(p.description) === own).map((p) => p.name);
  if (pasted.length === 0 && t.params.every((p) => p.description !== undefined)) return none;
  // Only parameters that need a description count: an evident one needs none, described or not.
  const needing = t.params.filter((p) => !evidentParam(p, root));
  const undescribed = needing.filter((p) => p.description === undefined).map((p) => p.name);
  const missing = [...new Set([...undescribed, ...pasted])].sort();
  return { missing, pasted, describedOrEvident: t.params.length - missing.length, share: undescribed.length / Math.max(1, needing.length) };
}

/**
 * `param_no_description` (required / minor): parameters a model cannot fill from their name, type, enum and
 * nested schema, and that have no description — or whose "description" is the tool's own description
 * pasted in (it describes the tool, not the parameter). Required when a description is pasted, or when at
 * least half of the parameters that need one (not evident) lack it; minor below that share.
 */
export const paramNoDescription: ToolRule<ToolFacts, ToolContext> = {
  code: 'param_no_description',
  check: (t) => {
    const { missing, pasted, share } = paramDescriptionGaps(t);
    if (missing.length === 0) return [];
    const severity = pasted.length > 0 || share >= T.paramNoDescriptionRequiredShare ? 'required' : 'minor';
    const pastedNote = pasted.length > 0 ? ` (${pasted.join(', ')}: the tool's own description pasted in)` : '';
    return [
      finding('param_no_description', severity, `parameters without description: ${missing.join(', ')}${pastedNote}`, {
        tool: t.name,
        fields: missing.map((n) => `inputSchema.properties.${n}.description`),
        data: { parameters: missing, missing: missing.length, total: t.params.length, ...(pasted.length > 0 ? { pasted } : {}) },
      }),
    ];
  },
};
