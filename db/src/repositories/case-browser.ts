import { sql, type SQL } from 'drizzle-orm';
import type { EvalCase, TrialRecord } from '@toolmark/benchmarks';
import type { Database } from '../client.js';

/** Filters of the case browser (`GET /v1/evaluations/{id}/cases`). */
export interface CaseFilter {
  /** `any`: some run missed the case (a scored trial that did not pass); `one`: exactly one run did. */
  missed?: 'any' | 'one' | undefined;
  /** An argument error kind some trial has, or `provider`: some trial ended in a provider error. */
  errorKind?: string | undefined;
  kind?: string | undefined;
}

/**
 * One page of an evaluation's cases, filtered in PostgreSQL, with the trials of the page's cases only: a
 * page of 20 cases of an evaluation of 10 000 trials reads 20 cases' trials, not 10 000. The cases in
 * their stored order; `total` counts every match.
 */
export async function caseBrowserPage(
  db: Database,
  input: { caseSetId: string; runIds: readonly string[]; filter: CaseFilter; limit: number; offset: number },
): Promise<{ total: number; cases: EvalCase[]; trials: { runId: string; record: TrialRecord }[] }> {
  const runs = sql`ARRAY[${sql.join(input.runIds.length ? input.runIds.map((id) => sql`${id}`) : [sql`NULL`], sql`, `)}]::uuid[]`;
  const where: SQL[] = [sql`c.case_set_id = ${input.caseSetId}`];
  if (input.filter.kind !== undefined) where.push(sql`c.kind = ${input.filter.kind}`);
  if (input.filter.errorKind === 'provider') where.push(sql`EXISTS (SELECT 1 FROM trials t WHERE t.model_run_id = ANY(${runs}) AND t.case_id = c.case_id AND t.error)`);
  else if (input.filter.errorKind !== undefined) where.push(sql`EXISTS (SELECT 1 FROM trials t WHERE t.model_run_id = ANY(${runs}) AND t.case_id = c.case_id AND ${input.filter.errorKind} = ANY(t.arg_error_kinds))`);
  if (input.filter.missed !== undefined) {
    // The stored record is json text: cast it once per trial (LATERAL), then read both flags.
    const missedBy = sql`(SELECT count(DISTINCT t.model_run_id) FROM trials t, LATERAL (SELECT t.record::jsonb->'verdict' AS v) x
      WHERE t.model_run_id = ANY(${runs}) AND t.case_id = c.case_id AND (x.v->>'scored')::boolean AND NOT (x.v->>'pass')::boolean)`;
    where.push(input.filter.missed === 'one' ? sql`${missedBy} = 1` : sql`${missedBy} >= 1`);
  }
  const cond = sql.join(where, sql` AND `);
  const [counted] = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM eval_cases c WHERE ${cond}`);
  const rows = await db.execute<{ case_id: string; data: EvalCase }>(sql`SELECT c.case_id, c.data FROM eval_cases c WHERE ${cond} ORDER BY c.ordinal LIMIT ${input.limit} OFFSET ${input.offset}`);
  const ids = rows.map((r) => r.case_id);
  const trials = ids.length === 0 || input.runIds.length === 0 ? [] : await db.execute<{ run_id: string; record: TrialRecord }>(sql`
    SELECT model_run_id AS run_id, record FROM trials WHERE model_run_id = ANY(${runs}) AND case_id = ANY(ARRAY[${sql.join(ids.map((id) => sql`${id}`), sql`, `)}]::text[])`);
  return {
    total: counted?.n ?? 0,
    cases: rows.map((r) => (typeof r.data === 'string' ? (JSON.parse(r.data) as EvalCase) : r.data)),
    trials: trials.map((t) => ({ runId: t.run_id, record: typeof t.record === 'string' ? (JSON.parse(t.record) as TrialRecord) : t.record })),
  };
}
