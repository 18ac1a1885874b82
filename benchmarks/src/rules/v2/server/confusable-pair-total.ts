import { finding, type ServerRule } from '../../types.js';
import type { SurfaceFacts } from '../facts.js';
import { T } from '../thresholds.js';

/** `confusable_pair_total` (required): how many confusable pairs in all (and how many are deprecated aliases), when there are any. */
export const confusablePairTotal: ServerRule<SurfaceFacts> = {
  code: 'confusable_pair_total',
  check: (s) => {
    if (s.pairs.length === 0) return [];
    const shown = Math.min(s.pairs.length, T.confusableTop);
    const aliases = s.pairs.filter((p) => p.kind === 'alias').length;
    const of = aliases === 0 ? '' : `, ${aliases} of them ${aliases === 1 ? 'a deprecated alias' : 'deprecated aliases'}`;
    return [
      finding('confusable_pair_total', 'required', `${s.pairs.length} confusable ${s.pairs.length === 1 ? 'pair' : 'pairs'} in all${of} (top ${shown} shown)`, {
        data: { total: s.pairs.length, shown, aliases },
      }),
    ];
  },
};
