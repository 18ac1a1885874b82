import { finding, type ServerRule } from '../../types.js';
import type { SurfaceFacts } from '../facts.js';

/** Text the fold below changes: two spaces in a row, or a space other than " ". */
const FOLDS = /\s\s|[^\S ]/;

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
    // One map over folded texts: linear in the total length. A tool with no text of its own is grouped by
    // its whole description (several tools made only of the same boilerplate are identical too).
    const groups = new Map<string, string[]>();
    for (const t of s.tools) {
      if (t.description === '') continue;
      const key = t.hasDescription ? `own\u0000${fold(t.ownDescription)}` : `all\u0000${fold(t.description)}`;
      const group = groups.get(key);
      if (group === undefined) groups.set(key, [t.name]);
      else group.push(t.name);
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
