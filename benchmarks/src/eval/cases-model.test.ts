import { describe, expect, it } from 'vitest';
import { TurnRequestSchema } from '../contracts/provider.js';
import { buildGeneratorRequest, fitCasesPerTool, GENERATOR_SYSTEM, parseGeneratorReply } from './cases-model.js';
import { shortfallMessage } from './cases-offline.js';
import { EvalError } from './errors.js';

const tools = [
  { name: 'list_users', description: 'List users.', inputSchema: { type: 'object', properties: { limit: { type: 'integer' } } } },
  { name: 'search_users', description: 'Search users.', inputSchema: { type: 'object' } },
];

describe('buildGeneratorRequest', () => {
  it('puts names, descriptions and schemas in the utterance, shows no callable tools, and goes through the one renderer', () => {
    const req = buildGeneratorRequest({ model: 'g', tools, languages: ['en', 'ja'], confusablePairs: [['list_users', 'search_users']] });
    expect(TurnRequestSchema.parse(req)).toEqual(req);
    expect(req.system).toBe(GENERATOR_SYSTEM);
    expect(req.tools).toEqual([]);
    expect(req.utterance).toContain('"name":"list_users"');
    expect(req.utterance).toContain('"inputSchema":{"type":"object","properties":{"limit":{"type":"integer"}}}');
    expect(req.utterance).toContain('["en","ja"]');
    expect(req.utterance).toContain('8 utterances per tool');
    expect(req.utterance).toContain('"no-call": 3 utterances');
    expect(req.utterance).toContain('[["list_users","search_users"]]');
    expect(buildGeneratorRequest({ model: 'g', tools }).utterance).not.toContain('for each pair below');
  });
});

describe('parseGeneratorReply', () => {
  const reply = JSON.stringify({
    cases: [
      { kind: 'tool-directed', language: 'en', expected: 'list_users', utterance: 'Who is in the workspace?' },
      { kind: 'tool-directed', language: 'en', expected: 'list_users', utterance: 'Show everyone.' },
      { kind: 'confusable', language: 'ja', expected: 'search_users', utterance: '名前に rossi を含む人を探して' },
      { kind: 'no-call', language: 'en', expected: null, utterance: 'Tell me a joke.' },
      { kind: 'tool-directed', language: 'en', expected: 'delete_users', utterance: 'Remove everyone.' },
      { kind: 'tool-directed', language: 'en', expected: 'invent_tool', utterance: 'x' },
      { kind: 'tool-directed', language: 'en', expected: 'list_users', utterance: 'Show everyone.' },
      { kind: 'no-call', language: 'en', expected: 'list_users', utterance: 'mismatch' },
      { kind: 'tool-directed', language: 'fr', expected: 'list_users', utterance: 'Montre tout le monde' },
      'not an object',
    ],
  });

  it('keeps valid cases with stable ids and drops and counts the rest', () => {
    const r = parseGeneratorReply(reply, ['list_users', 'search_users']);
    expect(r.cases.map((c) => c.id)).toEqual(['gen:tool-directed:list_users:en:1', 'gen:tool-directed:list_users:en:2', 'gen:confusable:search_users:ja:1', 'gen:no-call:none:en:1']);
    expect(r.cases.every((c) => c.source === 'model')).toBe(true);
    expect(r.dropped).toEqual({ unknownTool: 2, invalid: 3, duplicate: 1 });
    expect(r.unknownTools).toEqual(['delete_users', 'invent_tool']);
  });

  it('finds JSON in a fenced block or surrounded by prose', () => {
    const one = JSON.stringify({ cases: [{ kind: 'no-call', language: 'en', expected: null, utterance: 'hi' }] });
    expect(parseGeneratorReply('```json\n' + one + '\n```', []).cases).toHaveLength(1);
    expect(parseGeneratorReply('Here you go: ' + one + ' Enjoy!', []).cases).toHaveLength(1);
  });

  it('refuses a reply without JSON or without a cases array', () => {
    expect(() => parseGeneratorReply('no json here', [])).toThrow(EvalError);
    expect(() => parseGeneratorReply('{"items": []}', [])).toThrow(/no "cases" array/);
  });
});

describe('fitCasesPerTool', () => {
  const td = (expected: string, n: number) => ({ id: `${expected}${n}`, kind: 'tool-directed' as const, language: 'en' as const, source: 'model' as const, utterance: `u${n}`, expected });
  it('keeps at most N per tool and language and names the tools the model wrote fewer for', () => {
    const cases = [td('list_users', 1), td('list_users', 2), td('list_users', 3), td('search_users', 1), td('search_users', 2)];
    const two = fitCasesPerTool(cases, ['list_users', 'search_users'], ['en'], 2);
    expect(two.cases.map((c) => c.id)).toEqual(['list_users1', 'list_users2', 'search_users1', 'search_users2']);
    expect(two.shortfalls).toEqual([]);
    const three = fitCasesPerTool(cases, ['list_users', 'search_users'], ['en'], 3);
    expect(three.shortfalls).toEqual([{ tool: 'search_users', language: 'en', asked: 3, possible: 2 }]);
    expect(shortfallMessage(three.shortfalls, 'the generator model g')).toBe(
      '--cases-per-tool 3: the generator model g can give fewer distinct cases for 1 tool(s): search_users (en): 2; ask for at most 2 or write a task set',
    );
  });
});
