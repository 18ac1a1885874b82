// v4's surface facts carry v4's pairs (rules v4, issue 25 pairs): ../facts.ts finds them once per surface
// with ./index.ts and reads the alternatives each tool names against them there — an alternative earns usage
// points only when it overlaps the tool, and "overlaps" is "is paired with" (../../v3/alternatives.ts). Until
// 2026-12-07 the facts held v3's pairs and this file found v4's a second time; it now only names the type.
import type { SurfaceFactsV3 } from '../../v3/facts.js';
import type { PairFacts } from './index.js';

/** v3's surface facts with v4's pairs. */
export interface SurfaceFactsV4 extends Omit<SurfaceFactsV3, 'pairs'> {
  pairs: PairFacts[];
}

/** The facts as ../facts.ts made them: v4's pairs and alternatives are in them already (kept for the lint's call). */
export function withPairsV4(facts: SurfaceFactsV4): SurfaceFactsV4 {
  return facts;
}
