import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PairableTrial, TrialRecord, TurnResult, VerdictKind } from '@toolmark/benchmarks';
import type { Database, Executor } from '../client.js';
import { resultCache, trials } from '../schema.js';

/** A trial to store: the core's record, the units it was charged, and the run's seed. */
export interface TrialRow {
  modelRunId: string;
  record: TrialRecord;
  units: number;
  seed: number;
}

/**
 * Store trials; one already stored (same run × case × repeat: a resumed run, a second delivery) is kept
 * as it was. Returns how many rows were new.
 */
export async function storeTrials(db: Executor, rows: readonly TrialRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const stored = await db
    .insert(trials)
    .values(
      rows.map((r) => ({
        modelRunId: r.modelRunId,
        caseId: r.record.caseId,
        repeat: r.record.trialIndex,
        record: r.record,
        verdict: r.record.verdict.kind,
        argErrorKinds: [...new Set(r.record.verdict.argErrors.map((e) => e.kind))],
        truncated: r.record.truncated,
        error: r.record.error !== null,
        cached: r.record.cached,
        latencyMs: Math.round(r.record.latencyMs),
        units: r.units,
        seed: r.seed,
      })),
    )
    .onConflictDoNothing()
    .returning({ caseId: trials.caseId });
  return stored.length;
}

/** The stored trials of a run (records), in case and repeat order. */
export async function runTrials(db: Database, modelRunId: string): Promise<TrialRecord[]> {
  const rows = await db.select({ record: trials.record }).from(trials).where(eq(trials.modelRunId, modelRunId)).orderBy(asc(trials.caseId), asc(trials.repeat));
  return rows.map((r) => r.record as TrialRecord);
}

/** The stored trials of several runs, with their run id. */
export async function trialsOfRuns(db: Database, runIds: readonly string[]): Promise<{ runId: string; record: TrialRecord }[]> {
  if (runIds.length === 0) return [];
  const rows = await db.select({ runId: trials.modelRunId, record: trials.record }).from(trials).where(inArray(trials.modelRunId, [...runIds]));
  return rows.map((r) => ({ runId: r.runId, record: r.record as TrialRecord }));
}

/**
 * What pairing two runs reads of each trial (case, repeat, verdict kind, scored, pass, multi-call), taken
 * out of the stored record by PostgreSQL: a comparison of runs of thousands of trials never ships or
 * parses their calls and texts.
 */
export async function pairableTrials(db: Database, modelRunId: string): Promise<PairableTrial[]> {
  // `record` is json (text): cast once per row, then read the verdict's three flags from the jsonb.
  const rows = await db.execute<{ case_id: string; repeat: number; kind: string; scored: boolean; pass: boolean; multi: boolean }>(sql`
    SELECT case_id, repeat, kind, (v->>'scored')::boolean AS scored, (v->>'pass')::boolean AS pass, coalesce((v->>'multiCall')::boolean, false) AS multi
    FROM (SELECT ${trials.caseId} AS case_id, ${trials.repeat} AS repeat, ${trials.verdict} AS kind, ${trials.record}::jsonb->'verdict' AS v FROM ${trials} WHERE ${trials.modelRunId} = ${modelRunId}) t`);
  return rows.map((r) => ({ caseId: r.case_id, trialIndex: r.repeat, verdict: { kind: r.kind as VerdictKind, scored: r.scored, pass: r.pass, multiCall: r.multi } }));
}

/** `case#repeat` of every stored trial of a run: what a resumed run skips. */
export async function storedTrialKeys(db: Database, modelRunId: string): Promise<Set<string>> {
  const rows = await db.select({ caseId: trials.caseId, repeat: trials.repeat }).from(trials).where(eq(trials.modelRunId, modelRunId));
  return new Set(rows.map((r) => `${r.caseId}#${r.repeat}`));
}

/** Cached answers of an organisation by key (only the keys held). */
export async function cachedResults(db: Database, organisationId: string, keys: readonly string[]): Promise<Map<string, TurnResult>> {
  const out = new Map<string, TurnResult>();
  for (let i = 0; i < keys.length; i += 1000) {
    const rows = await db
      .select({ key: resultCache.key, result: resultCache.result })
      .from(resultCache)
      .where(and(eq(resultCache.organisationId, organisationId), inArray(resultCache.key, keys.slice(i, i + 1000))));
    for (const r of rows) out.set(r.key, r.result as TurnResult);
  }
  return out;
}

/** Keep answers for reuse by the organisation (the first answer of a key stays). */
export async function cacheResults(db: Executor, organisationId: string, entries: readonly { key: string; result: TurnResult }[]): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insert(resultCache)
    .values(entries.map((e) => ({ organisationId, key: e.key, result: e.result })))
    .onConflictDoNothing();
}

/** Which of `keys` the organisation holds (keys only: what an estimate counts as reused). */
export async function heldCacheKeys(db: Database, organisationId: string, keys: readonly string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (let i = 0; i < keys.length; i += 1000) {
    const rows = await db
      .select({ key: resultCache.key })
      .from(resultCache)
      .where(and(eq(resultCache.organisationId, organisationId), inArray(resultCache.key, keys.slice(i, i + 1000))));
    for (const r of rows) out.add(r.key);
  }
  return out;
}
