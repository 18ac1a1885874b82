import { identifierTokens } from '../../../text/words.js';
import { finding, type ToolRule } from '../../types.js';
import { wholeWords, type ToolContext, type ToolFacts } from '../facts.js';
import { T } from '../thresholds.js';

/** `params_not_in_description` (minor): three or more parameters and the description mentions none of them. */
export const paramsNotInDescription: ToolRule<ToolFacts, ToolContext> = {
  code: 'params_not_in_description',
  check: (t) => {
    if (t.description === '' || t.params.length < T.paramsMentionMin) return [];
    // The whole description (issue 12): a note most tools share that names a parameter still explains it.
    const words = wholeWords(t);
    // Only the words that could mention a parameter are kept: its lower-cased name and, for a name of
    // several parts, each part (identifierTokens gives them lower-cased). A large surface has tens of
    // thousands of words and a set of all of them per tool was most of this rule's time.
    const wanted = new Set<string>();
    const partsOf = t.params.map((p) => {
      wanted.add(p.name.toLowerCase());
      const parts = identifierTokens(p.name);
      if (parts.length >= 2) for (const part of parts) wanted.add(part);
      return parts;
    });
    const present = new Set<string>();
    for (const w of words) {
      const lower = w.toLowerCase();
      if (wanted.has(lower)) present.add(lower);
    }
    let phrase: string | undefined;
    const mentioned = t.params.some((p, i) => {
      // The name as a whole word ("id" is not mentioned by "provide") …
      if (present.has(p.name.toLowerCase())) return true;
      // … or its parts as a phrase: "max_results" by "max results", "filePath" by "file path". Every
      // part must then be a word of the description; only then is the phrase looked for.
      const parts = partsOf[i]!;
      if (parts.length < 2 || !parts.every((part) => present.has(part))) return false;
      phrase ??= ` ${words.map((w) => w.toLowerCase()).join(' ')} `;
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
