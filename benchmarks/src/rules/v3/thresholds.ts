import { T } from '../v2/thresholds.js';

/** Every number rules v3 decides with: v2's, and the ones v3 adds (each explained in ./README.md). */
export const T3 = {
  ...T,
  /**
   * Near-duplicate text: a clause whose masked wording (numbers, names, parameter names, synonyms, nonsense
   * words masked) is on at least this share of the tools, and on at least `nearDuplicateMinTools`, earns
   * nothing — the same share at which v2 drops identical text.
   */
  nearDuplicateShare: 0.5,
  nearDuplicateMinTools: 3,
  /** A behaviour hint that contradicts the tool costs this many points of the tool's score (and earns none). */
  dishonestHintPenalty: 10,
  /** An outputSchema earns the returns points in proportion to its properties that say what they hold. */
  returnsMax: 15,
  /** A clause about the tool that says what comes back earns this many returns points (v2's 10). */
  returnsCue: 10,
  /** Two tools overlap when their own texts' content words are at least this alike (Sørensen–Dice). */
  alternativeOverlap: 0.35,
} as const;
