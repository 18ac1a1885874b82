import type { Finding } from '../../../contracts/lint-result.js';
import { finding, type ServerRule } from '../../types.js';
import { confusablePair as confusablePairV2 } from '../../v2/server/confusable-pair.js';
import type { SurfaceFacts } from '../../v2/facts.js';
import type { PairFacts as V2PairFacts } from '../../v2/confusable.js';
import { T } from '../../v2/thresholds.js';
import type { PairFacts } from '../confusable/index.js';
import type { SurfaceFactsV4 } from '../confusable/surface.js';

// v4's copy of v3's server/confusable-pair.ts: the same rule on v4's pairs, with words for v4's kinds.

type NewKind = 'generic' | 'depth' | 'covers' | 'capture' | 'batch' | 'qualified' | 'claims' | 'backend' | 'representation' | 'dispatch' | 'format' | 'bare' | 'restated' | 'filter' | 'field' | 'reads';

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
  representation: (a, b) => `${a} and ${b} are easy to confuse: both read the same thing, one of them in another form (Markdown, a tree …); say what each form is for`,
  dispatch: (a, b) => `${a} and ${b} are easy to confuse: one of them offers the other's whole job as one of its actions; say which to use`,
  format: (a, b) => `${a} and ${b} are easy to confuse: both give the same thing, in two formats; say what each format is for`,
  bare: (a, b) => `${a} and ${b} are easy to confuse: one is named by the action alone, so it claims the other's job too; say which covers what`,
  restated: (a, b) => `${a} and ${b} are easy to confuse: their descriptions open with the same job in the same words; say what sets each apart`,
  filter: (a, b) => `${a} and ${b} are easy to confuse: the listing takes a search term, so it searches the same things as the search`,
  field: (a, b) => `${a} and ${b} are easy to confuse: the general update takes the field the specific one is named by; say which to use for it`,
  reads: (a, b) => `${a} and ${b} are easy to confuse: both read the same things by the same inputs under two verbs; say what each returns`,
};

const isNew = (p: PairFacts): p is PairFacts & { kind: NewKind } => p.kind in WHY_NEW;

/**
 * `confusable_pair` (required) under v4: v2's rule for v2's kinds (same words, same data), and for the kinds
 * v3 and v4 add (generic, depth, covers, capture, batch, qualified, claims, backend, representation,
 * dispatch, format, bare, restated, filter, field, reads: confusable/) a sentence of their own — v2's rule has no words for them.
 */
export const confusablePair: ServerRule<SurfaceFactsV4> = {
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
