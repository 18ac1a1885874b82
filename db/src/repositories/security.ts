import { inArray } from 'drizzle-orm';
import { cleanSecurity, securityStatus, type LintResult, type SecurityStatus } from '@toolmark/benchmarks';
import type { Database } from '../client.js';
import { lintResults } from '../schema.js';

/**
 * The security status of stored results, by result id. A row's `securityFindings` (counted with the scoring
 * rule set's security codes when it was stored) says whether there is anything to tell: clean rows cost
 * nothing, and only the few results with security findings are read whole for their codes and tools.
 */
export async function securityOfResults(db: Database, rows: readonly { resultId: string; securityFindings: number }[]): Promise<Map<string, SecurityStatus>> {
  const out = new Map<string, SecurityStatus>();
  const risky: string[] = [];
  for (const r of rows) {
    if (r.securityFindings > 0) risky.push(r.resultId);
    else out.set(r.resultId, cleanSecurity());
  }
  if (risky.length > 0) {
    const found = await db.select({ id: lintResults.id, result: lintResults.result }).from(lintResults).where(inArray(lintResults.id, [...new Set(risky)]));
    for (const f of found) out.set(f.id, securityStatus(f.result as LintResult));
  }
  return out;
}
