import { finding, type ServerRule } from '../../types.js';
import type { SurfaceFacts } from '../facts.js';

/** `identical_description` (critical): two or more tools share exactly the same description (case and spacing folded). */
export const identicalDescription: ServerRule<SurfaceFacts> = {
  code: 'identical_description',
  check: (s) => {
    const groups = new Map<string, string[]>();
    for (const t of s.tools) {
      if (!t.hasDescription) continue;
      const key = t.description.toLowerCase().replace(/\s+/g, ' ');
      groups.set(key, [...(groups.get(key) ?? []), t.name]);
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
