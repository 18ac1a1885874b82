import { finding, type ServerRule } from '../../types.js';
import type { SurfaceFacts } from '../facts.js';

/** `identical_description` (critical): two or more tools share exactly the same description (case and spacing folded). */
export const identicalDescription: ServerRule<SurfaceFacts> = {
  code: 'identical_description',
  check: (s) => {
    // Descriptions equal after folding case and spaces have the same words: bucket by the number and total
    // length of the words first, and fold only descriptions that share a bucket.
    const buckets = new Map<string, typeof s.tools>();
    for (const t of s.tools) {
      if (!t.hasDescription) continue;
      let chars = 0;
      for (const w of t.words) chars += w.length;
      // CJK segmentation can shift with spacing: Japanese descriptions share one bucket.
      const key = t.language === 'ja' ? 'ja' : `${t.wordCount}:${chars}:${t.words[0]?.toLowerCase()}:${t.words.at(-1)?.toLowerCase()}`;
      buckets.set(key, [...(buckets.get(key) ?? []), t]);
    }
    const groups = new Map<string, string[]>();
    for (const bucket of buckets.values()) {
      if (bucket.length < 2) continue;
      for (const t of bucket) {
        const key = `${t.wordCount}\u0000${t.description.toLowerCase().replace(/\s+/g, ' ')}`;
        groups.set(key, [...(groups.get(key) ?? []), t.name]);
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
