import type { ConfusablePair } from '../../contracts/lint-result.js';
import { descSimilarity, dice, judge } from './confusable-judge.js';
import { profiles } from './confusable-profile.js';
import type { SurfaceFacts } from './facts.js';

export { concept, opposite } from './confusable-concepts.js';
export { dice } from './confusable-judge.js';

/**
 * Why two tools are confusable:
 * - `alias`: one says it is a deprecated alias (or a compatibility stand-in) of the other;
 * - `synonym`: their names say the same once synonyms are one word (`stop_job` / `cancel_job`);
 * - `variant`: one name adds only what the other tool's description already covers
 *   (`take_screenshot` / `capture_page`, when the screenshot is "of the current page");
 * - `narrower`: one name names a kind of the other's thing, so the other fits its requests too
 *   (`delete_merge_request_discussion_note` / `delete_merge_request_note`: a discussion note is a note);
 * - `parameters`: one tool's parameter does what the other tool is for — it names every parameter of
 *   the other (`emulate`'s `viewport`, "<width>x<height>…", and `resize_page(width, height)`);
 * - `opening`: one description opens with the other's whole name (`fill` "Type text into …" / `type_text`);
 * - `description`: their names share nothing and their descriptions say the same.
 */
export type PairKind = 'alias' | 'synonym' | 'variant' | 'narrower' | 'opening' | 'parameters' | 'description';

/** A confusable pair with what rules v2 knows about it (the result carries only the ConfusablePair fields). */
export interface PairFacts extends ConfusablePair {
  kind: PairKind;
  /** For an alias: the tool that is the deprecated one. */
  deprecated?: string;
  /** Words of each name (in the order of `tools`) that the other name does not have, lower case. */
  differs: [string[], string[]];
  /** For a variant or a narrower tool: the tool whose name adds words, and those words. */
  adds?: { tool: string; words: string[] };
}

const round3 = (x: number): number => Math.round(x * 1000) / 1000;

/**
 * Every confusable pair of the surface: deprecated aliases first, then most similar first, ties by name.
 * Compared are the tools' own text (shared text left out, see shared-text.ts) and concepts (synonyms as one
 * word); a word on nearly every tool of a larger server ("Notion | …", `browser_…`) is boilerplate and
 * ignored. Two tools whose descriptions name each other are told apart by the server already — unless
 * one says it is a deprecated alias of the other. Each of the n(n−1)/2 comparisons is a few merges of
 * short sorted integer arrays (200 tools: ~20 000 comparisons, a few ms).
 */
export function confusablePairs(s: SurfaceFacts): PairFacts[] {
  // One tool makes no pair: its profile would be read by no comparison.
  if (s.tools.length < 2) return [];
  const { profiles: p, actions } = profiles(s);
  const pairs: PairFacts[] = [];
  for (let i = 0; i < p.length; i++) {
    for (let j = i + 1; j < p.length; j++) {
      const a = p[i]!;
      const b = p[j]!;
      let kind: PairKind | undefined;
      let deprecated: string | undefined;
      let adds: { tool: string; words: string[] } | undefined;
      // (Sizes first: most tools name no sibling, and most pairs end in judge without an allocation.)
      const aNamesB = a.aliasWith.size > 0 && a.aliasWith.has(b.name);
      if (aNamesB || (b.aliasWith.size > 0 && b.aliasWith.has(a.name))) {
        kind = 'alias';
        const [teller, other] = aNamesB ? [a, b] : [b, a];
        deprecated = teller.aliasWith.get(other.name) ? other.name : teller.name;
      } else if ((a.mentions.size > 0 && a.mentions.has(b.name)) || (b.mentions.size > 0 && b.mentions.has(a.name))) {
        continue; // the server already tells them apart
      } else {
        const verdict = judge(a, b, actions);
        if (verdict === undefined) continue;
        ({ kind, adds } = verdict);
        // A tool marked deprecated that names no replacement: its look-alike is what it stands in for.
        const lone = [a, b].find((x) => x.deprecated && x.mentions.size === 0);
        if (lone !== undefined) {
          kind = 'alias';
          deprecated = lone.name;
        }
      }
      const nameSimilarity = dice(a.nameIds, b.nameIds);
      const descriptionSimilarity = descSimilarity(a, b);
      const swap = a.name > b.name;
      const [x, y] = swap ? [b, a] : [a, b];
      pairs.push({
        tools: [x.name, y.name],
        similarity: round3(Math.max(descriptionSimilarity, (nameSimilarity + descriptionSimilarity) / 2)),
        descriptionSimilarity: round3(descriptionSimilarity),
        nameSimilarity: round3(nameSimilarity),
        kind,
        ...(deprecated !== undefined ? { deprecated } : {}),
        ...(adds !== undefined && kind !== 'alias' && kind !== 'synonym' && kind !== 'description' ? { adds } : {}),
        differs: [x.raw.filter((w) => !y.raw.includes(w)), y.raw.filter((w) => !x.raw.includes(w))],
      });
    }
  }
  const name = (q: PairFacts) => `${q.tools[0]}\u0000${q.tools[1]}`;
  return pairs.sort(
    (q, r) => Number(r.kind === 'alias') - Number(q.kind === 'alias') || r.similarity - q.similarity || (name(q) < name(r) ? -1 : name(q) > name(r) ? 1 : 0),
  );
}

/** The contract's shape of a pair (the result carries only these fields). */
export function toConfusablePair(p: PairFacts): ConfusablePair {
  return { tools: p.tools, similarity: p.similarity, descriptionSimilarity: p.descriptionSimilarity, nameSimilarity: p.nameSimilarity };
}

