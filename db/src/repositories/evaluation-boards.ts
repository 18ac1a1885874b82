import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../client.js';
import { evaluations, modelRuns, servers, serverVersions, trials } from '../schema.js';

/** A finished run of a public server that a model leaderboard may rank. */
export interface BoardRun {
  runId: string;
  evaluationId: string;
  modelId: string;
  comparabilityKey: string;
  metrics: unknown;
  /** What the run recorded of itself (hashes, distractor sets, tools shown). */
  facts: unknown;
  finishedAt: Date;
  server: { id: string; slug: string; name: string };
  versionId: string;
  versionSeq: number;
  /** The server's latest version: a board ranks a server only on it. */
  latestVersionId: string | null;
  organisationId: string;
  /** Planned trials, and the units the start charged less those refunded (what the run cost). */
  trialCount: number;
  units: number;
  refundedUnits: number;
}

/**
 * Finished runs of public servers with these comparable settings (model or models, distractor sets,
 * language, generator, cases per tool, repeats), newest first. The caller keeps one comparability key and
 * each server's newest run under it.
 */
export async function finishedBoardRuns(
  db: Database,
  q: { modelIds: readonly string[]; distractorsKey: string; language: string; generator: string; casesPerTool: number; repeats: number; serverIds?: readonly string[] },
): Promise<BoardRun[]> {
  if (q.modelIds.length === 0) return [];
  const rows = await db
    .select({
      runId: modelRuns.id,
      evaluationId: modelRuns.evaluationId,
      modelId: modelRuns.modelId,
      comparabilityKey: modelRuns.comparabilityKey,
      metrics: modelRuns.metrics,
      facts: modelRuns.facts,
      finishedAt: modelRuns.finishedAt,
      server: { id: servers.id, slug: servers.slug, name: servers.name },
      versionId: evaluations.serverVersionId,
      versionSeq: serverVersions.seq,
      latestVersionId: servers.latestVersionId,
      organisationId: servers.organisationId,
      trialCount: modelRuns.trialCount,
      units: modelRuns.units,
      refundedUnits: modelRuns.refundedUnits,
    })
    .from(modelRuns)
    .innerJoin(evaluations, eq(evaluations.id, modelRuns.evaluationId))
    .innerJoin(servers, eq(servers.id, evaluations.serverId))
    .innerJoin(serverVersions, eq(serverVersions.id, evaluations.serverVersionId))
    .where(
      and(
        inArray(modelRuns.modelId, [...q.modelIds]),
        eq(modelRuns.status, 'done'),
        eq(modelRuns.distractorsKey, q.distractorsKey),
        eq(modelRuns.language, q.language),
        eq(modelRuns.generator, q.generator),
        eq(modelRuns.casesPerTool, q.casesPerTool),
        eq(modelRuns.repeats, q.repeats),
        eq(servers.public, true),
        ...(q.serverIds ? [inArray(servers.id, [...q.serverIds])] : []),
      ),
    )
    .orderBy(desc(modelRuns.finishedAt), desc(modelRuns.id));
  return rows.map((r) => ({ ...r, finishedAt: r.finishedAt! }));
}

/**
 * Whether a server version has a run of this model under this comparability key that has not failed
 * (queued, running or done): the suite run's "only what is missing" (the seed's idempotence).
 */
export async function hasLiveRunWithKey(db: Database, q: { serverVersionId: string; modelId: string; comparabilityKey: string }): Promise<boolean> {
  const [row] = await db
    .select({ id: modelRuns.id })
    .from(modelRuns)
    .innerJoin(evaluations, eq(evaluations.id, modelRuns.evaluationId))
    .where(and(eq(evaluations.serverVersionId, q.serverVersionId), eq(modelRuns.modelId, q.modelId), eq(modelRuns.comparabilityKey, q.comparabilityKey), ne(modelRuns.status, 'failed')))
    .limit(1);
  return row !== undefined;
}

/**
 * The median latency (ms) of the answered trials of runs — those with a model answer that were sent to
 * the provider (a reused answer's latency is the earlier run's) — per run (`perRun`) or pooled over all of
 * them (`pooled`); null when none. Read from the stored records by PostgreSQL (percentile_cont).
 */
export async function medianLatencies(db: Database, runIds: readonly string[]): Promise<{ perRun: Map<string, number | null>; pooled: number | null }> {
  const perRun = new Map<string, number | null>();
  if (runIds.length === 0) return { perRun, pooled: null };
  const latency = sql<number>`(${trials.record}->>'latencyMs')::float8`;
  const answered = and(inArray(trials.modelRunId, [...runIds]), eq(trials.error, false), eq(trials.cached, false));
  const rows = await db
    .select({ runId: trials.modelRunId, median: sql<number | null>`percentile_cont(0.5) WITHIN GROUP (ORDER BY ${latency})` })
    .from(trials)
    .where(answered)
    .groupBy(trials.modelRunId);
  for (const id of runIds) perRun.set(id, null);
  for (const r of rows) perRun.set(r.runId, r.median === null ? null : Number(r.median));
  const [all] = await db.select({ median: sql<number | null>`percentile_cont(0.5) WITHIN GROUP (ORDER BY ${latency})` }).from(trials).where(answered);
  return { perRun, pooled: all?.median === null || all?.median === undefined ? null : Number(all.median) };
}
