import { finding, type ServerRule } from '../../types.js';
import type { PairFacts } from '../confusable.js';
import type { SurfaceFacts } from '../facts.js';
import { T } from '../thresholds.js';

/** Why the pair is confusable, in words (the same facts are in `data` for other languages). */
function why(p: PairFacts): string {
  const [a, b] = p.tools;
  const [wa, wb] = p.differs;
  switch (p.kind) {
    case 'alias': {
      const other = p.deprecated === a ? b : a;
      return `${p.deprecated} is a deprecated alias of ${other}: a model may still call it`;
    }
    case 'synonym':
      return wa.length + wb.length === 0
        ? `${a} and ${b} are easy to confuse: their names are the same words`
        : `${a} and ${b} are easy to confuse: their names say the same ("${wa.join(' ')}" ≈ "${wb.join(' ')}")`;
    case 'variant': {
      const longer = p.adds?.tool ?? b;
      return `${a} and ${b} are easy to confuse: ${longer} only adds "${(p.adds?.words ?? []).join(' ')}", which the description of ${longer === a ? b : a} already says`;
    }
    case 'narrower': {
      const longer = p.adds?.tool ?? b;
      const other = longer === a ? b : a;
      return `${a} and ${b} are easy to confuse: ${longer} narrows what ${other} does ("${(p.adds?.words ?? []).join(' ')}"), and ${other} fits its requests too`;
    }
    case 'parameters': {
      const coverer = p.adds?.tool ?? a;
      const covered = coverer === a ? b : a;
      return `${a} and ${b} are easy to confuse: a parameter of ${coverer} sets what ${covered} is for (${(p.adds?.words ?? []).join(', ')})`;
    }
    case 'opening': {
      const opener = p.adds?.tool ?? a;
      const named = opener === a ? b : a;
      return `${a} and ${b} are easy to confuse: the description of ${opener} opens with the name of ${named} ("${(p.adds?.words ?? []).join(' ')}")`;
    }
    case 'description':
      return `${a} and ${b} are easy to confuse: their descriptions say the same thing`;
  }
}

/**
 * `confusable_pair` (required): one finding for each of the first pairs (top 12: deprecated aliases, then
 * the most similar), saying why (`data.kind`: alias, synonym, variant, narrower, opening, parameters, description).
 */
export const confusablePair: ServerRule<SurfaceFacts> = {
  code: 'confusable_pair',
  check: (s) =>
    s.pairs.slice(0, T.confusableTop).map((p) =>
      finding('confusable_pair', 'required', `${why(p)} (similarity ${p.similarity.toFixed(2)})`, {
        fields: ['name', 'description'],
        data: {
          tools: p.tools,
          similarity: p.similarity,
          descriptionSimilarity: p.descriptionSimilarity,
          nameSimilarity: p.nameSimilarity,
          kind: p.kind,
          ...(p.deprecated !== undefined ? { deprecated: p.deprecated } : {}),
          ...(p.adds !== undefined ? { adds: p.adds } : {}),
          differs: p.differs,
        },
      }),
    ),
};
