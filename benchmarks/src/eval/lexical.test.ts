import { describe, expect, it } from 'vitest';
import type { ShownTool } from '../contracts/provider.js';
import { renderTurnRequest } from './render.js';
import { buildLexicalIndex, createLexicalRouter, fillArguments, LEXICAL_VERSION, lexicalTerms, routeLexical } from './lexical.js';
import { shuffled, seededRandom } from './prng.js';

const tool = (name: string, description: string, properties: Record<string, unknown> = {}, required: string[] = []): ShownTool => ({
  name,
  description,
  inputSchema: { type: 'object', properties, required },
});
const tools: ShownTool[] = [
  tool('read_file', 'Read the complete contents of a file from disk.', { path: { type: 'string' } }, ['path']),
  tool('write_file', 'Create a new file or overwrite an existing file with content.', { path: { type: 'string' }, content: { type: 'string' } }, ['path', 'content']),
  tool('search_users', 'Search users whose name contains a text.', { query: { type: 'string' }, limit: { type: 'integer', minimum: 1 } }, ['query', 'limit']),
  tool('fetch_url', 'Fetch a web page and return it as markdown.', { url: { type: 'string' }, format: { enum: ['markdown', 'html'] } }, ['url']),
  tool('set_color_mode', '点群の色分けを切り替える。', { mode: { enum: ['elevation', 'intensity'] } }, ['mode']),
];

describe('lexical baseline router', () => {
  const index = buildLexicalIndex(tools);

  it('tokenises identifiers, stems, drops stop words and splits Japanese into bigrams', () => {
    expect(lexicalTerms('Please readFiles from the disk')).toEqual(['read', 'file', 'disk']);
    expect(lexicalTerms('色分けして')).toEqual(['色分', '分け', 'けし', 'して']);
  });

  it('calls the best-matching tool with the arguments it can fill', () => {
    const d = routeLexical(index, 'Read the file at src/index.ts');
    expect(d.abstained).toBe(false);
    expect(d.calls).toEqual([{ name: 'read_file', argumentsText: '{"path":"src/index.ts"}', arguments: { path: 'src/index.ts' }, parseError: null }]);
    expect(d.ranking[0]!.name).toBe('read_file');
    expect(routeLexical(index, 'Search users named "rossi", limit 5').calls[0]!.arguments).toEqual({ query: 'rossi', limit: 5 });
    expect(routeLexical(index, 'Fetch https://example.com/a as html page').calls[0]!.arguments).toEqual({ url: 'https://example.com/a', format: 'html' });
    expect(routeLexical(index, '点群の色分けを elevation にして').calls[0]).toMatchObject({ name: 'set_color_mode', arguments: { mode: 'elevation' } });
  });

  it('abstains on chit-chat below the threshold', () => {
    for (const u of ['What is the capital of Australia?', 'Tell me a joke about cats.', 'こんにちは！', '']) expect(routeLexical(index, u)).toMatchObject({ abstained: true, calls: [] });
    expect(routeLexical(index, 'file', { threshold: 100 }).abstained).toBe(true);
  });

  it('is deterministic and independent of the tool order', () => {
    const other = buildLexicalIndex(shuffled(seededRandom(9), tools));
    for (const u of ['read the file', 'overwrite the file with content', 'users', 'fetch page']) expect(routeLexical(other, u)).toEqual(routeLexical(index, u));
  });

  it('fills arguments from quotes, "name is value", "as the name", numbers, enums and free text', () => {
    const t = tool('x', '', { name: { type: 'string' }, count: { type: 'number' }, tags: { type: 'array', items: { type: 'string' } }, flag: { type: 'boolean' }, q: { type: 'string' }, obj: { type: 'object' } }, ['name', 'count', 'tags', 'flag', 'q', 'obj']);
    expect(fillArguments(t, 'Use bob as the name, count is 2.5, "red"')).toEqual({ name: 'bob', count: 2.5, tags: ['red'], flag: true, q: 'Use bob as the name, count is 2.5, "red"' });
    expect(fillArguments(tool('y', '', { n: { type: 'integer', minimum: 3 } }, ['n']), 'no digits')).toEqual({ n: 3 });
    expect(fillArguments(tool('z', '', { who: { type: 'string' } }, []), 'optional params stay out')).toEqual({});
  });

  it('answers through the normalised TurnResult, caching the index per tool set', () => {
    const router = createLexicalRouter();
    const req = renderTurnRequest({ model: 'baseline', utterance: 'read the file a.txt', tools, settings: { temperature: 0 } });
    const r = router.turn(req);
    expect(r).toMatchObject({ calls: [{ name: 'read_file' }], truncated: false, unsupported: ['temperature'] });
    expect(r.fingerprint).toContain(LEXICAL_VERSION);
    expect(router.index(shuffled(seededRandom(1), tools))).toBe(router.index(tools));
    expect(router.index(tools.slice(1))).not.toBe(router.index(tools));
    expect(router.turn({ ...req, utterance: 'hello there' })).toMatchObject({ calls: [], text: 'No tool fits this request.' });
  });

  it('keeps the index for re-rendered tools (new objects, same schemas and texts) and builds it again when a text changes', () => {
    const router = createLexicalRouter();
    const first = router.index(renderTurnRequest({ model: 'b', utterance: 'x', tools, settings: {} }).tools);
    expect(router.index(renderTurnRequest({ model: 'b', utterance: 'y', tools: shuffled(seededRandom(4), tools), settings: {} }).tools)).toBe(first);
    // The same schema objects under another description, or another name: another index, the answer of a fresh one.
    const edited = tools.map((t, i) => (i === 0 ? { ...t, description: 'Delete every cat picture.' } : t));
    const again = router.index(edited);
    expect(again).not.toBe(first);
    expect(routeLexical(again, 'delete the cat picture')).toEqual(routeLexical(buildLexicalIndex(edited), 'delete the cat picture'));
    const renamed = tools.map((t, i) => (i === 0 ? { ...t, name: 'load_file' } : t));
    expect(router.index(renamed).docs.map((d) => d.tool.name)).toContain('load_file');
    // Two tools sharing one schema object: never taken for the last set.
    const shared = [tools[0]!, { ...tools[1]!, inputSchema: tools[0]!.inputSchema }];
    expect(router.index(shared)).not.toBe(router.index(shared));
  });

  // Its speed (trials per second) is measured by `npm run bench:eval`, not asserted here: a timed test fails
  // on a busy host (this one did at load 15).
  it('routes a 60-tool surface in any order to the same answers, request after request', () => {
    const words = ['alpha', 'beta', 'gamma', 'delta', 'file', 'user', 'page', 'issue', 'graph', 'node', 'query', 'report'];
    const many = Array.from({ length: 60 }, (_, i) =>
      tool(`tool_${words[i % 12]}_${i}`, `Does ${words[(i * 7) % 12]} work on ${words[(i * 5) % 12]} items for the ${words[i % 12]} system, number ${i}.`, { path: { type: 'string' }, limit: { type: 'integer' } }, ['path']),
    );
    const router = createLexicalRouter();
    const random = seededRandom(3);
    const utterances = Array.from({ length: 300 }, (_, i) => `please run the ${words[i % 12]} ${words[(i * 3) % 12]} thing on "x${i}" with 5`);
    const first = utterances.map((u) => router.turn(renderTurnRequest({ model: 'b', utterance: u, tools: shuffled(random, many), settings: {} })).calls.map((c) => c.name));
    const again = utterances.map((u) => createLexicalRouter().turn(renderTurnRequest({ model: 'b', utterance: u, tools: shuffled(random, many), settings: {} })).calls.map((c) => c.name));
    expect(again).toEqual(first);
    expect(first.filter((calls) => calls.length > 0).length).toBeGreaterThan(0);
  });
});
