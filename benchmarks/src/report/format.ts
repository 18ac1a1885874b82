import type { Finding, Severity } from '../contracts/lint-result.js';
import { SEVERITY_ORDER } from './order.js';
import { visibleText } from './visible.js';

export { SEVERITY_ORDER } from './order.js';

/** Most confusable pairs a report lists (the rest are counted). */
export const REPORT_TOP_PAIRS = 12;

/** Findings grouped by severity, most severe first; empty groups left out. */
export function groupBySeverity(findings: readonly Finding[]): { severity: Severity; findings: Finding[] }[] {
  return SEVERITY_ORDER.map((severity) => ({ severity, findings: findings.filter((f) => f.severity === severity) })).filter(
    (g) => g.findings.length > 0,
  );
}

/** A hash shortened for display (`sha256:` + 12 hex digits); anything unexpected is cut, never trusted. */
export function shortHash(hash: string): string {
  const m = /^(sha256:)?([0-9a-f]{12})[0-9a-f]*$/.exec(hash);
  return m ? `${m[1] ?? ''}${m[2] ?? ''}` : visibleText(Array.from(hash).slice(0, 24).join(''));
}

/** A server mean with its one decimal, or a dash for a surface without tools. */
export function formatMean(score: number | null): string {
  return score === null ? '–' : score.toFixed(1);
}

/** A similarity in [0, 1] with two decimals. */
export function formatSimilarity(value: number): string {
  return value.toFixed(2);
}
