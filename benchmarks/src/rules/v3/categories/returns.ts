import { identifierTokens } from '../../../text/words.js';
import { resolveRef } from '../../v2/schema-params.js';
import type { Category } from '../../types.js';
import type { ContextV3, ToolFactsV3 } from '../facts.js';
import { isEnglishWord } from '../english-words.js';
import { GENERIC_WORDS, TECH_WORDS } from '../lexicons.js';
import { T3 } from '../thresholds.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * What an outputSchema says: its top-level properties (of an object, or of an array's items) and how many of
 * them say what they hold — a description, an enum or const, or a name with a word beyond "result", "data",
 * "value" (GENERIC_WORDS) that is English or technical (a nonsense key says nothing). Why: `{"type":"object"}` with nothing in it tells a model nothing about what comes
 * back, and bought a flat +15 in v2 (issue 25, class 2); `temperature` or a described `items` does.
 */
export function outputProperties(outputSchema: unknown): { total: number; described: string[] } {
  if (!isObject(outputSchema)) return NONE;
  // Two readers per tool (the category, no_return_info): read once per schema object.
  let out = memo.get(outputSchema);
  if (out === undefined) memo.set(outputSchema, (out = readOutput(outputSchema)));
  return out;
}

const NONE = { total: 0, described: [] };
const memo = new WeakMap<object, { total: number; described: string[] }>();

function readOutput(outputSchema: Json): { total: number; described: string[] } {
  let node = resolveRef(outputSchema, outputSchema);
  if (!isObject(node.properties) && isObject(node.items)) node = resolveRef(node.items, outputSchema);
  const props = isObject(node.properties) ? node.properties : {};
  const names = Object.keys(props);
  const described = names.filter((name) => {
    const raw = props[name];
    const p = isObject(raw) ? resolveRef(raw, outputSchema) : {};
    if (typeof p.description === 'string' && p.description.trim().length >= 3) return true;
    if (Array.isArray(p.enum) || p.const !== undefined) return true;
    return identifierTokens(name).some((w) => w.length > 2 && !GENERIC_WORDS.has(w) && (TECH_WORDS.has(w) || isEnglishWord(w)));
  });
  return { total: names.length, described: described.sort() };
}

/**
 * Returns (15), v2's scale: the outputSchema earns 15 × its share of properties that say what they hold (v2:
 * 15 for any outputSchema), a clause about the tool that says what comes back earns 10 ("Gives back the open
 * pull requests, newest first"; "Returns the result" is content-free). The better of the two.
 */
export const returns: Category<ToolFactsV3, ContextV3> = {
  id: 'returns',
  max: 15,
  score(t) {
    const out = outputProperties(t.tool.outputSchema);
    const schemaPoints = out.described.length === 0 ? 0 : Math.round((T3.returnsMax * out.described.length) / out.total);
    if (schemaPoints > 0 && (schemaPoints >= T3.returnsCue || !t.cues.returns)) {
      return { points: schemaPoints, max: 15, notes: [`outputSchema: ${out.described.length}/${out.total} properties say what they hold (+${schemaPoints})`] };
    }
    if (t.cues.returns) return { points: T3.returnsCue, max: 15, notes: [`description says what comes back (+${T3.returnsCue})`] };
    if (t.tool.outputSchema !== undefined) return { points: 0, max: 15, notes: ['outputSchema says nothing about what comes back (+0)'] };
    return { points: 0, max: 15, notes: ['nothing says what comes back (+0)'] };
  },
};
