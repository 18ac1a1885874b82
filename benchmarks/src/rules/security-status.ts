import type { SecurityStatus } from '../contracts/api/security.js';
import type { LintResult } from '../contracts/lint-result.js';
import { isRuleSetId, ruleSets } from './registry.js';

/** Every security code of every registered version: for a result of a rules version this build does not run. */
const ALL_SECURITY_CODES: ReadonlySet<string> = new Set(Object.values(ruleSets).flatMap((r) => [...r.securityCodes]));

/** The security codes of the rules version that scored `rulesId` (of every version when it is unknown to this build). */
export function securityCodesOf(rulesId: string): ReadonlySet<string> {
  return isRuleSetId(rulesId) ? ruleSets[rulesId].securityCodes : ALL_SECURITY_CODES;
}

/** The status of a result with no security finding. */
export const cleanSecurity = (): SecurityStatus => ({ status: 'clean', findings: 0, codes: [], tools: 0 });

/** A result's security status, from the security codes of the rule set that scored it (the one definition). */
export function securityStatus(result: Pick<LintResult, 'rules' | 'findings' | 'tools'>): SecurityStatus {
  const codes = securityCodesOf(result.rules.id);
  const found = new Set<string>();
  let findings = 0;
  for (const f of result.findings) {
    if (!codes.has(f.code)) continue;
    findings++;
    found.add(f.code);
  }
  let tools = 0;
  for (const t of result.tools) {
    const mine = t.findings.filter((f) => codes.has(f.code));
    if (mine.length > 0) tools++;
    findings += mine.length;
    for (const f of mine) found.add(f.code);
  }
  return findings === 0 ? cleanSecurity() : { status: 'risk', findings, codes: [...found].sort(), tools };
}

/**
 * True when a tool's result carries a finding of the security codes of the rule set that scored it (the
 * one definition a tool list sorts by: such a tool is listed after every clean tool of its server).
 */
export function toolAtRisk(rulesId: string, tool: Pick<LintResult['tools'][number], 'findings'>): boolean {
  const codes = securityCodesOf(rulesId);
  return tool.findings.some((f) => codes.has(f.code));
}

/**
 * How two entries compare by security alone, for any sort of servers or tools (issue 25): one with a
 * security finding after one without, whatever the sort key and its direction; 0 when both are alike, so
 * the sort's own key decides. Ranking is presentation: it moves no stored result of any rules version.
 */
export const riskLast = (aAtRisk: boolean, bAtRisk: boolean): number => (aAtRisk === bAtRisk ? 0 : aAtRisk ? 1 : -1);
