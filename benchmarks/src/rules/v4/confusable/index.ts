// Confusable pairs of rules v4: a copy of v3's confusable/index.ts — v2's judgement (confusable-judge.ts,
// imported unchanged) plus the kinds v2 missed on real servers (issue 25, point 6), v3's kinds imported from
// ../../v3/confusable/ unchanged — with v4's traits (traits.ts), v4's settled rule (settled.ts) and two more
// kinds: `representation` (one thing in two forms) and `dispatch` (a multi-action tool offering a sibling's
// whole job). Same exports and signatures as v3's module.
import type { ConfusablePair } from '../../../contracts/lint-result.js';
import type { PairFacts as V2PairFacts, PairKind as V2PairKind } from '../../v2/confusable.js';
import { descSimilarity, dice, judge } from '../../v2/confusable-judge.js';
import { profiles } from '../../v2/confusable-profile.js';
import type { Surface } from '../../../contracts/tool.js';
import type { TokenCounter } from '../../../text/tokens.js';
import { surfaceFacts, type SurfaceFacts } from '../../v2/facts.js';
import { backendPair } from '../../v3/confusable/backend.js';
import { batchPair } from './batch.js';
import { capturePair } from '../../v3/confusable/capture.js';
import { claimsPair } from '../../v3/confusable/claims.js';
import { coversPair } from '../../v3/confusable/covers.js';
import { depthPair } from '../../v3/confusable/depth.js';
import { genericPair } from '../../v3/confusable/generic.js';
import { overruled } from '../../v3/confusable/overrides.js';
import { qualifiedPair } from '../../v3/confusable/qualified.js';
import { barePair } from './bare.js';
import { dispatchPair } from './dispatch.js';
import { fieldPair } from './field.js';
import { filterPair } from './filter.js';
import { formatPair } from './format.js';
import { nameVerdictHolds } from './overlap.js';
import { readsPair } from './reads.js';
import { restatedPair } from './restated.js';
import { representationPair } from './representation.js';
import { settled } from './settled.js';
import { traitsOf } from './traits.js';

export { concept, dice, opposite } from '../../v2/confusable.js';

/**
 * Why two tools are confusable: v2's kinds (alias, synonym, variant, narrower, opening, parameters,
 * description) and
 * - `generic`: one runs any command, statement or code and the other does a job it can do (generic.ts);
 * - `depth`: two searches of the same thing, one quick and one deep (depth.ts);
 * - `covers`: a general search whose text claims a specific sibling search's job (covers.ts);
 * - `capture`: two captures of a page or screen, a snapshot and a screenshot (capture.ts);
 * - `batch`: one action on one item and on several, by name or by parameters (batch.ts);
 * - `qualified`: a tool named by a bare thing whose text claims the kind of it a sibling is named by (qualified.ts);
 * - `claims`: a name without a sibling's qualifiers whose text names the sibling's qualified object (claims.ts);
 * - `backend`: one job on two engines, names equal but for a vendor or model word, same parameters (backend.ts);
 * - `representation` (v4): one thing read in two forms, a page and the page as Markdown (representation.ts);
 * - `dispatch` (v4): a multi-action tool whose action parameter offers a sibling's whole job (dispatch.ts);
 * - `format` (v4): one thing in two named formats of one class, HTML and Markdown (format.ts);
 * - `bare` (v4): an action alone beside the action on an object, `validate` / `validate_theme` (bare.ts);
 * - `restated` (v4): two texts that open with the same job in the same words (restated.ts);
 * - `filter` (v4): a listing with a search term beside a search of the same things (filter.ts);
 * - `field` (v4): a general update that takes a specific update's field (field.ts);
 * - `reads` (v4): "get" and "list" of the same things by the same inputs (reads.ts).
 * v2's name verdicts `synonym` and `narrower` stand only when the texts or inputs overlap too (overlap.ts).
 */
export type PairKind = V2PairKind | 'generic' | 'depth' | 'covers' | 'capture' | 'batch' | 'qualified' | 'claims' | 'backend' | 'representation' | 'dispatch' | 'format' | 'bare' | 'restated' | 'filter' | 'field' | 'reads';

/** Every kind, in the order the docs list them. */
export const PAIR_KINDS: readonly PairKind[] = ['alias', 'synonym', 'variant', 'narrower', 'opening', 'parameters', 'description', 'generic', 'depth', 'covers', 'capture', 'batch', 'qualified', 'claims', 'backend', 'representation', 'dispatch', 'format', 'bare', 'restated', 'filter', 'field', 'reads'];

/** A confusable pair with what rules v4 knows about it (the result carries only the ConfusablePair fields). */
export interface PairFacts extends Omit<V2PairFacts, 'kind'> {
  kind: PairKind;
}

const round3 = (x: number): number => Math.round(x * 1000) / 1000;

/** The new kinds, tried in this order when v2's judgement finds no pair. */
const NEW_KINDS = [
  ['generic', genericPair],
  ['depth', depthPair],
  ['covers', coversPair],
  ['capture', capturePair],
  ['batch', batchPair],
  ['qualified', qualifiedPair],
  ['claims', claimsPair],
  ['backend', backendPair],
  ['representation', representationPair],
  ['dispatch', dispatchPair],
  ['format', formatPair],
  ['bare', barePair],
  ['restated', restatedPair],
  ['filter', filterPair],
  ['field', fieldPair],
  ['reads', readsPair],
] as const;

/**
 * Every confusable pair of the surface: deprecated aliases first, then most similar first, ties by name —
 * v2's order. Two tools whose descriptions name each other are told apart already (unless one is a
 * deprecated alias of the other); for the new kinds, so are two where one compares itself with the other
 * (settled.ts).
 */
export function confusablePairs(s: SurfaceFacts): PairFacts[] {
  if (s.tools.length < 2) return [];
  const { profiles: p, actions } = profiles(s);
  const traits = traitsOf(s);
  const pairs: PairFacts[] = [];
  for (let i = 0; i < p.length; i++) {
    for (let j = i + 1; j < p.length; j++) {
      const a = p[i]!;
      const b = p[j]!;
      let kind: PairKind | undefined;
      let deprecated: string | undefined;
      let adds: { tool: string; words: string[] } | undefined;
      const aNamesB = a.aliasWith.size > 0 && a.aliasWith.has(b.name);
      if (aNamesB || (b.aliasWith.size > 0 && b.aliasWith.has(a.name))) {
        kind = 'alias';
        const [teller, other] = aNamesB ? [a, b] : [b, a];
        deprecated = teller.aliasWith.get(other.name) ? other.name : teller.name;
      } else if ((a.mentions.size > 0 && a.mentions.has(b.name)) || (b.mentions.size > 0 && b.mentions.has(a.name))) {
        continue; // the server already tells them apart
      } else {
        const found = judge(a, b, actions);
        // v3 overrules a few of v2's verdicts (overrides.ts).
        // v4 reads v2's name verdicts against the texts and inputs too (overlap.ts).
        const verdict = found !== undefined && (overruled(traits[i]!, traits[j]!) || !nameVerdictHolds(found.kind, traits[i]!, traits[j]!)) ? undefined : found;
        if (found !== undefined && verdict === undefined) continue;
        if (verdict !== undefined) {
          ({ kind, adds } = verdict);
          const lone = [a, b].find((x) => x.deprecated && x.mentions.size === 0);
          if (lone !== undefined) {
            kind = 'alias';
            deprecated = lone.name;
          }
        } else {
          const [ta, tb] = [traits[i]!, traits[j]!];
          for (const [k, test] of NEW_KINDS) {
            const found = test(ta, tb);
            if (found === undefined) continue;
            if (settled(ta, tb)) break;
            kind = k;
            adds = found;
            break;
          }
          if (kind === undefined) continue;
        }
      }
      const nameSimilarity = dice(a.nameIds, b.nameIds);
      const descriptionSimilarity = descSimilarity(a, b);
      const swap = a.name > b.name;
      const [x, y] = swap ? [b, a] : [a, b];
      pairs.push({
        tools: [x.name, y.name],
        similarity: round3(Math.max(descriptionSimilarity, (nameSimilarity + descriptionSimilarity) / 2)),
        descriptionSimilarity: round3(descriptionSimilarity),
        nameSimilarity: round3(nameSimilarity),
        kind,
        ...(deprecated !== undefined ? { deprecated } : {}),
        ...(adds !== undefined && kind !== 'alias' && kind !== 'synonym' && kind !== 'description' ? { adds } : {}),
        differs: [x.raw.filter((w) => !y.raw.includes(w)), y.raw.filter((w) => !x.raw.includes(w))],
      });
    }
  }
  const name = (q: PairFacts) => `${q.tools[0]}\u0000${q.tools[1]}`;
  return pairs.sort(
    (q, r) => Number(r.kind === 'alias') - Number(q.kind === 'alias') || r.similarity - q.similarity || (name(q) < name(r) ? -1 : name(q) > name(r) ? 1 : 0),
  );
}

/** The contract's shape of a pair (the result carries only these fields). */
export function toConfusablePair(p: PairFacts): ConfusablePair {
  return { tools: p.tools, similarity: p.similarity, descriptionSimilarity: p.descriptionSimilarity, nameSimilarity: p.nameSimilarity };
}

/**
 * The pairs of a whole surface under rules v4's confusable judgement, on v2's facts (for the rules bench,
 * which measures this module on the labelled corpus beside the registered rule sets).
 */
export function surfacePairs(surface: Surface, countTokens: TokenCounter): PairFacts[] {
  return confusablePairs(surfaceFacts(surface, countTokens));
}
