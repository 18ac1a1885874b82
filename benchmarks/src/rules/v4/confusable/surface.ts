// v4's pairs on v3's surface facts (rules v4, issue 25 pairs): v3's facts are computed by v3's facts.ts
// (imported unchanged), then the pairs are v4's (./index.ts) and the alternatives each tool names are read
// again against them — an alternative earns usage points only when it overlaps the tool, and "overlaps" is
// "is paired with" (../../v3/alternatives.ts), so v4's pairs must decide it under v4.
import type { SurfaceFacts } from '../../v2/facts.js';
import { alternativesOf } from '../../v3/alternatives.js';
import type { SurfaceFactsV3 } from '../../v3/facts.js';
import { cueText } from '../security/index.js';
import { confusablePairs, type PairFacts } from './index.js';

/** v3's surface facts with v4's pairs. */
export interface SurfaceFactsV4 extends Omit<SurfaceFactsV3, 'pairs'> {
  pairs: PairFacts[];
}

/**
 * The same facts with v4's pairs and the alternatives read against them. The tools' facts objects are this
 * lint's own (v3's facts.ts made them for this call), so they take the alternatives in place, as in v3.
 */
export function withPairsV4(facts: SurfaceFactsV3): SurfaceFactsV4 {
  const s: SurfaceFactsV4 = { ...facts, pairs: confusablePairs({ ...facts, pairs: [] } as unknown as SurfaceFacts) };
  const alternatives = alternativesOf(s as unknown as SurfaceFactsV3, (t) => cueText(t.ownText, t.security));
  s.tools.forEach((t, i) => (t.alternatives = alternatives[i]!));
  return s;
}
