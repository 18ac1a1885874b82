import type { ConfusablePair } from '../../contracts/lint-result.js';
import { stem } from '../../text/words.js';
import type { SurfaceFacts } from './facts.js';
import { NAME_SYNONYMS } from './lexicons.js';
import { T } from './thresholds.js';

/** Sørensen–Dice coefficient of two sorted arrays of distinct ids (linear merge). */
export function dice(a: Int32Array, b: Int32Array): number {
  if (a.length + b.length === 0) return 0;
  let i = 0;
  let j = 0;
  let common = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x === y) {
      common++;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return (2 * common) / (a.length + b.length);
}

const round3 = (x: number): number => Math.round(x * 1000) / 1000;

/**
 * Every confusable pair of the surface, most similar first. Words become integer ids once, so each of the
 * n(n−1)/2 comparisons is a merge of two short sorted arrays (200 tools: ~20 000 merges, a few ms).
 */
export function confusablePairs(s: SurfaceFacts): ConfusablePair[] {
  const ids = new Map<string, number>();
  const idOf = (w: string): number => {
    let id = ids.get(w);
    if (id === undefined) ids.set(w, (id = ids.size));
    return id;
  };
  const sorted = (words: Iterable<string>): Int32Array => Int32Array.from(new Set([...words].map(idOf))).sort();

  // Namespace tokens shared by most names (browser_…, API-…) say nothing about which tool is which.
  const tokenCounts = new Map<string, number>();
  const nameWords = s.tools.map((t) => [...new Set(t.nameTokens.map((w) => NAME_SYNONYMS[w] ?? stem(w)))]);
  for (const words of nameWords) for (const w of words) tokenCounts.set(w, (tokenCounts.get(w) ?? 0) + 1);
  const namespace = (w: string) => s.tools.length >= 4 && (tokenCounts.get(w) ?? 0) > s.tools.length / 2;

  // Likewise words in most descriptions ("Notion | …", "knowledge graph"): like a zero IDF, they tell no tool apart.
  const docFreq = new Map<string, number>();
  for (const t of s.tools) for (const w of t.contentWords) docFreq.set(w, (docFreq.get(w) ?? 0) + 1);
  const common = (w: string) => s.tools.length >= 4 && (docFreq.get(w) ?? 0) > s.tools.length / 2;
  const desc = s.tools.map((t) => sorted([...t.contentWords].filter((w) => !common(w))));
  const names = nameWords.map((words) => sorted(words.filter((w) => !namespace(w))));
  const pairs: ConfusablePair[] = [];
  for (let i = 0; i < s.tools.length; i++) {
    for (let j = i + 1; j < s.tools.length; j++) {
      // Too little text to compare is judged on the full descriptions; the comparison itself ignores common words.
      const comparable =
        s.tools[i]!.contentWords.size >= T.confusableMinContentWords && s.tools[j]!.contentWords.size >= T.confusableMinContentWords;
      const d = comparable ? dice(desc[i]!, desc[j]!) : 0;
      const n = dice(names[i]!, names[j]!);
      if (d >= T.confusableDescription || (n >= T.confusableName && d >= T.confusableNameDescription)) {
        const a = s.tools[i]!.name;
        const b = s.tools[j]!.name;
        pairs.push({
          tools: a < b ? [a, b] : [b, a],
          similarity: round3(Math.max(d, (n + d) / 2)),
          descriptionSimilarity: round3(d),
          nameSimilarity: round3(n),
        });
      }
    }
  }
  return pairs.sort(
    (x, y) => y.similarity - x.similarity || (x.tools[0] < y.tools[0] ? -1 : x.tools[0] > y.tools[0] ? 1 : x.tools[1] < y.tools[1] ? -1 : 1),
  );
}
