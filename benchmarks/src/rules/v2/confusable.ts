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
 * Integer ids for words, and each document's sorted id set without boilerplate: words found in at least
 * `boilerplateShare` of the documents of a surface with at least `boilerplateMinTools` tools.
 */
function vocabulary(docs: string[][]): Int32Array[] {
  const ids = new Map<string, number>();
  const df: number[] = [];
  const sets = docs.map((words) => {
    const set = new Set<number>();
    for (const w of words) {
      let id = ids.get(w);
      if (id === undefined) {
        ids.set(w, (id = ids.size));
        df.push(0);
      }
      if (!set.has(id)) {
        set.add(id);
        df[id]!++;
      }
    }
    return set;
  });
  const n = docs.length;
  const boilerplate = (id: number) => n >= T.boilerplateMinTools && df[id]! >= T.boilerplateShare * n;
  return sets.map((set) => Int32Array.from([...set].filter((id) => !boilerplate(id))).sort());
}

/**
 * Every confusable pair of the surface, most similar first. A word (or name token) that nearly every tool
 * of a larger server carries ("Notion | …", "browser_…", "…in the knowledge graph") is boilerplate and
 * ignored: it tells no tool apart. Words shared by a few tools count fully: a cluster of look-alike tools
 * is exactly what must be found. Words become integer ids once, so each of the n(n−1)/2 comparisons is a
 * merge of two short sorted arrays (200 tools: ~20 000 merges, a few ms).
 */
export function confusablePairs(s: SurfaceFacts): ConfusablePair[] {
  const desc = vocabulary(s.tools.map((t) => [...t.contentWords]));
  const names = vocabulary(s.tools.map((t) => t.nameTokens.map((w) => NAME_SYNONYMS[w] ?? stem(w))));
  const pairs: ConfusablePair[] = [];
  for (let i = 0; i < s.tools.length; i++) {
    for (let j = i + 1; j < s.tools.length; j++) {
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
