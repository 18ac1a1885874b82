import { describe, expect, it } from 'vitest';
import { diffRuns } from './diff.js';
import { renderRunBadgeSvg } from './report-badge.js';
import { escapeHtml } from './report-html.js';
import { renderDiffText, renderRunReport, RUN_FORMATS } from './report-render.js';
import { parseRunReport } from './run-report.js';
import { answer, call, perfect, runFixture } from './test/run-fixture.js';

const mixed = runFixture((c, i) => {
  if (c.id === 'search_users:1') return answer([call('list_users')]);
  if (c.id === 'create_user:1') return answer([call('create_user', { name: 5 })]);
  if (c.id === 'nc:1' && i === 1) return { error: { code: 'timeout', message: 'slow' } };
  if (c.id === 'nc:2') return answer([call('remember')]);
  return perfect(c, i);
});
const baseline = runFixture(perfect, { provider: 'lexical' });

describe('renderRunReport', () => {
  it('renders every format from the same report', () => {
    for (const f of RUN_FORMATS) expect(renderRunReport(mixed, f).length).toBeGreaterThan(50);
    expect(parseRunReport(renderRunReport(mixed, 'json'))).toEqual(mixed);
  });

  it('terminal: metrics with counts and intervals, tiers, mistakes, thresholds', () => {
    const t = renderRunReport(mixed, 'terminal');
    expect(t).toContain('toolmark run — model-a via openai');
    expect(t).toMatch(/Tool selection \(selectionAcc\)\s+83.3 % \(10\/12, 95 % CI/);
    expect(t).toMatch(/False calls \(falseCallRate\)\s+66.7 % \(2\/3/);
    expect(t).toContain('search_users → list_users  ×2');
    expect(t).toContain('(none) → remember  ×2');
    expect(t).toContain('per tier:');
    expect(t).toContain('unsupported by the provider: seed');
    expect(t).toContain('thresholds: ok');
  });

  it('labels the lexical baseline "baseline" in every format', () => {
    for (const f of ['terminal', 'markdown', 'html', 'junit', 'badge'] as const) expect(renderRunReport(baseline, f), f).toMatch(/baseline/);
    expect(renderRunBadgeSvg(baseline)).toContain('tool selection (baseline)');
    expect(renderRunReport(mixed, 'badge')).not.toMatch(/baseline/);
  });

  it('markdown: a metric table and escaped names', () => {
    const md = renderRunReport(mixed, 'markdown');
    expect(md).toContain('| metric | value |');
    expect(md).toContain('| search\\_users | list\\_users | 2 |');
    expect(md).toContain('users \\<demo\\>');
  });

  it('html: escapes every text from the surface and the cases, no scripts', () => {
    const html = renderRunReport(mixed, 'html');
    expect(html).toContain('users &lt;demo&gt;');
    expect(html).not.toContain('<demo>');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('class="miss"');
    expect(escapeHtml(`<a href="x">'&</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&lt;/a&gt;');
  });

  it('junit: one test case per trial; failures typed by their real kind, provider errors as <error>, truncations skipped', () => {
    const x = renderRunReport(mixed, 'junit');
    expect(x).toMatch(/<testsuites name="toolmark" tests="16" failures="6" errors="1" skipped="0">/);
    expect(x).toContain('<failure message="wrong_tool" type="wrong_tool"');
    // The right tool with an argument of the wrong type: the argument error's kind, never "correct".
    expect(x).toContain('<failure message="correct: wrong_type" type="wrong_type"');
    expect(x).not.toContain('type="correct"');
    expect(x).toContain('argument name: wrong_type');
    expect(x).toContain('<error message="provider error: timeout" type="timeout">slow</error>');
    expect(x).not.toContain('<skipped message="provider error');
    const truncated = renderRunReport(runFixture((c, i) => (c.id === 'nc:1' && i === 0 ? answer([], true) : perfect(c, i))), 'junit');
    expect(truncated).toMatch(/failures="0" errors="0" skipped="1"/);
    expect(truncated).toContain('<skipped message="truncated answer');
    expect([...x].some((ch) => ch.charCodeAt(0) < 9)).toBe(false);
  });

  it('every format lists the provider errors by kind with an example', () => {
    expect(renderRunReport(mixed, 'terminal')).toMatch(/provider errors \(not scored, never counted as "no call".*\n\s+timeout ×1 — e\.g\. nc:1 #1: slow/);
    expect(renderRunReport(mixed, 'markdown')).toContain('- timeout ×1 — e\\.g\\. nc\\:1 \\#1\\: slow');
    expect(renderRunReport(mixed, 'html')).toContain('<li>timeout ×1 — e.g. nc:1 #1: slow</li>');
    expect(renderRunReport(baseline, 'terminal')).not.toContain('provider errors (');
  });

  it('badge: shields endpoint JSON with a colour by accuracy', () => {
    expect(JSON.parse(renderRunReport(mixed, 'badge'))).toEqual({ schemaVersion: 1, label: 'tool selection', message: '83 %', color: 'yellow' });
    expect(JSON.parse(renderRunReport(baseline, 'badge')).color).toBe('brightgreen');
  });

  it('renders a diff', () => {
    const text = renderDiffText(diffRuns(mixed, mixed));
    expect(text).toContain('paired trials 15');
    expect(text).toContain('no distinguishable regression');
  });
});
