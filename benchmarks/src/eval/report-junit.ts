import type { RunReport } from '../contracts/eval.js';
import { BASELINE_LABEL } from './report-format.js';
import { escapeHtml } from './report-html.js';

// XML 1.0 cannot carry most control characters even escaped: replace them.
// eslint-disable-next-line no-control-regex -- matching the control characters is the point
const XML_INVALID = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const xml = (s: string) => escapeHtml(s.replace(XML_INVALID, '\ufffd'));

/** The run as JUnit XML: one test case per trial; failures name the verdict and argument errors; excluded trials are skipped. */
export function renderRunJunit(report: RunReport): string {
  const byId = new Map(report.cases.map((c) => [c.id, c] as const));
  const failures = report.trials.filter((t) => t.verdict.scored && !t.verdict.pass).length;
  const skipped = report.trials.filter((t) => !t.verdict.scored).length;
  const suite = `toolmark ${report.conditions.provider}${report.conditions.model ? `/${report.conditions.model}` : ''}${report.baseline ? ` (${BASELINE_LABEL})` : ''}`;
  const cases = report.trials.map((t) => {
    const c = byId.get(t.caseId);
    const name = `${t.caseId} #${t.trialIndex}`;
    const classname = c?.expected ?? (c?.expect?.[0]?.name ?? 'no-call');
    const time = (t.latencyMs / 1000).toFixed(3);
    const open = `    <testcase classname="${xml(classname)}" name="${xml(name)}" time="${time}"`;
    if (!t.verdict.scored) return `${open}>\n      <skipped message="${xml(t.verdict.kind === 'error' ? `provider error: ${t.error?.code ?? ''}` : 'truncated answer')}"/>\n    </testcase>`;
    if (t.verdict.pass) return `${open}/>`;
    const detail = [
      `utterance: ${c?.utterance ?? ''}`,
      `called: ${t.calls.map((k) => k.name).join(', ') || '(none)'}`,
      ...t.verdict.argErrors.map((a) => `argument ${a.argument || '(all)'}: ${a.kind} — ${a.message}`),
      ...(t.verdict.forbiddenCalled.length ? [`forbidden: ${t.verdict.forbiddenCalled.join(', ')}`] : []),
    ].join('\n');
    return `${open}>\n      <failure message="${xml(t.verdict.kind)}" type="${xml(t.verdict.kind)}">${xml(detail)}</failure>\n    </testcase>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="toolmark" tests="${report.trials.length}" failures="${failures}" skipped="${skipped}">
  <testsuite name="${xml(suite)}" tests="${report.trials.length}" failures="${failures}" skipped="${skipped}" timestamp="${xml(report.startedAt)}">
${cases.join('\n')}
  </testsuite>
</testsuites>
`;
}
