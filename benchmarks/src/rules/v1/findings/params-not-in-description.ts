import { identifierTokens } from '../../../text/words.js';
import { finding, type ToolRule } from '../../types.js';
import type { SurfaceFacts, ToolFacts } from '../facts.js';
import { T } from '../thresholds.js';

/** `params_not_in_description` (minor): three or more parameters and the description mentions none of them. */
export const paramsNotInDescription: ToolRule<ToolFacts, SurfaceFacts> = {
  code: 'params_not_in_description',
  check: (t) => {
    if (!t.hasDescription || t.params.length < T.paramsMentionMin) return [];
    const words = t.words.map((w) => w.toLowerCase());
    const wordSet = new Set(words);
    let phrase: string | undefined;
    const mentioned = t.params.some((p) => {
      // The name as a whole word ("id" is not mentioned by "provide") …
      if (wordSet.has(p.name.toLowerCase())) return true;
      // … or its parts as a phrase: "max_results" by "max results", "filePath" by "file path". Every
      // part must then be a word of the description; only then is the phrase looked for.
      const parts = identifierTokens(p.name);
      if (parts.length < 2 || !parts.every((part) => wordSet.has(part))) return false;
      phrase ??= ` ${words.join(' ')} `;
      return phrase.includes(` ${parts.join(' ')} `);
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
