import { describe, expect, it } from 'vitest';
import { RunReportSchema } from '../contracts/eval.js';
import { EvalError } from './errors.js';
import { parseRunReport } from './run-report.js';
import type { RunReport } from '../contracts/eval.js';
import { answer, call, perfect, runFixture } from './test/run-fixture.js';

describe('buildRunReport / parseRunReport', () => {
  const report = runFixture(perfect);

  it('records everything needed to reproduce the run', () => {
    expect(RunReportSchema.parse(report)).toEqual(report);
    expect(report).toMatchObject({
      schemaVersion: 2,
      kind: 'toolmark-run',
      codeVersion: 'abc123',
      startedAt: '2026-01-01T00:00:00.000Z',
      baseline: false,
      conditions: { provider: 'openai', model: 'model-a', seed: 1, repeats: 2, permute: true, settings: { temperature: 0, maxOutputTokens: 1024, toolChoice: 'auto' } },
      surface: { toolCount: 3, name: 'users <demo>' },
      distractors: [{ name: 'memory', hash: 'sha256:mem', toolCount: 1 }],
      caseSet: { count: 8, source: 'offline' },
      unsupported: ['seed'],
      thresholds: { ok: true, limits: { minAccuracy: 0.5, maxErrorRate: 0.1, minScored: 1 } },
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
    expect(() => parseRunReport(JSON.stringify({ ...report, schemaVersion: 1 }))).toThrow(/schemaVersion 1 is not supported \(expected 2\)/);
    expect(() => parseRunReport(JSON.stringify({ ...report, conditions: { ...report.conditions, seed: 'x' } }))).toThrow(/conditions.seed/);
  });

  describe('a hand-edited report is refused, naming the first field that disagrees with its own trials', () => {
    const mixed = runFixture((c, i) => (c.id === 'nc:1' && i === 1 ? { error: { code: 'no_answer', message: 'HTTP 200 without a model answer: {}' } } : c.id === 'search_users:1' ? answer([call('list_users')]) : perfect(c, i)));
    const edit = (f: (r: RunReport) => void): string => {
      const copy = structuredClone(mixed);
      f(copy);
      return JSON.stringify(copy);
    };
    const refusal = (text: string): EvalError => {
      try {
        parseRunReport(text);
      } catch (e) {
        if (e instanceof EvalError) return e;
        throw e;
      }
      throw new Error('not refused');
    };

    it('the untouched report is read back as it was', () => {
      expect(parseRunReport(JSON.stringify(mixed))).toEqual(mixed);
      expect(mixed.metrics.selectionAcc).toMatchObject({ numerator: 10, denominator: 12 });
    });

    it('a rate raised outside its own interval', () => {
      const e = refusal(edit((r) => void (r.metrics.selectionAcc.value = 0.99)));
      expect(e.code).toBe('invalid_run_report');
      expect(e.detail.path).toBe('metrics.selectionAcc.value');
      expect(e.message).toMatch(/metrics.selectionAcc.value: the stored value 0.99 disagrees with the value its trials give, 0.8333/);
    });

    it('counts, the error list, a verdict that no longer fits its trial, a flipped pass, the threshold outcome', () => {
      expect(refusal(edit((r) => void (r.metrics.selectionAcc.numerator = 12))).detail.path).toBe('metrics.selectionAcc.numerator');
      expect(refusal(edit((r) => void (r.metrics.providerErrors = []))).detail.path).toMatch(/^metrics\.providerErrors/);
      const errorTrial = mixed.trials.findIndex((t) => t.error !== null);
      expect(refusal(edit((r) => void (r.trials[errorTrial]!.verdict = { ...r.trials[errorTrial]!.verdict, kind: 'correct_abstention', scored: true }))).detail.path).toBe(`trials.${errorTrial}.verdict.kind`);
      const failed = mixed.trials.findIndex((t) => !t.verdict.pass);
      expect(refusal(edit((r) => void (r.trials[failed]!.verdict.pass = true))).detail.path).toMatch(/^metrics\./);
      expect(refusal(edit((r) => void (r.thresholds!.limits.minAccuracy = 0.9))).detail.path).toMatch(/^thresholds\./);
      expect(refusal(edit((r) => void (r.trials[0]!.caseId = 'nope'))).message).toMatch(/unknown case "nope"/);
    });
  });
});
