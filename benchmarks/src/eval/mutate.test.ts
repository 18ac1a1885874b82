import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { TaskSet } from '../contracts/eval.js';
import { MUTATION_KINDS, mutatePrompt, mutateTaskSet } from './mutate.js';

const set: TaskSet = {
  version: 1,
  tasks: [
    { id: 'a', prompt: 'Can you show me all the users in the workspace?', expected: 'list_users', tier: 'read' },
    { id: 'b', prompt: '点が細かすぎるので大きくして', expected: 'set_point_size' },
    { id: 'c', prompt: 'Tell me a joke', expected: null },
  ],
};

describe('mutateTaskSet', () => {
  it('rewrites each task by each kind, keeping expectations, deterministically', () => {
    const out = mutateTaskSet(set, 7);
    expect(out).toEqual(mutateTaskSet(set, 7));
    expect(out.tasks.length).toBeGreaterThanOrEqual(13);
    for (const t of out.tasks) {
      const orig = set.tasks.find((o) => t.id.startsWith(`${o.id}~`))!;
      expect(t.expected).toBe(orig.expected);
      expect(t.prompt).not.toBe(orig.prompt);
      expect(t.tags!.some((x) => x.startsWith('mutation:'))).toBe(true);
    }
    expect(new Set(out.tasks.map((t) => t.id)).size).toBe(out.tasks.length);
    expect(mutateTaskSet(set, 7, ['polite'], { includeOriginals: true }).tasks.slice(0, 3)).toEqual(set.tasks);
  });

  it('writes sensible English variants', () => {
    const p = 'Can you show me all the users in the workspace?';
    expect(mutatePrompt(p, 'imperative', 1)).toBe('Show me all the users in the workspace.');
    expect(mutatePrompt('Show me all the users.', 'question', 1)).toMatch(/^(Can|Could|Will) you show me all the users\?$/);
    expect(mutatePrompt(p, 'polite', 1)).toMatch(/^(Could you please|Would you kindly|Please could you) show me/);
    expect(mutatePrompt(p, 'casual', 1)).toMatch(/show me all the users in the workspace/);
    const typo = mutatePrompt(p, 'typo', 1)!;
    expect(Math.abs(typo.length - p.length)).toBeLessThanOrEqual(1);
  });

  it('writes Japanese variants where sensible', () => {
    expect(mutatePrompt('点が細かすぎるので大きくして', 'polite', 1)).toMatch(/大きく(してください。|していただけますか？)$/);
    expect(mutatePrompt('点が細かすぎるので大きくしてください', 'imperative', 1)).toBe('点が細かすぎるので大きくして。');
    expect(mutatePrompt('点が細かすぎるので大きくして', 'question', 1)).toMatch(/して(もらえますか？|くれる？)$/);
    expect(mutatePrompt('標高での色分け', 'imperative', 1)).toBeNull();
  });

  // Concrete sentences for every kind and every form a prompt can take: the rewrite must stay grammatical
  // (an imperative of a question is null, never "What is the capital of Australia."; a statement is never
  // forced behind "Could you please …?").
  it.each([
    ['Show me all the users in the workspace', { casual: 'hey, show me all the users in the workspace', polite: 'Would you kindly show me all the users in the workspace?', imperative: 'Show me all the users in the workspace.', question: 'Could you show me all the users in the workspace?' }],
    ['I want to delete the draft', { casual: 'hey, delete the draft', polite: 'Could you please delete the draft? Thanks a lot.', imperative: 'Delete the draft.', question: 'Could you delete the draft?' }],
    ['What is the capital of Australia?', { casual: 'what is the capital of Australia?', polite: 'Excuse me, what is the capital of Australia?', imperative: null, question: null }],
    ['Is there an open invoice for Rossi?', { polite: 'Sorry to bother you, is there an open invoice for Rossi? Thank you.', imperative: null, question: null }],
    ['My invoices are missing.', { polite: 'My invoices are missing. Could you help, please?', imperative: null, question: 'My invoices are missing. Could you look into it?' }],
    ['I need the list of users', { polite: 'I need the list of users. Could you help, please?', imperative: null, question: 'I need the list of users. Can you help?' }],
    ['標高で色分けして', { casual: 'ねえ、標高で色分けしてよ', polite: '標高で色分けしてください。', imperative: '標高で色分けして。', question: '標高で色分けしてもらえますか？' }],
    ['ひび割れの所見を起票してください', { casual: 'ねえ、ひび割れの所見を起票して', polite: 'ひび割れの所見を起票してください。', imperative: 'ひび割れの所見を起票して。', question: 'ひび割れの所見を起票してくれる？' }],
    ['秋の落ち葉について俳句を詠んで。', { polite: '秋の落ち葉について俳句を詠んでいただけますか？', question: '秋の落ち葉について俳句を詠んでもらえますか？' }],
    ['大陸はいくつありますか？', { casual: 'ねえ、大陸はいくつありますか？', polite: 'すみません、大陸はいくつありますか？', imperative: null, question: null }],
    ['金魚の名前', { casual: 'ねえ、金魚の名前をお願い', polite: '金魚の名前をお願いします。', imperative: null, question: '金魚の名前をお願いできますか？' }],
    ['ロミオとジュリエットのあらすじを二行で。', { polite: 'ロミオとジュリエットのあらすじを二行でお願いします。', question: 'ロミオとジュリエットのあらすじを二行でお願いできますか？' }],
    ['所見を公開したい', { casual: '所見を公開したいんだけど、いい？', polite: '所見を公開したい。よろしくお願いします。', imperative: null, question: '所見を公開したい。お願いできますか？' }],
  ] as const)('writes grammatical rewrites of "%s"', (prompt, expected) => {
    for (const [kind, sentence] of Object.entries(expected)) expect(mutatePrompt(prompt, kind as (typeof MUTATION_KINDS)[number], 1), kind).toBe(sentence);
  });

  it('never throws and never returns the unchanged prompt', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 60 }), fc.constantFrom(...MUTATION_KINDS), fc.integer(), (text, kind, seed) => {
        const out = mutatePrompt(text, kind, seed);
        if (out !== null) expect(out).not.toBe(text);
      }),
    );
  });
});
