import { describe, expect, it } from 'vitest';
import type { LintResult } from '../contracts/lint-result.js';
import type { Surface } from '../contracts/tool.js';
import { confusablePairsOf, generateOfflineCases } from './cases-offline.js';

const surface: Surface = {
  tools: [
    { name: 'list_users', description: 'List every user in the workspace.', inputSchema: { type: 'object', properties: { limit: { type: 'integer', minimum: 1, maximum: 100 } } } },
    { name: 'search_users', description: 'Search users whose name contains a text.', inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] } },
    { name: 'setColorMode', description: 'Colour the point cloud.', inputSchema: { type: 'object', properties: { mode: { enum: ['elevation', 'intensity'] } } } },
    { name: 'ping', description: 'Check that the server answers.', inputSchema: { type: 'object' } },
  ],
};
const lint = {
  confusablePairs: { total: 1, top: [{ tools: ['search_users', 'list_users'] as [string, string], similarity: 0.7, descriptionSimilarity: 0.7, nameSimilarity: 0.5 }] },
  tools: [
    { name: 'list_users', confusableWith: ['search_users'] },
    { name: 'search_users', confusableWith: ['list_users'] },
    { name: 'setColorMode', confusableWith: [] },
    { name: 'ping', confusableWith: ['nope'] },
  ],
} as unknown as Pick<LintResult, 'confusablePairs' | 'tools'>;

describe('generateOfflineCases', () => {
  const cases = generateOfflineCases({ surface, lint, seed: 5, languages: ['en', 'ja'] });

  it('makes 8 tool-directed cases per tool, 2 per tool of each confusable pair, and a fifth as many no-call cases (at least 15 % of all), per language', () => {
    for (const lang of ['en', 'ja'] as const) {
      const mine = cases.filter((c) => c.language === lang);
      const directed = mine.filter((c) => c.kind === 'tool-directed');
      for (const t of surface.tools) expect(directed.filter((c) => c.expected === t.name).length, `${lang} ${t.name}`).toBe(8);
      expect(mine.filter((c) => c.kind === 'confusable').map((c) => [c.expected, c.pairedWith])).toEqual([
        ['list_users', 'search_users'],
        ['list_users', 'search_users'],
        ['search_users', 'list_users'],
        ['search_users', 'list_users'],
      ]);
      const confusable = mine.filter((c) => c.kind === 'confusable').length;
      expect(mine.filter((c) => c.kind === 'no-call')).toHaveLength(Math.max(Math.round(directed.length / 5), Math.ceil((0.15 * (directed.length + confusable)) / 0.85)));
      expect(mine.filter((c) => c.kind === 'no-call').every((c) => c.expected === null)).toBe(true);
    }
  });

  it('is deterministic per seed, with unique ids and utterances per tool', () => {
    expect(generateOfflineCases({ surface, lint, seed: 5, languages: ['en', 'ja'] })).toEqual(cases);
    expect(generateOfflineCases({ surface, lint, seed: 6, languages: ['en', 'ja'] })).not.toEqual(cases);
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
    const directed = cases.filter((c) => c.kind === 'tool-directed' && c.expected === 'setColorMode' && c.language === 'en');
    expect(new Set(directed.map((c) => c.utterance)).size).toBe(8);
  });

  it('writes the description\'s intent with parameter names and enum values, never the tool\'s name', () => {
    const en = cases.filter((c) => c.expected === 'setColorMode' && c.language === 'en').map((c) => c.utterance);
    expect(en.join('\n')).toMatch(/colour the point cloud/i);
    expect(en.join('\n')).toMatch(/elevation|intensity/);
    expect(en.join('\n')).not.toMatch(/set ?colou?r ?mode/i);
    // "Search users whose name…": the name's words in the name's order are broken up with a synonym.
    const search = cases.filter((c) => c.expected === 'search_users' && c.kind === 'tool-directed' && c.language === 'en').map((c) => c.utterance);
    expect(search.every((u) => !/search[\s_-]*users?\b/i.test(u))).toBe(true);
    expect(search.some((u) => /\b(look for|find) users whose name contains a text\b/i.test(u))).toBe(true);
    const ja = cases.filter((c) => c.expected === 'search_users' && c.language === 'ja').map((c) => c.utterance).join('\n');
    expect(ja).toMatch(/[\u3040-\u30ff]/u);
    expect(ja).not.toMatch(/search users/i);
    // A one-word name the description uses for its intent ("Check …" for a tool named "check") may appear; "ping" may not.
    expect(cases.filter((c) => c.expected === 'ping').every((c) => !/\bping\b/i.test(c.utterance))).toBe(true);
  });

  it('gives exactly the count asked for, or says which tool cannot have it and how many are possible', () => {
    const one = generateOfflineCases({ surface, seed: 3, perTool: 13 });
    for (const t of surface.tools) expect(one.filter((c) => c.kind === 'tool-directed' && c.expected === t.name)).toHaveLength(13);
    const bare = { tools: [...surface.tools, { name: 'noop', inputSchema: { type: 'object' } }] };
    expect(() => generateOfflineCases({ surface: bare, seed: 3, perTool: 2 })).toThrow(
      '--cases-per-tool 2: the offline generator can give fewer distinct cases for 1 tool(s): noop (en): 0; ask for at most 0 or write a task set',
    );
    try {
      generateOfflineCases({ surface, seed: 3, perTool: 100 });
      expect.unreachable();
    } catch (e) {
      expect((e as { code: string }).code).toBe('cases_unavailable');
      expect((e as { detail: { shortfalls: { tool: string; possible: number }[] } }).detail.shortfalls.map((s) => s.tool)).toContain('ping');
      expect((e as Error).message).toMatch(/ping \(en\): \d+/);
    }
  });

  it('honours counts and defaults to English', () => {
    const small = generateOfflineCases({ surface, seed: 1, perTool: 3, noCallShare: 0.5 });
    expect(small.every((c) => c.language === 'en')).toBe(true);
    expect(small.filter((c) => c.kind === 'tool-directed')).toHaveLength(12);
    expect(small.filter((c) => c.kind === 'no-call')).toHaveLength(6);
    expect(small.filter((c) => c.kind === 'confusable')).toHaveLength(0);
    const many = generateOfflineCases({ surface: { tools: [surface.tools[0]!] }, seed: 1, perTool: 1, noCallShare: 30 });
    expect(many.filter((c) => c.kind === 'tool-directed')).toHaveLength(1);
    expect(new Set(many.filter((c) => c.kind === 'no-call').map((c) => c.utterance)).size).toBe(30);
  });

  it('reads every confusable pair once from the lint result, ignoring names off the surface when generating', () => {
    expect(confusablePairsOf(lint)).toEqual([
      ['list_users', 'search_users'],
      ['nope', 'ping'],
    ]);
  });
});

describe('offline cases and the task-set lint', () => {
  it('keep no-call cases at or above the lint floor of all cases, confusable cases included', async () => {
    const { generateOfflineCases: generate } = await import('./cases-offline.js');
    const { TASK_LINT_DEFAULTS } = await import('./task-lint.js');
    const tools = Array.from({ length: 6 }, (_, i) => ({ name: `search_items_${i}`, description: `Search items of kind ${i} by keyword.`, inputSchema: { type: 'object' } }));
    // A lint result that marks every pair confusable: the most confusable cases a surface can get.
    const lint = {
      confusablePairs: { total: 15, top: [] },
      tools: tools.map((t) => ({ name: t.name, confusableWith: tools.filter((o) => o.name !== t.name).map((o) => o.name) })),
    } as unknown as Parameters<typeof generate>[0]['lint'];
    for (const perTool of [1, 3, 8]) {
      const cases = generate({ surface: { tools }, lint, seed: 7, perTool, languages: ['en', 'ja'] });
      for (const lang of ['en', 'ja'] as const) {
        const mine = cases.filter((c) => c.language === lang);
        const noCall = mine.filter((c) => c.kind === 'no-call').length;
        expect(noCall / mine.length, `${perTool} per tool, ${lang}`).toBeGreaterThanOrEqual(TASK_LINT_DEFAULTS.minNoCallShare);
      }
    }
  });
});
