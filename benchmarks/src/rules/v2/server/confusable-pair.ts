import { finding, type ServerRule } from '../../types.js';
import type { SurfaceFacts } from '../facts.js';
import { T } from '../thresholds.js';

/** `confusable_pair` (required): one finding for each of the most similar pairs (top 12). */
export const confusablePair: ServerRule<SurfaceFacts> = {
  code: 'confusable_pair',
  check: (s) =>
    s.pairs.slice(0, T.confusableTop).map((p) =>
      finding('confusable_pair', 'required', `${p.tools[0]} and ${p.tools[1]} are easy to confuse (similarity ${p.similarity.toFixed(2)})`, {
        fields: ['name', 'description'],
        data: { tools: p.tools, similarity: p.similarity, descriptionSimilarity: p.descriptionSimilarity, nameSimilarity: p.nameSimilarity },
      }),
    ),
};
