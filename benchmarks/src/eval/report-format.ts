import type { Rate, RunReport } from '../contracts/eval.js';

/** A share as a percentage with one decimal, or "—" when nothing counts. */
export function formatShare(value: number | null): string {
  return value === null ? '—' : `${(value * 100).toFixed(1)} %`;
}

/** A rate with counts and its Wilson 95 % interval: `83.3 % (25/30, 95 % CI 66.4–92.7 %)`, or `— (0/0)`. */
export function formatRate(r: Rate): string {
  if (r.value === null || r.ci95 === null) return `— (${r.numerator}/${r.denominator})`;
  return `${formatShare(r.value)} (${r.numerator}/${r.denominator}, 95 % CI ${(r.ci95[0] * 100).toFixed(1)}–${(r.ci95[1] * 100).toFixed(1)} %)`;
}

/** The label of the lexical baseline, used by every renderer. */
export const BASELINE_LABEL = 'baseline';

/** `model via provider`, with `(baseline)` for the lexical router. */
export function runTitle(report: RunReport): string {
  const who = report.conditions.model ? `${report.conditions.model} via ${report.conditions.provider}` : report.conditions.provider;
  return report.baseline ? `${who} (${BASELINE_LABEL})` : who;
}

/** The metric rows every renderer shows, in order, with the direction that is better. */
export function metricRows(report: RunReport): { key: string; label: string; rate: Rate; better: 'higher' | 'lower' }[] {
  const m = report.metrics;
  return [
    { key: 'selectionAcc', label: 'Tool selection (selectionAcc)', rate: m.selectionAcc, better: 'higher' },
    { key: 'argValidity', label: 'Arguments valid (argValidity)', rate: m.argValidity, better: 'higher' },
    { key: 'falseCallRate', label: 'False calls (falseCallRate)', rate: m.falseCallRate, better: 'lower' },
    { key: 'passRate', label: 'Cases passed', rate: m.passRate, better: 'higher' },
    { key: 'multiCallRate', label: 'Unexpected multi-calls', rate: m.multiCallRate, better: 'lower' },
    ...(m.k > 1
      ? [
          { key: 'passAtK', label: `pass@${m.k}`, rate: m.passAtK, better: 'higher' as const },
          { key: 'passHatK', label: `pass^${m.k}`, rate: m.passHatK, better: 'higher' as const },
        ]
      : []),
  ];
}

/** Off-diagonal confusion cells (mistakes), largest first: what a reader wants from a big matrix. */
export function topConfusions(report: RunReport, n = 10): { expected: string; called: string; count: number }[] {
  return report.metrics.confusion.cells
    .filter((c) => c.expected !== c.called && !(c.expected === '(none)' && c.called === '(none)'))
    .sort((a, b) => b.count - a.count || (a.expected < b.expected ? -1 : 1))
    .slice(0, n);
}

/** What the provider-error section of every renderer says about them. */
export const PROVIDER_ERRORS_HEADING = 'provider errors (not scored, never counted as "no call"; they count toward --max-error-rate)';

/** The provider errors by kind, one line each: `no_answer ×3 — e.g. search:1 #0: provider …`. */
export function providerErrorLines(report: RunReport): string[] {
  return report.metrics.providerErrors.map((g) => {
    const e = g.examples[0];
    return `${g.code} ×${g.count}${e !== undefined ? ` — e.g. ${e.caseId} #${e.trialIndex}: ${e.message}` : ''}`;
  });
}
