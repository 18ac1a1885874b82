import { inArray } from 'drizzle-orm';
import { BoundedMap, cleanSecurity, securityStatus, type LintResult, type SecurityStatus } from '@toolmark/benchmarks';
import type { Database } from '../client.js';
import { lintResults } from '../schema.js';

/** Statuses of risky results by id: a stored result never changes, so its status is read from it once per process. */
const known = new BoundedMap<string, SecurityStatus>({ capacity: 10_000 });

/**
 * The security status of stored results, by result id. A row's `securityFindings` (counted with the scoring
 * rule set's security codes when it was stored) says whether there is anything to tell: clean rows cost
 * nothing, and only the few results with security findings are read whole for their codes and tools, once.
 */
export async function securityOfResults(db: Database, rows: readonly { resultId: string; securityFindings: number }[]): Promise<Map<string, SecurityStatus>> {
  const out = new Map<string, SecurityStatus>();
  const risky: string[] = [];
  for (const r of rows) {
    const kept = r.securityFindings > 0 ? known.get(r.resultId) : cleanSecurity();
    if (kept) out.set(r.resultId, kept);
    else risky.push(r.resultId);
  }
  if (risky.length > 0) {
    const found = await db.select({ id: lintResults.id, result: lintResults.result }).from(lintResults).where(inArray(lintResults.id, [...new Set(risky)]));
    for (const f of found) {
      const status = securityStatus(f.result as LintResult);
      known.set(f.id, status);
      out.set(f.id, status);
    }
  }
  // A result deleted between the two reads (its server was deleted) still answers with what its row said.
  for (const r of rows) if (!out.has(r.resultId)) out.set(r.resultId, { status: 'risk', findings: r.securityFindings, codes: [], tools: 0 });
  return out;
}
