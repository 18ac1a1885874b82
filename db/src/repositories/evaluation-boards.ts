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

/** A trial's latency: the column, or (rows stored before it existed) the record's. */
const latency = sql<number>`coalesce(${trials.latencyMs}::float8, (${trials.record}->>'latencyMs')::float8)`;
const median = sql<number | null>`percentile_cont(0.5) WITHIN GROUP (ORDER BY ${latency})`;
/** Answered (no provider error) trials sent to the provider (a reused answer's latency is an earlier run's). */
const answeredOf = (runIds: readonly string[]) => and(inArray(trials.modelRunId, [...runIds]), eq(trials.error, false), eq(trials.cached, false));

/** The median latency (ms) of each run's answered trials sent to the provider; null for a run with none. */
export async function medianLatencyByRun(db: Database, runIds: readonly string[]): Promise<Map<string, number | null>> {
  const out = new Map<string, number | null>(runIds.map((id) => [id, null]));
  if (runIds.length === 0) return out;
  const rows = await db.select({ runId: trials.modelRunId, median }).from(trials).where(answeredOf(runIds)).groupBy(trials.modelRunId);
  for (const r of rows) out.set(r.runId, r.median === null ? null : Number(r.median));
  return out;
}

/** The median latency (ms) of the answered trials sent to the provider, pooled over runs; null when none. */
export async function pooledMedianLatency(db: Database, runIds: readonly string[]): Promise<number | null> {
  if (runIds.length === 0) return null;
  const [row] = await db.select({ median }).from(trials).where(answeredOf(runIds));
  return row?.median === null || row?.median === undefined ? null : Number(row.median);
}

/** A model's newest finished run on a server: what find_servers shows beside the lint score. */
export interface ServerModelResult {
  serverId: string;
  modelId: string;
  baseline: boolean;
  generator: string;
  metrics: unknown;
  finishedAt: Date | null;
}

/** For each server, each model's newest finished run on the server's latest version (newest first per server). */
export async function latestModelResults(db: Database, serverIds: readonly string[]): Promise<ServerModelResult[]> {
  if (serverIds.length === 0) return [];
  const rows = await db
    .selectDistinctOn([evaluations.serverId, modelRuns.modelId], {
      serverId: evaluations.serverId,
      modelId: modelRuns.modelId,
      baseline: modelRuns.baseline,
      generator: modelRuns.generator,
      metrics: modelRuns.metrics,
      finishedAt: modelRuns.finishedAt,
    })
    .from(modelRuns)
    .innerJoin(evaluations, eq(evaluations.id, modelRuns.evaluationId))
    .innerJoin(servers, eq(servers.id, evaluations.serverId))
    .where(and(inArray(evaluations.serverId, [...serverIds]), eq(modelRuns.status, 'done'), eq(evaluations.serverVersionId, servers.latestVersionId)))
    .orderBy(evaluations.serverId, modelRuns.modelId, desc(modelRuns.finishedAt));
  return rows.sort((a, b) => (b.finishedAt?.getTime() ?? 0) - (a.finishedAt?.getTime() ?? 0));
}
