import type { RunReport } from '../contracts/eval.js';
import { BASELINE_LABEL } from './report-format.js';
import { escapeHtml } from './report-html.js';

// XML 1.0 cannot carry most control characters even escaped: replace them.
// eslint-disable-next-line no-control-regex -- matching the control characters is the point
const XML_INVALID = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const xml = (s: string) => escapeHtml(s.replace(XML_INVALID, '\ufffd'));

/**
 * The failure type of a trial: its verdict when the selection failed; when the right tool was called and
 * the case still failed, the kind of the first argument error (`missing`, `wrong_type`, `not_allowed`,
 * `not_json`) — never `correct`.
 */
function failureType(t: RunReport['trials'][number]): string {
  if (t.verdict.kind !== 'correct') return t.verdict.kind;
  return t.verdict.argErrors[0]?.kind ?? 'failed';
}

/**
 * The run as JUnit XML: one test case per trial. A failed case is a `<failure>` typed by its real kind
 * (the verdict, or the argument error's kind when the right tool was called with bad arguments); a
 * provider error is an `<error>` (the measurement failed, not the model); a truncated answer is skipped.
 */
export function renderRunJunit(report: RunReport): string {
  const byId = new Map(report.cases.map((c) => [c.id, c] as const));
  const failures = report.trials.filter((t) => t.verdict.scored && !t.verdict.pass).length;
  const errors = report.trials.filter((t) => t.error !== null).length;
  const skipped = report.trials.filter((t) => !t.verdict.scored && t.error === null).length;
  const suite = `toolmark ${report.conditions.provider}${report.conditions.model ? `/${report.conditions.model}` : ''}${report.baseline ? ` (${BASELINE_LABEL})` : ''}`;
  const cases = report.trials.map((t) => {
    const c = byId.get(t.caseId);
    const name = `${t.caseId} #${t.trialIndex}`;
    const classname = c?.expected ?? (c?.expect?.[0]?.name ?? 'no-call');
    const time = (t.latencyMs / 1000).toFixed(3);
    const open = `    <testcase classname="${xml(classname)}" name="${xml(name)}" time="${time}"`;
    if (t.error !== null) return `${open}>\n      <error message="${xml(`provider error: ${t.error.code}`)}" type="${xml(t.error.code)}">${xml(t.error.message)}</error>\n    </testcase>`;
    if (!t.verdict.scored) return `${open}>\n      <skipped message="truncated answer (cut off by the length limit; scored in no metric)"/>\n    </testcase>`;
    if (t.verdict.pass) return `${open}/>`;
    const detail = [
      `utterance: ${c?.utterance ?? ''}`,
      `verdict: ${t.verdict.kind}`,
      `called: ${t.calls.map((k) => k.name).join(', ') || '(none)'}`,
      ...t.verdict.argErrors.map((a) => `argument ${a.argument || '(all)'}: ${a.kind} — ${a.message}`),
      ...(t.verdict.forbiddenCalled.length ? [`forbidden: ${t.verdict.forbiddenCalled.join(', ')}`] : []),
    ].join('\n');
    const type = failureType(t);
    return `${open}>\n      <failure message="${xml(type === t.verdict.kind ? type : `${t.verdict.kind}: ${type}`)}" type="${xml(type)}">${xml(detail)}</failure>\n    </testcase>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="toolmark" tests="${report.trials.length}" failures="${failures}" errors="${errors}" skipped="${skipped}">
  <testsuite name="${xml(suite)}" tests="${report.trials.length}" failures="${failures}" errors="${errors}" skipped="${skipped}" timestamp="${xml(report.startedAt)}">
${cases.join('\n')}
  </testsuite>
</testsuites>
`;
}
