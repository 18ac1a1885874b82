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

  it('never throws and never returns the unchanged prompt', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 60 }), fc.constantFrom(...MUTATION_KINDS), fc.integer(), (text, kind, seed) => {
        const out = mutatePrompt(text, kind, seed);
        if (out !== null) expect(out).not.toBe(text);
      }),
    );
  });
});
