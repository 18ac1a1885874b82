import type { Severity } from '../contracts/lint-result.js';
import { SEVERITY_ORDER } from '../report/order.js';
import type { LintComparison } from './compare.js';

/** What a maintainer counts as a regression. */
export interface GatePolicy {
  /** The server mean may fall by at most this many points (0: any fall fails). */
  maxDrop: number;
  /** Fail when a tool present in both falls a band. */
  bandDrop: boolean;
  /** Fail on a new finding at this severity or above; 'none' never. */
  failOn: Severity | 'none';
  /** Fail on any new security finding, whatever its severity. */
  security: boolean;
}

/** The defaults: any fall of the mean, any band drop, a new required or critical finding, any new security finding. */
export const DEFAULT_GATE: GatePolicy = { maxDrop: 0, bandDrop: true, failOn: 'required', security: true };

/** One regression, named by kind and (when it has one) by tool. */
export interface Regression {
  kind: 'mean-drop' | 'mean-lost' | 'band-drop' | 'new-finding' | 'new-security-finding';
  /** The tool it is about; absent for the server mean and server-wide findings. */
  tool?: string;
  message: string;
}

/** True when `severity` is at `threshold` or more severe. */
function atOrAbove(severity: Severity, threshold: Severity): boolean {
  return SEVERITY_ORDER.indexOf(severity) <= SEVERITY_ORDER.indexOf(threshold);
}

/** The regressions of a comparison under a policy: the mean and server-wide findings first, then tool by tool (by name). */
export function regressions(comparison: LintComparison, policy: GatePolicy): Regression[] {
  const out: Regression[] = [];
  const { scoreBefore, scoreAfter, delta } = comparison;
  if (delta !== null && -delta > policy.maxDrop) {
    out.push({ kind: 'mean-drop', message: `server mean fell ${(-delta).toFixed(1)} points (${scoreBefore?.toFixed(1)} → ${scoreAfter?.toFixed(1)}), more than --max-drop ${policy.maxDrop}` });
  } else if (scoreBefore !== null && scoreAfter === null) {
    out.push({ kind: 'mean-lost', message: `the surface has no tools any more (baseline mean ${scoreBefore.toFixed(1)})` });
  }
  const perTool: Regression[] = [];
  if (policy.bandDrop) {
    for (const t of comparison.tools) {
      if (t.bandDown && t.before && t.after) {
        perTool.push({ kind: 'band-drop', tool: t.name, message: `fell from ${t.before.band} to ${t.after.band} (${t.before.score} → ${t.after.score})` });
      }
    }
  }
  for (const { finding, security } of comparison.newFindings) {
    const what = `new ${finding.severity} finding ${finding.code}: ${finding.message}`;
    const base = finding.tool === undefined ? {} : { tool: finding.tool };
    if (security && policy.security) perTool.push({ kind: 'new-security-finding', ...base, message: `${what} (security)` });
    else if (policy.failOn !== 'none' && atOrAbove(finding.severity, policy.failOn)) perTool.push({ kind: 'new-finding', ...base, message: what });
  }
  const toolOf = (r: Regression): string => r.tool ?? '';
  return [...out, ...perTool.map((r, i) => ({ r, i })).sort((a, b) => (toolOf(a.r) < toolOf(b.r) ? -1 : toolOf(a.r) > toolOf(b.r) ? 1 : a.i - b.i)).map((x) => x.r)];
}
