import { finding, type ToolRule } from '../../types.js';
import type { ToolContext, ToolFacts } from '../facts.js';
import { stringPath } from '../tool-strings.js';

// Zero-width, bidi controls, word joiners, BOM, soft hyphen, Mongolian vowel separator, Hangul fillers,
// the Arabic letter mark, interlinear annotation marks, tag characters, the variation selectors supplement,
// and (new in v2) C0 and C1 control characters other than tab, line feed and carriage return: ESC starts
// the ANSI sequences that colour, move or conceal (ESC[8m) text in a terminal.
// eslint-disable-next-line no-control-regex -- control characters are what this rule finds
const SUSPECT = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u00ad\u061c\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\u3164\ufeff\uffa0\ufff9-\ufffb]|[\u{e0000}-\u{e007f}]|[\u{e0100}-\u{e01ef}]/gu;
// eslint-disable-next-line no-control-regex -- control characters are what this rule finds
const QUICK = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u00ad\u061c\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\u3164\ufeff\uffa0\ufff9-\ufffb\udb40]/;
// Valid emoji subdivision flags: black flag, 2–6 lower-case tag letters or digits, cancel tag.
const TAG_FLAG = /\u{1f3f4}[\u{e0030}-\u{e0039}\u{e0061}-\u{e007a}]{2,6}\u{e007f}/gu;
// Before a zero-width joiner inside an emoji sequence: a pictograph, a skin-tone modifier or VS16.
const EMOJI_BEFORE_ZWJ = /(?:\p{Extended_Pictographic}|[\u{1f3fb}-\u{1f3ff}]|\ufe0f)$/u;
const EMOJI_AFTER_ZWJ = /^\p{Extended_Pictographic}/u;
const IDEOGRAPH = /\p{Ideographic}$/u;
const codePoint = (cp: number): string => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * Code points of invisible or direction-changing characters in a text. Allowed: a ZWJ between emoji, the
 * tags of a valid subdivision flag, and one ideographic variation selector after a kanji (U+E0100–E01EF).
 */
export function invisibleCharacters(text: string): string[] {
  if (!QUICK.test(text)) return [];
  const found = new Set<string>();
  const clean = text.replace(TAG_FLAG, '');
  for (const m of clean.matchAll(SUSPECT)) {
    const cp = m[0].codePointAt(0)!;
    const before = clean.slice(Math.max(0, m.index - 2), m.index);
    const after = clean.slice(m.index + m[0].length, m.index + m[0].length + 2);
    if (cp === 0x200d && EMOJI_BEFORE_ZWJ.test(before) && EMOJI_AFTER_ZWJ.test(after)) continue;
    if (cp >= 0xe0100 && cp <= 0xe01ef && IDEOGRAPH.test(before) && !/^[\u{e0100}-\u{e01ef}]/u.test(after)) continue;
    found.add(codePoint(cp));
  }
  return [...found];
}

/** `invisible_characters` (critical): invisible, direction-changing or control characters in any string of the tool. */
export const invisibleCharactersRule: ToolRule<ToolFacts, ToolContext> = {
  code: 'invisible_characters',
  check: (t) => {
    const where: Record<string, string[]> = {};
    const paths: string[] = [];
    // Only strings that are not printable ASCII can hold one (the rest were told apart by the scan).
    for (const i of t.security.notPlain) {
      const s = t.security.strings[i]!;
      const chars = invisibleCharacters(s.text);
      if (chars.length === 0) continue;
      where[s.field] = [...new Set([...(where[s.field] ?? []), ...chars])];
      if (paths.length < 10) {
        const path = stringPath(t.tool, i);
        if (!paths.includes(path)) paths.push(path);
      }
    }
    const fields = Object.keys(where);
    if (fields.length === 0) return [];
    const chars = [...new Set(Object.values(where).flat())];
    return [
      finding('invisible_characters', 'critical', `invisible or direction-changing characters (${chars.join(', ')}) in ${paths.join(', ')}`, {
        tool: t.name,
        fields,
        data: { characters: chars, where, paths },
      }),
    ];
  },
};
