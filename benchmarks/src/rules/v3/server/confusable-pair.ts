import type { Finding } from '../../../contracts/lint-result.js';
import { finding, type ServerRule } from '../../types.js';
import { confusablePair as confusablePairV2 } from '../../v2/server/confusable-pair.js';
import type { SurfaceFacts } from '../../v2/facts.js';
import type { PairFacts as V2PairFacts } from '../../v2/confusable.js';
import { T } from '../../v2/thresholds.js';
import type { PairFacts } from '../confusable/index.js';
import type { SurfaceFactsV3 } from '../facts.js';

type NewKind = 'generic' | 'depth' | 'covers' | 'capture' | 'batch' | 'qualified' | 'claims' | 'backend';

/** Why a pair of one of the kinds v3 adds is confusable, in words (the same facts are in `data`). */
const WHY_NEW: Record<NewKind, (a: string, b: string) => string> = {
  generic: (a, b) => `${a} and ${b} are easy to confuse: one runs any command or statement, and so also does what the other is for`,
  depth: (a, b) => `${a} and ${b} are easy to confuse: both search the same thing, one of them in depth; say when the quick one is enough`,
  covers: (a, b) => `${a} and ${b} are easy to confuse: the general search says it also does the specific search's job`,
  capture: (a, b) => `${a} and ${b} are easy to confuse: both capture the page's state or read its content, in different forms`,
  batch: (a, b) => `${a} and ${b} are easy to confuse: one acts on one item, the other on several`,
  qualified: (a, b) => `${a} and ${b} are easy to confuse: one is named by a kind of the other's thing, and the other's description says it covers that kind too`,
  claims: (a, b) => `${a} and ${b} are easy to confuse: the one with the shorter name says in its description that it also does the other's job`,
  backend: (a, b) => `${a} and ${b} are easy to confuse: the same job with the same parameters on two engines; say when each is worth it`,
};

const isNew = (p: PairFacts): p is PairFacts & { kind: NewKind } => p.kind in WHY_NEW;

/**
 * `confusable_pair` (required) under v3: v2's rule for v2's kinds (same words, same data), and for the kinds
 * v3 adds (generic, depth, covers, capture, batch, qualified, claims, backend: confusable/) a sentence of their own — v2's rule has no
 * words for them.
 */
export const confusablePair: ServerRule<SurfaceFactsV3> = {
  code: 'confusable_pair',
  check: (s) =>
    s.pairs.slice(0, T.confusableTop).flatMap((p): Finding[] => {
      if (!isNew(p)) return confusablePairV2.check({ pairs: [p as V2PairFacts] } as unknown as SurfaceFacts);
      const [a, b] = p.tools;
      return [
        finding('confusable_pair', 'required', `${WHY_NEW[p.kind](a, b)} (similarity ${p.similarity.toFixed(2)})`, {
          fields: ['name', 'description'],
          data: {
            tools: p.tools,
            similarity: p.similarity,
            descriptionSimilarity: p.descriptionSimilarity,
            nameSimilarity: p.nameSimilarity,
            kind: p.kind,
            ...(p.adds !== undefined ? { adds: p.adds } : {}),
            differs: p.differs,
          },
        }),
      ];
    }),
};
