import type { EvalCase, RunReport } from '../../contracts/eval.js';
import type { ProposedCall } from '../../contracts/provider.js';
import type { Surface } from '../../contracts/tool.js';
import { createArgChecker } from '../args.js';
import { planRun } from '../plan.js';
import { buildRunReport } from '../run-report.js';
import { judgeContext, recordTrial, type TrialOutcome } from '../verdict.js';

/** A small surface: two readers, one writer (with a `remember` distractor from a "memory" set). */
export const SURFACE: Surface = {
  tools: [
    { name: 'list_users', description: 'List users.', inputSchema: { type: 'object', properties: {} }, annotations: { readOnlyHint: true } },
    { name: 'search_users', description: 'Search users by name.', inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] }, annotations: { readOnlyHint: true } },
    { name: 'create_user', description: 'Create a <user> & "invite" them.', inputSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } },
  ],
};

/** Cases: two per tool, one tiered, and two no-call cases. */
export const CASES: EvalCase[] = [
  ...SURFACE.tools.flatMap((t) =>
    [1, 2].map((i): EvalCase => ({ id: `${t.name}:${i}`, kind: 'tool-directed', language: 'en', source: 'offline', utterance: `do ${t.name} ${i}`, expected: t.name, tier: t.name === 'create_user' ? 'write' : 'read' })),
  ),
  { id: 'nc:1', kind: 'no-call', language: 'en', source: 'offline', utterance: 'hello', expected: null },
  { id: 'nc:2', kind: 'no-call', language: 'ja', source: 'offline', utterance: 'こんにちは', expected: null },
];

export const call = (name: string, args: unknown = {}): ProposedCall => ({ name, argumentsText: JSON.stringify(args), arguments: args, parseError: null });
export const answer = (calls: ProposedCall[], truncated = false): TrialOutcome => ({
  result: { calls, text: calls.length ? '' : 'no tool', truncated, usage: { inputTokens: 10, outputTokens: 2 }, latencyMs: 50, fingerprint: 'fp', unsupported: [] },
});

/** A run report where `decide(case, trialIndex)` gives the outcome of each trial. */
export function runFixture(decide: (c: EvalCase, trialIndex: number) => TrialOutcome, over: { repeats?: number; seed?: number; model?: string; provider?: string } = {}): RunReport {
  const plan = planRun({
    server: SURFACE,
    distractors: [{ name: 'memory', hash: 'sha256:mem', surface: { tools: [{ name: 'remember', description: 'Remember a fact.', inputSchema: { type: 'object' } }] } }],
    cases: CASES,
    model: over.model ?? 'model-a',
    settings: { temperature: 0 },
    seed: over.seed ?? 1,
    repeats: over.repeats ?? 2,
  });
  const checker = createArgChecker(plan.shown.map((e) => e.source));
  const ctx = judgeContext(plan, checker);
  const records = plan.trials.map((t) => recordTrial(plan, ctx, t, decide(plan.caseById.get(t.caseId)!, t.trialIndex)));
  return buildRunReport({
    plan,
    records,
    unreadableSchemas: checker.unreadable(),
    provider: { id: over.provider ?? 'openai', endpoint: 'https://api.example.com', fingerprint: 'sha256:fp' },
    codeVersion: 'abc123',
    startedAt: '2026-01-01T00:00:00.000Z',
    finishedAt: '2026-01-01T00:01:00.000Z',
    surfaceName: 'users <demo>',
    caseSource: 'offline',
    unsupported: ['seed'],
    thresholds: { minAccuracy: 0.5 },
  });
}

/** The calls of a model that is right on every case. */
export const perfectCalls = (c: EvalCase): ProposedCall[] => (c.expected === null ? [] : [call(c.expected, c.expected === 'search_users' ? { q: 'x' } : c.expected === 'create_user' ? { name: 'n' } : {})]);

/** A model that is right on every case. */
export const perfect = (c: EvalCase, _trialIndex = 0): TrialOutcome => answer(perfectCalls(c));
