import { finding, type ServerRule } from '../../types.js';
import type { SurfaceFacts, ToolFacts } from '../facts.js';

/** Text the fold below changes: two spaces in a row, or a space other than " ". */
const FOLDS = /\s\s|[^\S ]/;
/** Text segmented by dictionary (kana, kanji, hangul: see text/words.ts), or holding U+0130 (İ) or U+0307 (the combining dot İ lower-cases to, after an i). */
const UNSAFE_BUCKET = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f\uac00-\ud7af\u0130]|\u0307/u;

/**
 * `identical_description` (critical): two or more tools share exactly the same description (case and
 * spacing folded) — or the same text of their own once text that most tools share is left out ("Creates a
 * user." and "Creates a user. <the Docker note>" tell a model the same).
 */
export const identicalDescription: ServerRule<SurfaceFacts> = {
  code: 'identical_description',
  check: (s) => {
    // Only a run of two or more spaces, or a space other than " ", changes under the fold: most texts have none.
    const fold = (text: string) => {
      const lower = text.toLowerCase();
      return FOLDS.test(lower) ? lower.replace(/\s+/g, ' ') : lower;
    };
    // Texts equal once folded have the same words (case aside): tools are bucketed by their number of
    // words, their letters and the first and last word first, and only tools that share a bucket are
    // folded (the fold lower-cases and hashes whole descriptions). Exact for text segmented by the Latin
    // expression when lower-casing keeps its length: CJK text (which ICU segments by dictionary, spacing
    // included), U+0130 (the one letter whose lower case is two code units, i + U+0307) and U+0307 share one bucket instead.
    const buckets = new Map<string, ToolFacts[]>();
    for (const t of s.tools) {
      if (t.description === '') continue;
      let key: string;
      if (!t.hasDescription) key = 'all';
      else if (UNSAFE_BUCKET.test(t.ownDescription)) key = 'other';
      else {
        let chars = 0;
        for (const w of t.words) chars += w.length;
        key = `${t.wordCount}:${chars}:${t.words[0]?.toLowerCase()}:${t.words.at(-1)?.toLowerCase()}`;
      }
      const bucket = buckets.get(key);
      if (bucket === undefined) buckets.set(key, [t]);
      else bucket.push(t);
    }
    // One map over folded texts: linear in the total length. A tool with no text of its own is grouped by
    // its whole description (several tools made only of the same boilerplate are identical too).
    const groups = new Map<string, string[]>();
    for (const bucket of buckets.values()) {
      if (bucket.length < 2) continue;
      for (const t of bucket) {
        const key = t.hasDescription ? `own\u0000${fold(t.ownDescription)}` : `all\u0000${fold(t.description)}`;
        const group = groups.get(key);
        if (group === undefined) groups.set(key, [t.name]);
        else group.push(t.name);
      }
    }
    return [...groups.values()]
      .filter((names) => names.length > 1)
      .map((names) => [...names].sort())
      .sort((a, b) => (a[0]! < b[0]! ? -1 : 1))
      .map((names) =>
        finding('identical_description', 'critical', `these tools have exactly the same description: ${names.join(', ')}`, {
          fields: ['description'],
          data: { tools: names },
        }),
      );
  },
};
