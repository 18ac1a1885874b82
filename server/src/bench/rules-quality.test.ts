import { describe, expect, it } from 'vitest';
import type { LintResult } from '@toolmark/benchmarks';
import type { CorpusLabels } from '@toolmark/distractors/corpus';
import { RUBRIC_SERVER_CODES, RUBRIC_TOOL_CODES } from '@toolmark/distractors/corpus';
import { movement, scoreRuleSet } from './rules-quality.js';

// Only the fields the scorer reads; the rest of a LintResult does not matter here.
const finding = (code: string, tool?: string, data: Record<string, unknown> = {}) => ({ code, severity: 'minor', ...(tool ? { tool } : {}), message: code, fields: [], data });
function result(tools: { name: string; score?: number; codes: string[]; with?: string[] }[], server: ReturnType<typeof finding>[] = []): LintResult {
  return {
    tools: tools.map((t) => ({ name: t.name, score: t.score ?? 50, findings: t.codes.map((c) => finding(c, t.name)), confusableWith: t.with ?? [] })),
    findings: server,
  } as unknown as LintResult;
}
const labels = (tools: { name: string; fire: string[] }[], server: string[], pairs: [string, string][]): CorpusLabels =>
  ({
    surface: 's',
    judged: { tool: Object.keys(RUBRIC_TOOL_CODES), server: Object.keys(RUBRIC_SERVER_CODES) },
    tools,
    server,
    pairs: pairs.map((p) => ({ tools: p, reason: 'test pair' })),
  }) as CorpusLabels;

describe('scoreRuleSet on a surface that judges only some codes', () => {
  it('counts a rubric code only where the surface judges it; a code unknown to the rubric still counts as fired', () => {
    const partial = { ...labels([{ name: 'a', fire: ['param_no_description'] }], [], []), judged: { tool: ['param_no_description'], server: ['many_tools'] } } as CorpusLabels;
    const q = scoreRuleSet([{ name: 'p', labels: partial, result: result([{ name: 'a', codes: ['param_no_description', 'too_short', 'brand_new_code'] }], [finding('heavy_surface')]) }]);
    const code = (c: string) => q.codes.find((x) => x.code === c)!;
    expect(code('param_no_description')).toMatchObject({ tp: 1, fp: 0, fn: 0 });
    // too_short and heavy_surface are not judged on this surface: neither a false positive nor a miss.
    expect(code('too_short')).toMatchObject({ tp: 0, fp: 0, fn: 0 });
    expect(code('heavy_surface')).toMatchObject({ tp: 0, fp: 0, fn: 0 });
    expect(code('brand_new_code')).toMatchObject({ severity: 'unlabelled', fp: 1 });
  });
});

describe('scoreRuleSet', () => {
  const l = labels(
    [
      { name: 'a', fire: ['too_short', 'no_required'] },
      { name: 'b', fire: [] },
      { name: 'c', fire: ['too_short'] },
    ],
    ['many_tools'],
    [
      ['a', 'b'],
      ['b', 'c'],
    ],
  );
  const r = result(
    [
      { name: 'a', codes: ['too_short', 'brand_new_code'], with: ['b', 'c'] },
      { name: 'b', codes: ['too_short', 'hidden_instructions'], with: ['a'] },
      { name: 'c', codes: [], with: ['a'] },
    ],
    [finding('many_tools'), finding('heavy_surface'), finding('confusable_pair', undefined, { tools: ['a', 'c'] })],
  );
  const q = scoreRuleSet([{ name: 's', labels: l, result: r }]);
  const code = (c: string) => q.codes.find((x) => x.code === c)!;

  it('counts tp, fp, fn per per-tool code, with where they happened', () => {
    expect(code('too_short')).toMatchObject({ tp: 1, fp: 1, fn: 1, precision: 0.5, recall: 0.5, falsePositives: ['s/b'], falseNegatives: ['s/c'] });
    expect(code('no_required')).toMatchObject({ tp: 0, fp: 0, fn: 1, precision: null, recall: 0 });
    expect(code('no_description')).toMatchObject({ tp: 0, fp: 0, fn: 0, precision: null, recall: null });
  });

  it('reports a code the rubric does not judge as unlabelled, and security alarms', () => {
    expect(code('brand_new_code')).toMatchObject({ severity: 'unlabelled', fp: 1 });
    expect(q.securityAlarms).toEqual(['s/b: hidden_instructions']);
  });

  it('judges server codes per surface and pairs from confusableWith (all) and from the findings (reported)', () => {
    expect(code('many_tools')).toMatchObject({ tp: 1, fp: 0, fn: 0 });
    expect(code('heavy_surface')).toMatchObject({ tp: 0, fp: 1, fn: 0 });
    expect(code('confusable_pair')).toMatchObject({ tp: 1, fp: 1, fn: 1, falsePositives: ['s/a + c'], falseNegatives: ['s/b + c'] });
    expect(q.reportedPairs).toMatchObject({ tp: 0, fp: 1, fn: 2 });
  });

  it('sums severity classes without the pairs', () => {
    const requiredCodes = q.codes.filter((c) => c.severity === 'required' && c.code !== 'confusable_pair');
    expect(q.bySeverity.required.tp).toBe(requiredCodes.reduce((n, c) => n + c.tp, 0));
    expect(q.bySeverity.required.fp).toBe(1); // too_short on b; hidden_instructions is critical, heavy_surface minor, the pair apart
    expect(q.bySeverity.critical.fp).toBe(1);
  });
});

describe('movement', () => {
  it('counts tools whose score went up or down and the codes added or removed', () => {
    const before = result([
      { name: 'a', score: 50, codes: ['too_short'], with: ['b'] },
      { name: 'b', score: 60, codes: [], with: ['a'] },
    ]);
    const after = result([
      { name: 'a', score: 55, codes: ['no_required'] },
      { name: 'b', score: 60, codes: [] },
    ]);
    expect(movement([before], [after])).toEqual({
      tools: 2,
      findingsChanged: 1,
      scoreUp: 1,
      scoreDown: 0,
      added: { no_required: 1 },
      removed: { too_short: 1 },
      severity: {},
      pairsAdded: 0,
      pairsRemoved: 1,
    });
  });

  it('counts a code kept at another severity apart from added and removed (its highest severity per tool)', () => {
    const before = result([
      { name: 'a', codes: ['no_usage_context', 'too_short'] },
      { name: 'b', codes: ['no_usage_context'] },
    ]);
    const after = result([
      { name: 'a', codes: ['no_usage_context', 'too_short'] },
      { name: 'b', codes: ['no_usage_context', 'no_usage_context'] },
    ]);
    const sev = (r: LintResult, tool: string, i: number, severity: string) => ((r.tools.find((t) => t.name === tool)!.findings[i] as { severity: string }).severity = severity);
    sev(before, 'a', 0, 'required');
    sev(before, 'b', 0, 'required');
    sev(after, 'b', 1, 'required'); // still required at its highest: unchanged
    const m = movement([before], [after]);
    expect(m.severity).toEqual({ 'no_usage_context: required → minor': 1 });
    expect([m.findingsChanged, m.added, m.removed]).toEqual([1, {}, {}]);
  });
});

describe('precision at required (P@req)', () => {
  it('counts only the findings the rule set itself gave at required or critical', () => {
    const l = labels(
      [
        { name: 'a', fire: ['no_usage_context'] },
        { name: 'b', fire: [] },
        { name: 'c', fire: [] },
      ],
      [],
      [],
    );
    const r = result([
      { name: 'a', codes: ['no_usage_context'] },
      { name: 'b', codes: ['no_usage_context'] },
      { name: 'c', codes: ['no_usage_context'] },
    ]);
    // a and b at required (one right, one wrong), c at minor (wrong, but held to no precision target).
    const severities: Record<string, string> = { a: 'required', b: 'required', c: 'minor' };
    for (const t of r.tools) for (const f of t.findings) (f as { severity: string }).severity = severities[t.name]!;
    const q = scoreRuleSet([{ name: 's', labels: l, result: r }]).codes.find((c) => c.code === 'no_usage_context')!;
    expect([q.tp, q.fp, q.precision]).toEqual([1, 2, 1 / 3]);
    expect(q.atRequired).toEqual({ tp: 1, fp: 1, precision: 0.5 });
  });
});
