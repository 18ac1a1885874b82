import { T3 } from '../v3/thresholds.js';

/** Every number rules v4 decides with: v3's, and the ones v4 changes (each explained in ./README.md). */
export const T4 = {
  ...T3,
  /**
   * v4: near-duplicate text is looked for on a surface of two tools too (v3: three), where "half the tools"
   * is both: a two-tool server could buy +5 with a template whose slot was filled differently on each tool
   * (context7 in the gaming suite), and nothing compared them.
   */
  nearDuplicateMinTools: 2,
} as const;
