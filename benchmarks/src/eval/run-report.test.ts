import { describe, expect, it } from 'vitest';
import { RunReportSchema } from '../contracts/eval.js';
import { EvalError } from './errors.js';
import { parseRunReport } from './run-report.js';
import { perfect, runFixture } from './test/run-fixture.js';

describe('buildRunReport / parseRunReport', () => {
  const report = runFixture(perfect);

  it('records everything needed to reproduce the run', () => {
    expect(RunReportSchema.parse(report)).toEqual(report);
    expect(report).toMatchObject({
      schemaVersion: 1,
      kind: 'toolmark-run',
      codeVersion: 'abc123',
      startedAt: '2026-01-01T00:00:00.000Z',
      baseline: false,
      conditions: { provider: 'openai', model: 'model-a', seed: 1, repeats: 2, permute: true, settings: { temperature: 0, maxOutputTokens: 1024, toolChoice: 'auto' } },
      surface: { toolCount: 3, name: 'users <demo>' },
      distractors: [{ name: 'memory', hash: 'sha256:mem', toolCount: 1 }],
      caseSet: { count: 8, source: 'offline' },
      unsupported: ['seed'],
      thresholds: { ok: true },
    });
    expect(report.surface.hash).toMatch(/^sha256:/);
    expect(report.shownSurfaceHash).not.toBe(report.surface.hash);
    expect(report.conditions.caseSetHash).toBe(report.caseSet.hash);
    expect(report.trials).toHaveLength(16);
    expect(report.metrics.selectionAcc.value).toBe(1);
    expect(runFixture(perfect, { provider: 'lexical' }).baseline).toBe(true);
  });

  it('round-trips through JSON and refuses other versions and malformed reports', () => {
    expect(parseRunReport(JSON.stringify(report))).toEqual(report);
    expect(() => parseRunReport('{')).toThrow(EvalError);
    expect(() => parseRunReport(JSON.stringify({ ...report, schemaVersion: 2 }))).toThrow(/schemaVersion 2 is not supported/);
    expect(() => parseRunReport(JSON.stringify({ ...report, conditions: { ...report.conditions, seed: 'x' } }))).toThrow(/conditions.seed/);
  });
});
