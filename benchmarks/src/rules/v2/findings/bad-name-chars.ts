import { finding, type ToolRule } from '../../types.js';
import type { ToolContext, ToolFacts } from '../facts.js';

const BAD = /[^A-Za-z0-9_.-]/gu;

/** `bad_name_chars` (required): the name has characters other than ASCII letters, digits, `_`, `-`, `.`. */
export const badNameChars: ToolRule<ToolFacts, ToolContext> = {
  code: 'bad_name_chars',
  check: (t) => {
    const bad = [...new Set(t.name.match(BAD) ?? [])];
    if (bad.length === 0) return [];
    const shown = bad.map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`);
    return [
      finding('bad_name_chars', 'required', `name has characters other than letters, digits, _, - and .: ${shown.join(', ')}`, {
        tool: t.name,
        fields: ['name'],
        data: { characters: shown },
      }),
    ];
  },
};
