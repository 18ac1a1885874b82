import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { facts, runServerRule, tool } from '../test/helpers.js';
import type { SurfaceFacts } from '../facts.js';
import { identicalDescription } from './identical-description.js';

describe('identical_description', () => {
  it('is critical and names the tools sharing a description (case and whitespace folded)', async () => {
    const tools = [
      tool({ name: 'search_users', description: 'Searches the directory and returns matches.' }),
      tool({ name: 'list_groups', description: 'Lists the groups of the organisation.' }),
      tool({ name: 'find_users', description: 'searches the  directory\nand returns matches.' }),
    ];
    expect(await runServerRule(identicalDescription, tools)).toEqual([
      {
        code: 'identical_description',
        severity: 'critical',
        message: 'these tools have exactly the same description: find_users, search_users',
        fields: ['description'],
        data: { tools: ['find_users', 'search_users'] },
      },
    ]);
  });

  it('gives one finding per group, sorted by first name, three tools in a group', async () => {
    const tools = [
      tool({ name: 'z_get', description: 'Gets an item by id.' }),
      tool({ name: 'b_list', description: 'Lists every item.' }),
      tool({ name: 'y_get', description: 'Gets an item by id.' }),
      tool({ name: 'a_list', description: 'Lists every item.' }),
      tool({ name: 'x_get', description: 'Gets an item by id.' }),
    ];
    const out = await runServerRule(identicalDescription, tools);
    expect(out.map((f) => f.data.tools)).toEqual([
      ['a_list', 'b_list'],
      ['x_get', 'y_get', 'z_get'],
    ]);
  });

  it('does not group tools without a description', async () => {
    expect(await runServerRule(identicalDescription, [tool({ name: 'a_tool' }), tool({ name: 'b_tool', description: '  ' })])).toEqual([]);
  });

  it('does not fire for descriptions that differ by one word', async () => {
    const tools = [
      tool({ name: 'search_users', description: 'Searches the directory for users and returns matches.' }),
      tool({ name: 'search_groups', description: 'Searches the directory for groups and returns matches.' }),
    ];
    expect(await runServerRule(identicalDescription, tools)).toEqual([]);
  });

  it('folds every kind of space and only spaces (a single " " is left as it is, a tab or no-break space is one space)', async () => {
    const names = async (descriptions: string[]) =>
      (await runServerRule(identicalDescription, descriptions.map((description, i) => tool({ name: `tool_${i}`, description })))).map((f) => f.data);
    expect(await names(['Reads a file.', 'Reads\ta file.', 'Reads\u00a0a file.', 'Reads \u2003 a\r\nfile.', 'READS A FILE.'])).toEqual([
      { tools: ['tool_0', 'tool_1', 'tool_2', 'tool_3', 'tool_4'] },
    ]);
    expect(await names(['Reads a file.', 'Reads afile.', 'Reads a file .'])).toEqual([]);
  });

  it('groups exactly as folding every description would (the buckets only skip folds), on case, spacing, CJK and İ variants', async () => {
    // The reading before the buckets: every description folded and grouped.
    const foldAll = (s: SurfaceFacts): string[][] => {
      const fold = (text: string) => text.toLowerCase().replace(/\s+/g, ' ');
      const groups = new Map<string, string[]>();
      for (const t of s.tools) {
        if (t.description === '') continue;
        const key = t.hasDescription ? `own\u0000${fold(t.ownDescription)}` : `all\u0000${fold(t.description)}`;
        groups.set(key, [...(groups.get(key) ?? []), t.name]);
      }
      return [...groups.values()].filter((g) => g.length > 1).map((g) => [...g].sort()).sort((a, b) => (a[0]! < b[0]! ? -1 : 1));
    };
    // Words with their variants under case (İ lower-cases to two code units), spaces of every kind, and
    // descriptions drawn from two word sequences, so that many tools fold to the same text.
    const VARIANTS = [['Reads', 'READS', 'reads'], ['İstanbul', 'i̇stanbul', 'İSTANBUL'], ['ファイル', 'ファイル'], ['を読む'], ['Σ', 'σ'], ['Ⓐ', 'ⓐ'], ['e.g', 'E.G'], ['1,000'], ['.'], ['Note.', 'NOTE.']];
    const SPACES = [' ', '  ', '\t', '\n', '\u00a0', '\u3000', ''];
    const sequence = fc.array(fc.nat(VARIANTS.length - 1), { minLength: 0, maxLength: 5 });
    const writing = fc.array(fc.tuple(fc.nat(2), fc.nat(SPACES.length - 1)), { minLength: 5, maxLength: 5 });
    const surface = fc.tuple(sequence, sequence, fc.array(fc.tuple(fc.boolean(), writing), { minLength: 2, maxLength: 7 })).map(([a, b, tools]) =>
      tools.map(([first, w]) => (first ? a : b).map((word, k) => VARIANTS[word]![w[k]![0] % VARIANTS[word]!.length]! + SPACES[w[k]![1]]!).join('')),
    );
    await fc.assert(
      fc.asyncProperty(surface, async (descriptions) => {
        const s = await facts(descriptions.map((d, i) => tool({ name: `tool_${i}`, description: d })));
        expect(identicalDescription.check(s).map((f) => f.data.tools)).toEqual(foldAll(s));
      }),
      { numRuns: 400, seed: 12 },
    );
  });
});
