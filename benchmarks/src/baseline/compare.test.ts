import { describe, expect, it } from 'vitest';
import type { LintResult } from '../contracts/lint-result.js';
import { sampleResult, sampleTool } from '../report/sample-result.js';
import { compareLint, isBandDrop } from './compare.js';
import { findingsOnlyIn } from './finding-key.js';
import { DEFAULT_GATE, regressions } from './gate.js';
import { renderRegressions } from './render-gate.js';

const SECURITY = new Set(['prompt_injection']);

/** The sample with delete_user fallen to rain→ worse, search_users fallen a band, a new security finding. */
function regressed(): LintResult {
  const r = sampleResult();
  const [list, , del] = r.tools;
  if (!list || !del) throw new Error('sample changed');
  r.tools = [
    list,
    sampleTool('search_users', 35, [
      { code: 'no_usage_context', severity: 'required', message: 'nothing about when to use or not use this tool', fields: ['description'], data: {} },
      { code: 'prompt_injection', severity: 'minor', message: 'the description tells the model to ignore its instructions', fields: ['description'], data: {} },
    ]),
    del,
    sampleTool('new_tool', 90),
  ];
  r.score = 49.8;
  return r;
}

describe('compareLint', () => {
  it('reports nothing for the same result', () => {
    const c = compareLint(sampleResult(), sampleResult(), SECURITY);
    expect(c).toMatchObject({ delta: 0, tools: [], unchanged: 3, newFindings: [], fixedFindings: [] });
    expect(regressions(c, DEFAULT_GATE)).toEqual([]);
  });

  it('lists moved, added and removed tools by name with their deltas and band drops', () => {
    const base = sampleResult();
    base.tools.push(sampleTool('old_tool', 60));
    const c = compareLint(base, regressed(), SECURITY);
    expect(c.delta).toBe(-3.2);
    expect(c.tools.map((t) => [t.name, t.delta, t.bandDown])).toEqual([
      ['new_tool', null, false],
      ['old_tool', null, false],
      ['search_users', -20, true],
    ]);
    expect(c.unchanged).toBe(2);
    expect(c.newFindings.map((f) => [f.finding.code, f.security])).toEqual([['prompt_injection', true]]);
    expect(c.fixedFindings.map((f) => f.finding.code)).toEqual(['loose_string_param']);
  });

  it('counts repeated findings: three where there were two is one new', () => {
    const f = { code: 'x', severity: 'minor' as const, message: 'm', fields: ['a'], data: {} };
    expect(findingsOnlyIn([f, f, f], [f, f])).toHaveLength(1);
    expect(findingsOnlyIn([f], [{ ...f, message: 'other count' }])).toHaveLength(0);
    expect(findingsOnlyIn([{ ...f, severity: 'required' }], [f])).toHaveLength(1);
  });

  it('orders bands sunny > cloudy > rain', () => {
    expect(isBandDrop('sunny', 'cloudy')).toBe(true);
    expect(isBandDrop('rain', 'cloudy')).toBe(false);
    expect(isBandDrop('cloudy', 'cloudy')).toBe(false);
  });
});

describe('regressions', () => {
  const c = compareLint(sampleResult(), regressed(), SECURITY);

  it('fails on the mean, the band drop and the new security finding, tool by tool', () => {
    const list = regressions(c, DEFAULT_GATE);
    expect(list.map((r) => [r.kind, r.tool])).toEqual([
      ['mean-drop', undefined],
      ['band-drop', 'search_users'],
      ['new-security-finding', 'search_users'],
    ]);
    expect(list[0]?.message).toBe('server mean fell 3.2 points (53.0 → 49.8), more than --max-drop 0');
    const text = renderRegressions(list, 'base.json');
    expect(text).toContain('3 regressions against the baseline base.json:');
    expect(text).toContain('  search_users:\n    - fell from cloudy to rain (55 → 35)\n    - new minor finding prompt_injection');
  });

  it('follows the policy: a tolerance for the mean, band drops and security off', () => {
    expect(regressions(c, { ...DEFAULT_GATE, maxDrop: 3.2, bandDrop: false, security: false })).toEqual([]);
    // With security off, a minor security finding still fails when --fail-on minor asks for it.
    expect(regressions(c, { maxDrop: 5, bandDrop: false, security: false, failOn: 'minor' }).map((r) => r.kind)).toEqual(['new-finding']);
  });

  it('fails on a new required finding by default, not on a new minor one', () => {
    const after = sampleResult();
    const tool = after.tools[0];
    if (!tool) throw new Error('sample changed');
    tool.findings.push({ code: 'too_short', severity: 'required', message: 'description is too short', fields: ['description'], data: {}, tool: tool.name });
    tool.findings.push({ code: 'no_example', severity: 'minor', message: 'no example', fields: ['description'], data: {}, tool: tool.name });
    const list = regressions(compareLint(sampleResult(), after, SECURITY), DEFAULT_GATE);
    expect(list).toEqual([{ kind: 'new-finding', tool: 'list_users', message: 'new required finding too_short: description is too short' }]);
    expect(regressions(compareLint(sampleResult(), after, SECURITY), { ...DEFAULT_GATE, failOn: 'none' })).toEqual([]);
  });

  it('renders hostile tool names visibly and says when all is clear', () => {
    expect(renderRegressions([], 'b.json')).toBe('no regression against the baseline b.json\n');
    const text = renderRegressions([{ kind: 'band-drop', tool: 'evil\u202Ename', message: 'x\ny' }], 'b');
    expect(text).not.toContain('\u202E');
    expect(text).toBe('1 regression against the baseline b:\n  evil<U+202E>name:\n    - x<U+000A>y\n');
  });
});

describe('a baseline against a surface without tools', () => {
  it('is a regression (the mean is gone), with every tool listed as removed', () => {
    const empty = sampleResult();
    empty.tools = [];
    empty.findings = [];
    empty.score = null;
    empty.band = null;
    const c = compareLint(sampleResult(), empty, SECURITY);
    expect(c.delta).toBeNull();
    expect(c.tools.every((t) => t.after === null)).toBe(true);
    expect(regressions(c, DEFAULT_GATE)).toEqual([{ kind: 'mean-lost', message: 'the surface has no tools any more (baseline mean 53.0)' }]);
  });
});
