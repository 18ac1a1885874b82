import { finding, type ToolRule } from '../../types.js';
import type { SurfaceFacts, ToolFacts } from '../facts.js';

// Zero-width, bidi controls, word joiners, BOM, soft hyphen, Mongolian vowel separator, tag characters.
const SUSPECT = /[\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]|[\u{e0000}-\u{e007f}]/gu;
const PICTOGRAPH = /\p{Extended_Pictographic}/u;

/** Code points of invisible or direction-changing characters in a text (ZWJ inside emoji and emoji tag flags are fine). */
export function invisibleCharacters(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(SUSPECT)) {
    const ch = m[0];
    const cp = ch.codePointAt(0)!;
    const before = text.slice(Math.max(0, m.index - 2), m.index);
    if (cp === 0x200d && PICTOGRAPH.test(before)) continue;
    if (cp >= 0xe0000 && cp <= 0xe007f && /[\u{1f3f4}\u{e0000}-\u{e007f}]/u.test(before)) continue;
    found.add(`U+${cp.toString(16).toUpperCase().padStart(4, '0')}`);
  }
  return [...found];
}

/** `invisible_characters` (critical): invisible or direction-changing Unicode in the name, description or schema. */
export const invisibleCharactersRule: ToolRule<ToolFacts, SurfaceFacts> = {
  code: 'invisible_characters',
  check: (t) => {
    const where: Record<string, string[]> = {};
    const scan = (field: string, text: string | undefined) => {
      if (text === undefined) return;
      const chars = invisibleCharacters(text);
      if (chars.length > 0) where[field] = [...new Set([...(where[field] ?? []), ...chars])];
    };
    scan('name', t.name);
    scan('title', typeof t.tool.title === 'string' ? t.tool.title : undefined);
    scan('description', t.tool.description);
    scan('inputSchema', t.schemaStrings.join('\n'));
    const fields = Object.keys(where);
    if (fields.length === 0) return [];
    const chars = [...new Set(Object.values(where).flat())];
    return [
      finding('invisible_characters', 'critical', `invisible or direction-changing characters (${chars.join(', ')}) in ${fields.join(', ')}`, {
        tool: t.name,
        fields,
        data: { characters: chars, where },
      }),
    ];
  },
};
