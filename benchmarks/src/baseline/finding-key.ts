import type { Finding } from '../contracts/lint-result.js';

/**
 * The identity of a finding across two lints: its tool (or none for a server-wide finding), code, severity
 * and fields. Messages are left out because they carry counts that move without the finding changing; a
 * severity that rises reads as the old finding fixed and a new one at the higher severity.
 */
export function findingKey(finding: Finding): string {
  return [finding.tool ?? '', finding.code, finding.severity, finding.fields.join('\u0001')].join('\u0000');
}

/** Every finding of a lint result: server-wide ones first, then each tool's, in report order. */
export function allFindings(result: { findings: readonly Finding[]; tools: readonly { findings: readonly Finding[] }[] }): Finding[] {
  return [...result.findings, ...result.tools.flatMap((t) => t.findings)];
}

/**
 * The findings of `after` that `before` does not have, counting repeats: two identical findings before and
 * three after make one new finding. Order is `after`'s.
 */
export function findingsOnlyIn(after: readonly Finding[], before: readonly Finding[]): Finding[] {
  const left = new Map<string, number>();
  for (const f of before) left.set(findingKey(f), (left.get(findingKey(f)) ?? 0) + 1);
  return after.filter((f) => {
    const key = findingKey(f);
    const n = left.get(key) ?? 0;
    if (n > 0) {
      left.set(key, n - 1);
      return false;
    }
    return true;
  });
}
