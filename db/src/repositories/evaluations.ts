import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../client.js';
import { RepositoryError } from '../errors.js';
import { caseSets, evaluations, modelRuns, organisations, servers, serverVersions, trials } from '../schema.js';
import { storeCaseSet, type NewCaseSet } from './case-sets.js';
import { chargeUnits, grantCredits } from './usage.js';

/** An evaluation row. */
export type EvaluationRecord = typeof evaluations.$inferSelect;
/** A model run row. */
export type ModelRunRecord = typeof modelRuns.$inferSelect;
/** A model run to create. */
export type NewModelRun = Omit<typeof modelRuns.$inferInsert, 'id' | 'evaluationId' | 'status'>;

/** How long a refund's credits stay valid. */
export const REFUND_VALID_MONTHS = 6;

/** `at` plus `months` calendar months (UTC). */
export function addMonths(at: Date, months: number): Date {
  const d = new Date(at.getTime());
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
}

/**
 * Create an evaluation and its model runs and spend their units, in one transaction: refused with
 * `payment_failed` while the organisation's last payment has failed, and with `quota_exhausted` when this
 * month's `script` units and the credits do not cover it — in both cases nothing is written.
 */
export async function createEvaluation(
  db: Database,
  input: {
    organisationId: string;
    serverId: string;
    serverVersionId: string;
    name: string | null;
    settings: unknown;
    caseSetId: string | null;
    /** Cases made for this start (not yet held): stored with the evaluation, in its transaction. */
    newCaseSet?: NewCaseSet | undefined;
    generationUnits: number;
    createdByKeyId: string | null;
    runs: NewModelRun[];
    at: Date;
  },
): Promise<{ evaluation: EvaluationRecord; runs: ModelRunRecord[] }> {
  const units = input.runs.reduce((n, r) => n + r.units, 0);
  return db.transaction(async (tx) => {
    const [org] = await tx.select({ paymentFailed: organisations.paymentFailed }).from(organisations).where(eq(organisations.id, input.organisationId));
    if (org?.paymentFailed) {
      throw new RepositoryError('payment_failed', "the organisation's last payment failed; evaluations start again once it is paid", { organisationId: input.organisationId });
    }
    const caseSetId = input.newCaseSet ? (await storeCaseSet(tx, input.newCaseSet)).id : input.caseSetId;
    const [evaluation] = await tx
      .insert(evaluations)
      .values({
        organisationId: input.organisationId,
        serverId: input.serverId,
        serverVersionId: input.serverVersionId,
        name: input.name,
        settings: input.settings,
        caseSetId,
        units,
        generationUnits: input.generationUnits,
        createdByKeyId: input.createdByKeyId,
        createdAt: input.at,
      })
      .returning();
    const runs = await tx
      .insert(modelRuns)
      .values(input.runs.map((r) => ({ ...r, evaluationId: evaluation!.id })))
      .returning();
    // Charged last, just before commit: the usage row's lock is held as briefly as possible.
    if (units > 0) await chargeUnits(tx, { organisationId: input.organisationId, purpose: 'script', units, at: input.at });
    return { evaluation: evaluation!, runs: runs.sort((a, b) => a.ordinal - b.ordinal) };
  });
}

/** An evaluation with its server, version and runs. */
export interface EvaluationView {
  evaluation: EvaluationRecord;
  server: { id: string; slug: string; name: string; public: boolean; organisationId: string };
  versionSeq: number;
  /** Null until the cases are generated. */
  caseCount: number | null;
  /** The case set's hash and where its cases came from (`offline`, `model:…`, a task set); null until generated. */
  caseSetHash: string | null;
  caseSource: string | null;
  runs: (ModelRunRecord & { answeredTrials: number; answeredCases: number })[];
}

/** One evaluation with everything its status page shows (answered counts from the stored trials). */
export async function getEvaluation(db: Database, id: string): Promise<EvaluationView | undefined> {
  const [row] = await db
    .select({ evaluation: evaluations, server: { id: servers.id, slug: servers.slug, name: servers.name, public: servers.public, organisationId: servers.organisationId }, versionSeq: serverVersions.seq, caseCount: caseSets.caseCount, caseSetHash: caseSets.caseSetHash, caseSource: caseSets.source })
    .from(evaluations)
    .innerJoin(servers, eq(servers.id, evaluations.serverId))
    .innerJoin(serverVersions, eq(serverVersions.id, evaluations.serverVersionId))
    .leftJoin(caseSets, eq(caseSets.id, evaluations.caseSetId))
    .where(eq(evaluations.id, id));
  if (!row) return undefined;
  const runs = await db.select().from(modelRuns).where(eq(modelRuns.evaluationId, id)).orderBy(asc(modelRuns.ordinal));
  // Answered = stored with a model answer (a provider error is stored but unanswered). A done run without
  // provider errors answered every trial of every case: only the other runs are counted (a page of a
  // finished evaluation of 10 000 trials then never counts them again).
  const errorsOf = (r: ModelRunRecord) => (r.metrics as { errors?: number } | null)?.errors ?? 0;
  const open = runs.filter((r) => r.status !== 'done' || errorsOf(r) > 0);
  const counts = open.length === 0 ? [] : await db
    .select({ runId: trials.modelRunId, trials: sql<number>`count(*) FILTER (WHERE NOT ${trials.error})::int`, cases: sql<number>`count(DISTINCT ${trials.caseId}) FILTER (WHERE NOT ${trials.error})::int` })
    .from(trials)
    .where(inArray(trials.modelRunId, open.map((r) => r.id)))
    .groupBy(trials.modelRunId);
  return {
    ...row,
    runs: runs.map((r) => {
      if (r.status === 'done' && errorsOf(r) === 0) return { ...r, answeredTrials: r.trialCount, answeredCases: row.caseCount ?? 0 };
      const c = counts.find((x) => x.runId === r.id);
      return { ...r, answeredTrials: c?.trials ?? 0, answeredCases: c?.cases ?? 0 };
    }),
  };
}

/** A server's evaluations, newest first, with their runs. */
export async function listEvaluations(db: Database, serverId: string, page: { limit: number; offset: number }) {
  const [total] = await db.select({ n: count() }).from(evaluations).where(eq(evaluations.serverId, serverId));
  const rows = await db.select({ id: evaluations.id }).from(evaluations).where(eq(evaluations.serverId, serverId)).orderBy(desc(evaluations.createdAt), desc(evaluations.id)).limit(page.limit).offset(page.offset);
  const items: EvaluationView[] = [];
  for (const r of rows) items.push((await getEvaluation(db, r.id))!);
  return { total: total?.n ?? 0, items };
}

/** One model run. */
export async function getModelRun(db: Executor, id: string): Promise<ModelRunRecord | undefined> {
  const [row] = await db.select().from(modelRuns).where(eq(modelRuns.id, id));
  return row;
}

/** The model runs of an evaluation, in order. */
export async function modelRunsOf(db: Executor, evaluationId: string): Promise<ModelRunRecord[]> {
  return db.select().from(modelRuns).where(eq(modelRuns.evaluationId, evaluationId)).orderBy(asc(modelRuns.ordinal));
}

/** Model runs not yet ended (of evaluations with cases) and evaluations still queued: what workers queue again at start (jobs lost before). */
export async function unfinishedEvaluationWork(db: Database): Promise<{ evaluations: string[]; runs: string[] }> {
  const evals = await db.select({ id: evaluations.id }).from(evaluations).where(eq(evaluations.status, 'queued'));
  const runs = await db
    .select({ id: modelRuns.id })
    .from(modelRuns)
    .innerJoin(evaluations, eq(evaluations.id, modelRuns.evaluationId))
    .where(and(inArray(modelRuns.status, ['queued', 'running']), sql`${evaluations.caseSetId} IS NOT NULL`));
  return { evaluations: evals.map((e) => e.id), runs: runs.map((r) => r.id) };
}

/** One evaluation row. */
export async function getEvaluationRecord(db: Executor, id: string): Promise<EvaluationRecord | undefined> {
  const [row] = await db.select().from(evaluations).where(eq(evaluations.id, id));
  return row;
}

/** Mark a run running (first attempt or a resumption) with its reused count. */
export async function markRunRunning(db: Executor, id: string, at: Date, reusedTrials: number, facts: unknown): Promise<void> {
  await db
    .update(modelRuns)
    .set({ status: 'running', startedAt: sql`coalesce(${modelRuns.startedAt}, ${at.toISOString()}::timestamptz)`, reusedTrials, facts })
    .where(and(eq(modelRuns.id, id), inArray(modelRuns.status, ['queued', 'running'])));
}

/**
 * Lock the evaluation of a run (FOR UPDATE) before the run's end is written: the evaluation row is the lock
 * its runs end under, so of two runs ending at once the second waits, then sees the first as ended and
 * settles the evaluation (each used to see the other still running, and the evaluation stayed `running`).
 * Taken first, as attachCaseSet does (evaluation, then runs): one lock order, no deadlock.
 */
async function lockEvaluationOfRun(tx: Executor, runId: string): Promise<void> {
  await tx.select({ id: evaluations.id }).from(evaluations).innerJoin(modelRuns, eq(modelRuns.evaluationId, evaluations.id)).where(eq(modelRuns.id, runId)).for('update', { of: evaluations });
}

/** Why units of a run were refunded: the reason, the trials it covers (null for a repricing) and the units. */
export interface RunRefund {
  reason: 'provider_error' | 'not_sent' | 'repriced';
  trials: number | null;
  units: number;
  at: string;
}

/**
 * The run's stored trials that have a model answer and those that ended in a provider error: their counts
 * and the units they were charged (a reused trial was charged 0).
 */
async function storedTrialUnits(tx: Executor, runId: string): Promise<{ answered: number; answeredUnits: number; errors: number; errorUnits: number }> {
  const [row] = await tx
    .select({
      answered: sql<number>`count(*) FILTER (WHERE NOT ${trials.error})::int`,
      answeredUnits: sql<number>`coalesce(sum(${trials.units}) FILTER (WHERE NOT ${trials.error}), 0)::int`,
      errors: sql<number>`count(*) FILTER (WHERE ${trials.error})::int`,
      errorUnits: sql<number>`coalesce(sum(${trials.units}) FILTER (WHERE ${trials.error}), 0)::int`,
    })
    .from(trials)
    .where(eq(trials.modelRunId, runId));
  return row ?? { answered: 0, answeredUnits: 0, errors: 0, errorUnits: 0 };
}

/**
 * Refund `refunds` (those with units) in one credit grant and record each reason on the run, in the
 * caller's transaction. Returns the units refunded.
 */
async function refundRun(tx: Executor, run: ModelRunRecord, refunds: Omit<RunRefund, 'at'>[], at: Date, status: { status: 'done' | 'failed'; metrics?: unknown; error?: unknown }): Promise<number> {
  const kept = refunds.filter((r) => r.units > 0).map((r) => ({ ...r, at: at.toISOString() }));
  const units = kept.reduce((n, r) => n + r.units, 0);
  await tx
    .update(modelRuns)
    .set({
      ...status,
      ...(status.status === 'done' ? { error: null } : {}),
      refundedUnits: sql`${modelRuns.refundedUnits} + ${units}`,
      refunds: sql`${modelRuns.refunds} || ${JSON.stringify(kept)}::jsonb`,
      finishedAt: at,
    })
    .where(eq(modelRuns.id, run.id));
  if (units > 0) {
    const [evaluation] = await tx.select({ organisationId: evaluations.organisationId }).from(evaluations).where(eq(evaluations.id, run.evaluationId));
    const why = kept.map((r) => `${r.trials} trial(s) ${r.reason === 'provider_error' ? 'without a model answer' : 'never sent'}`).join(', ');
    await grantCredits(tx, { organisationId: evaluation!.organisationId, amount: units, reason: `refund: evaluation ${run.evaluationId}, ${run.modelId}: ${why}`, expiresAt: addMonths(at, REFUND_VALID_MONTHS) });
  }
  return units;
}

/**
 * A run finished: its metrics, a refund of every trial that ended without a model answer (provider errors:
 * the units they were charged, as credits valid {@link REFUND_VALID_MONTHS} months), then the evaluation's
 * status from all its runs (under the evaluation's lock). Once: only a run not yet ended is finished.
 * Returns the units refunded.
 */
export async function finishRun(db: Database, id: string, metrics: unknown, at: Date): Promise<number> {
  return db.transaction(async (tx) => {
    await lockEvaluationOfRun(tx, id);
    const [run] = await tx.select().from(modelRuns).where(eq(modelRuns.id, id)).for('update');
    if (!run || run.status === 'done' || run.status === 'failed') return 0;
    const stored = await storedTrialUnits(tx, id);
    const refunded = await refundRun(tx, run, [{ reason: 'provider_error', trials: stored.errors, units: stored.errorUnits }], at, { status: 'done', metrics });
    await settleEvaluation(tx, run.evaluationId, at);
    return refunded;
  });
}

/**
 * A run failed: record why and refund, once, the units of every trial that has no model answer — those
 * that ended in a provider error and those never sent (the run's units less generation, less the units of
 * its answered trials and what was refunded before) — as credits valid {@link REFUND_VALID_MONTHS} months.
 * Returns the units refunded (0 when the run had already ended).
 */
export async function failRun(db: Database, id: string, error: { code: string; message: string }, at: Date): Promise<number> {
  return db.transaction(async (tx) => {
    await lockEvaluationOfRun(tx, id);
    const [run] = await tx.select().from(modelRuns).where(eq(modelRuns.id, id)).for('update');
    if (!run || run.status === 'done' || run.status === 'failed') return 0;
    const stored = await storedTrialUnits(tx, id);
    // Less what was refunded already (a run priced again on a generator model's cases).
    const unanswered = Math.max(0, run.units - run.generationUnits - stored.answeredUnits - run.refundedUnits);
    const errorUnits = Math.min(stored.errorUnits, unanswered);
    const refunded = await refundRun(
      tx,
      run,
      [
        { reason: 'provider_error', trials: stored.errors, units: errorUnits },
        { reason: 'not_sent', trials: Math.max(0, run.trialCount - stored.answered - stored.errors), units: unanswered - errorUnits },
      ],
      at,
      { status: 'failed', error },
    );
    await settleEvaluation(tx, run.evaluationId, at);
    return refunded;
  });
}

/** The evaluation failed before any run could start (its cases could not be made): every run fails and refunds everything it was charged. */
export async function failEvaluation(db: Database, id: string, error: { code: string; message: string }, at: Date): Promise<number> {
  const runs = await db.select({ id: modelRuns.id }).from(modelRuns).where(eq(modelRuns.evaluationId, id));
  let refunded = 0;
  for (const r of runs) {
    await db.update(modelRuns).set({ generationUnits: 0 }).where(and(eq(modelRuns.id, r.id), inArray(modelRuns.status, ['queued'])));
    refunded += await failRun(db, r.id, error, at);
  }
  await db.update(evaluations).set({ status: 'failed', error, finishedAt: at }).where(eq(evaluations.id, id));
  return refunded;
}

/** Set the evaluation's status from its runs: done when all are done, failed when all ended and one failed, else running. The caller holds the evaluation's lock (lockEvaluationOfRun). */
async function settleEvaluation(tx: Executor, evaluationId: string, at: Date): Promise<void> {
  const runs = await tx.select({ status: modelRuns.status }).from(modelRuns).where(eq(modelRuns.evaluationId, evaluationId));
  const ended = runs.every((r) => r.status === 'done' || r.status === 'failed');
  const status = !ended ? 'running' : runs.some((r) => r.status === 'failed') ? 'failed' : 'done';
  await tx
    .update(evaluations)
    .set({ status, ...(ended ? { finishedAt: at } : {}) })
    .where(eq(evaluations.id, evaluationId));
}

/** Evaluations of a server that include a run of `modelId` (bootstrap: is the baseline already there?). */
export async function hasEvaluationWith(db: Database, serverVersionId: string, modelId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: modelRuns.id })
    .from(modelRuns)
    .innerJoin(evaluations, eq(evaluations.id, modelRuns.evaluationId))
    .where(and(eq(evaluations.serverVersionId, serverVersionId), eq(modelRuns.modelId, modelId)))
    .limit(1);
  return row !== undefined;
}

/** Set or clear an organisation's payment-failed flag (an operator's action). */
export async function setPaymentFailed(db: Database, organisationId: string, failed: boolean): Promise<void> {
  await db.update(organisations).set({ paymentFailed: failed }).where(eq(organisations.id, organisationId));
}

/** The newest finished run of `modelId` on `serverId` in an evaluation created before `before` (the comparison's base), with `comparabilityKey` when given. */
export async function previousFinishedRun(db: Database, input: { serverId: string; modelId: string; before: Date; excludeEvaluationId: string; comparabilityKey?: string }) {
  const [row] = await db
    .select({ run: modelRuns, caseSetId: evaluations.caseSetId, versionSeq: serverVersions.seq })
    .from(modelRuns)
    .innerJoin(evaluations, eq(evaluations.id, modelRuns.evaluationId))
    .innerJoin(serverVersions, eq(serverVersions.id, evaluations.serverVersionId))
    .where(
      and(
        eq(evaluations.serverId, input.serverId),
        eq(modelRuns.modelId, input.modelId),
        eq(modelRuns.status, 'done'),
        sql`${evaluations.createdAt} <= ${input.before.toISOString()}::timestamptz`,
        sql`${evaluations.id} <> ${input.excludeEvaluationId}`,
        ...(input.comparabilityKey !== undefined ? [eq(modelRuns.comparabilityKey, input.comparabilityKey)] : []),
      ),
    )
    .orderBy(desc(evaluations.createdAt), desc(evaluations.id))
    .limit(1);
  return row;
}
