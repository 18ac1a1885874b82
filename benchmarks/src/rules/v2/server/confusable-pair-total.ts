import { finding, type ServerRule } from '../../types.js';
import type { SurfaceFacts } from '../facts.js';
import { T } from '../thresholds.js';

/** `confusable_pair_total` (required): how many confusable pairs in all, when there are any. */
export const confusablePairTotal: ServerRule<SurfaceFacts> = {
  code: 'confusable_pair_total',
  check: (s) => {
    if (s.pairs.length === 0) return [];
    const shown = Math.min(s.pairs.length, T.confusableTop);
    return [
      finding('confusable_pair_total', 'required', `${s.pairs.length} confusable ${s.pairs.length === 1 ? 'pair' : 'pairs'} in all (top ${shown} shown)`, {
        data: { total: s.pairs.length, shown },
      }),
    ];
  },
};
