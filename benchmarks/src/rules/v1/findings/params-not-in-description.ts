import { stem } from '../../../text/words.js';
import { finding, type ToolRule } from '../../types.js';
import type { SurfaceFacts, ToolFacts } from '../facts.js';
import { T } from '../thresholds.js';

/** `params_not_in_description` (minor): three or more parameters and the description mentions none of them. */
export const paramsNotInDescription: ToolRule<ToolFacts, SurfaceFacts> = {
  code: 'params_not_in_description',
  check: (t) => {
    if (!t.hasDescription || t.params.length < T.paramsMentionMin) return [];
    const lower = t.description.toLowerCase();
    const mentioned = t.params.some((p) => {
      const name = p.name.toLowerCase();
      if (lower.includes(name)) return true;
      // "max_results" is mentioned by "max results"; "filePath" by "file path".
      const spaced = name.replace(/[_-]+/g, ' ');
      return spaced !== name && lower.includes(spaced) && t.contentWords.has(stem(spaced.split(' ').at(-1) ?? ''));
    });
    if (mentioned) return [];
    return [
      finding('params_not_in_description', 'minor', `${t.params.length} parameters and the description mentions none of them`, {
        tool: t.name,
        fields: ['description'],
        data: { parameters: t.params.map((p) => p.name) },
      }),
    ];
  },
};
