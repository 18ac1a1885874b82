import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPlainAscii } from '../normalise.js';
import { objectSchema, runToolRule, tool } from '../test/helpers.js';
import { invisibleCharacters, invisibleCharactersRule } from './invisible-characters.js';

describe('invisibleCharacters', () => {
  it('finds zero-width spaces, bidi overrides and tag characters', () => {
    expect(invisibleCharacters('Hel\u200Blo')).toEqual(['U+200B']);
    expect(invisibleCharacters('report\u202Etxt.exe')).toEqual(['U+202E']);
    // A run of tag characters (ASCII smuggled as U+E00xx) is reported by its first character.
    expect(invisibleCharacters('Reads files.\u{E0049}\u{E0067}\u{E006E}')).toContain('U+E0049');
    expect(invisibleCharacters('a\uFEFFb\u2066c\u00ADd')).toEqual(['U+FEFF', 'U+2066', 'U+00AD']);
  });

  it('allows a ZWJ emoji sequence and an emoji tag flag', () => {
    expect(invisibleCharacters('Pairs with a developer 👩‍💻 on code.')).toEqual([]);
    expect(invisibleCharacters('Scotland 🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F} results')).toEqual([]);
    expect(invisibleCharacters('Family 👨‍👩‍👧 and ❤️‍🔥')).toEqual([]);
  });

  it('flags a ZWJ that does not follow a pictograph', () => {
    expect(invisibleCharacters('a\u200Db')).toEqual(['U+200D']);
  });
});

describe('invisible_characters', () => {
  it('is critical and names the characters and the fields they are in', async () => {
    const t = tool({
      name: 'read_file',
      title: 'Read\u200B file',
      description: 'Reads a file.\u{E0041}',
      inputSchema: objectSchema({ path: { type: 'string', description: 'Path\u202E' } }),
    });
    expect(await runToolRule(invisibleCharactersRule, t)).toEqual([
      {
        code: 'invisible_characters',
        severity: 'critical',
        tool: 'read_file',
        // v2 reads every string in canonical order (fields sorted) and names each path.
        message: 'invisible or direction-changing characters (U+E0041, U+202E, U+200B) in description, inputSchema.properties.path.description, title',
        fields: ['description', 'inputSchema', 'title'],
        data: {
          characters: ['U+E0041', 'U+202E', 'U+200B'],
          where: { description: ['U+E0041'], inputSchema: ['U+202E'], title: ['U+200B'] },
          paths: ['description', 'inputSchema.properties.path.description', 'title'],
        },
      },
    ]);
  });

  it('scans the name', async () => {
    const out = await runToolRule(invisibleCharactersRule, tool({ name: 'read\u200Bfile', description: 'Reads a file.' }));
    expect(out[0]?.data.where).toEqual({ name: ['U+200B'] });
  });

  it('does not fire for emoji sequences, Japanese text or plain ASCII', async () => {
    for (const description of ['Pairs with a developer 👩‍💻 on code 🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}.', 'ファイルを読み込みます。', 'Reads a file.']) {
      expect(await runToolRule(invisibleCharactersRule, tool({ description })), description).toEqual([]);
    }
  });

  it('reads only the strings that are not printable ASCII: no such string can hold a character it reports', () => {
    // The rule skips strings the security scan found plain (SecurityFacts.notPlain); this is why that is safe.
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => {
        if (isPlainAscii(text)) expect(invisibleCharacters(text)).toEqual([]);
      }),
      { numRuns: 2000, seed: 7 },
    );
    for (let cp = 0; cp < 0x80; cp++) {
      const text = `a${String.fromCharCode(cp)}b`;
      if (invisibleCharacters(text).length > 0) expect(isPlainAscii(text), `U+${cp.toString(16)}`).toBe(false);
    }
  });

  it('finds a character in a parameter key, an enum value and _meta, beside plain strings of the same tool', async () => {
    const t = tool({
      description: 'Reads a file.',
      inputSchema: objectSchema({ 'pa\u200bth': { type: 'string', enum: ['a', 'b\u202e'] } }),
      _meta: { note: 'plain', other: 'x\u2060y' },
    });
    const [f] = await runToolRule(invisibleCharactersRule, t);
    // In the canonical order of the strings: _meta, then the input schema.
    expect(f?.data).toMatchObject({ characters: ['U+2060', 'U+200B', 'U+202E'] });
  });
});
