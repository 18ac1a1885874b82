import { describe, expect, it } from 'vitest';
import { generateOfflineCases, type EvalCase, type Tool } from '@toolmark/benchmarks';
import { listDistractorSets, loadDistractorSet } from './index.js';

// Offline cases must not give the answer away: over ALL the distractor sets, no utterance contains its
// tool's name or the name's words as a phrase. This check is written here, apart from the generator's own
// (benchmarks/src/eval/intent.ts), so a bug in one is not hidden by the other.
//
// A phrase: two or more consecutive words of the name, in the name's order ("data source" for
// API-query-data-source, "browser tab" for browser_tabs; a plural s is ignored), or the whole name in any
// casing or separator form ("read_file", "readFile", "read-file", "READ FILE", "readfile"). For a
// one-token name (none in these sets; see intent.test.ts) the token itself, unless it is a word of the
// description's first line.

const words = (text: string): string[] =>
  text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w));

function phraseOf(utterance: string, tool: Tool): string | null {
  const name = words(tool.name);
  const said = words(utterance);
  const squashed = utterance.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  if (name.length >= 2 && squashed.includes(name.join(''))) {
    // the whole name run together, in any casing or separator form
    const joined = new RegExp(name.map((w) => w.replace(/[^\p{L}\p{N}]/gu, '')).join('[\\s_\\-.]*'), 'iu');
    if (joined.test(utterance)) return tool.name;
  }
  if (name.length === 1) return said.includes(name[0]!) && !words((tool.description ?? '').split('\n')[0]!).includes(name[0]!) ? name[0]! : null;
  for (let i = 0; i + 1 < said.length; i++) for (let j = 0; j + 1 < name.length; j++) if (said[i] === name[j] && said[i + 1] === name[j + 1]) return `${said[i]} ${said[i + 1]}`;
  return null;
}

const sets = listDistractorSets().filter((e) => e.status === 'available');

describe('offline cases over the distractor sets', () => {
  it('covers the six sets', () => {
    expect(sets.map((e) => e.name).sort()).toEqual(['context7', 'filesystem', 'firecrawl', 'memory', 'notion', 'playwright']);
  });

  it('the check itself finds the phrases the old generator wrote', () => {
    const tool = { name: 'API-create-a-data-source', inputSchema: {} } as Tool;
    expect(phraseOf('Could you api create a data source for me?', tool)).not.toBeNull();
    expect(phraseOf('Make a source of the data.', tool)).toBeNull();
    expect(phraseOf('Open it with read_file', { name: 'read_file', inputSchema: {} } as Tool)).toBe('read_file');
    expect(phraseOf('Show the browser tab list', { name: 'browser_tabs', inputSchema: {} } as Tool)).not.toBeNull();
    expect(phraseOf('List the tabs of the browser', { name: 'browser_tabs', inputSchema: {} } as Tool)).toBeNull();
  });

  for (const entry of sets) {
    it(`${entry.name}: exactly 8 cases per tool and language, none with its tool's name as a phrase`, () => {
      const { surface } = loadDistractorSet(entry.name);
      const cases = generateOfflineCases({ surface, seed: 0, languages: ['en', 'ja'] });
      const byName = new Map(surface.tools.map((t) => [t.name, t] as const));
      const leaks: string[] = [];
      for (const c of cases.filter((x: EvalCase) => x.expected !== null)) {
        const phrase = phraseOf(c.utterance, byName.get(c.expected!)!);
        if (phrase !== null) leaks.push(`${c.id}: "${phrase}" in ${c.utterance}`);
      }
      expect(leaks).toEqual([]);
      for (const t of surface.tools) for (const lang of ['en', 'ja']) expect(cases.filter((c) => c.kind === 'tool-directed' && c.expected === t.name && c.language === lang), `${t.name} ${lang}`).toHaveLength(8);
    });
  }
});
