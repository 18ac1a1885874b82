import { describe, expect, it } from 'vitest';
import * as lexicons from './lexicons.js';
import { alternation, type Lexicon } from './lexicons.js';

// The cue lexicons are matched as one alternation (`alternation`) with a run of `\b…` branches sharing one
// `\b`: a speed change only. Each lexicon must give the same matches, one by one, as the plain join.
const all = Object.entries(lexicons).filter((e): e is [string, Lexicon] => typeof e[1] === 'object' && e[1] !== null && Array.isArray((e[1] as Lexicon).en));

const TEXTS = [
  'Use this tool when you need the file. Do not use it for folders; use list_directory instead.',
  'Useful for searching code. Returns a list of matches, at most 100. e.g. `src/*.ts`. Deprecated: use search_v2.',
  'For more than 100 rows, use bulk_import. Prefer get_page when you only need one page. Not for binary files.',
  'Only use when asked. Alias of fetch_page, kept for backward compatibility. Same as get_page but slower.',
  'the locale to use for dates; when to call: after login. whenever the user asks. in cases where it fails.',
  'Maximum 50, minimum 1, up to 3 retries; rate-limited; read-only; cannot be undone; paginated (cursor).',
  'true to include archived teams; defaults to false. Optional: the page size. Required: the id (e.g. "abc").',
  'usebar calluse whenwhen ifif — no word boundaries here: notfor, xdeprecated, reuse this',
  '',
];

const sequence = (re: RegExp, text: string): string[] => {
  const out: string[] = [];
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    out.push(`${m.index}:${m[0]}`);
    if (m[0] === '') re.lastIndex++;
  }
  return out;
};

describe('alternation', () => {
  it('gives every lexicon the matches of the plain join, one by one and as a test', () => {
    expect(all.length).toBeGreaterThan(8);
    for (const [name, lexicon] of all) {
      const sources = lexicon.en.map((r) => r.source);
      const plain = sources.map((s) => `(?:${s})`).join('|');
      const merged = alternation(sources);
      for (const text of TEXTS.flatMap((t) => [t, t.toLowerCase()])) {
        expect(sequence(new RegExp(merged, 'g'), text), `${name} on ${JSON.stringify(text)}`).toEqual(sequence(new RegExp(plain, 'g'), text));
        expect(new RegExp(merged).test(text), name).toBe(new RegExp(plain).test(text));
      }
    }
  });

  it('shares one \\b only across a run of branches that start with it, keeping their order', () => {
    expect(alternation(['\\ba', '\\bb', 'c', '\\bd'])).toBe('\\b(?:(?:a)|(?:b))|(?:c)|\\b(?:(?:d))');
  });

  it('leaves a branch whose \\b belongs to its first alternative only (a "|" outside every group)', () => {
    // `\bx|y` matches the y of "ay"; `\b(?:x|y)` would not.
    expect(alternation(['\\bx|y', '\\bz'])).toBe('(?:\\bx|y)|\\b(?:(?:z))');
    expect(new RegExp(alternation(['\\bx|y', '\\bz'])).test('ay')).toBe(true);
    // A "|" inside a group or a class is not outside.
    expect(alternation(['\\b(?:x|y)', '\\b[|]'])).toBe('\\b(?:(?:(?:x|y))|(?:[|]))');
    expect(alternation(['\\b\\|x'])).toBe('\\b(?:(?:\\|x))');
  });
});
