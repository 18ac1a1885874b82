// What a dataset build reads, in batches (constant memory however large the board or a run): the public
// lint board of one rules version with each server's stored result, the finished runs of public servers
// by comparable settings, a case set's cases and a run's trials in plan order. Private and deleted servers,
// and servers the operator withdrew from datasets, are never read. Run the reads inside `readSnapshot` so every batch sees the same data.
import { and, asc, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { EvalCase, LintResult, TrialRecord } from '@toolmark/benchmarks';
import type { Database, Tx } from '../client.js';
import { boardEntries, caseSets, evalCases, evaluations, lintResults, modelRuns, servers, serverVersions, trials } from '../schema.js';

/** Run `fn` in one read-only REPEATABLE READ transaction: every query sees the same snapshot. */
export function readSnapshot<T>(db: Database, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(fn, { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

type Reader = Database | Tx;

/** The server is not one the operator withdrew from dataset releases (`dataset_exclusions`). */
const notExcluded = (serverId: typeof servers.id | typeof boardEntries.serverId) => sql`NOT EXISTS (SELECT 1 FROM dataset_exclusions e WHERE e.server_id = ${serverId})`;

/** A public board row of one rules version with its stored lint result. */
export interface BoardServerRow {
  serverId: string;
  slug: string;
  name: string;
  source: string;
  versionId: string;
  versionSeq: number;
  surfaceHash: string;
  capturedAt: Date;
  score: number | null;
  band: string | null;
  toolCount: number;
  critical: number;
  required: number;
  minor: number;
  tokens: number;
  categories: Record<string, number | null>;
  result: LintResult;
}

/** The public board of a rules version in board order (score, name, id), `batch` rows at a time. */
export async function* publicBoardBatches(db: Reader, rulesId: string, rulesHash: string, batch = 200): AsyncGenerator<BoardServerRow[]> {
  for (let offset = 0; ; offset += batch) {
    const rows = await db
      .select({
        serverId: boardEntries.serverId,
        slug: boardEntries.slug,
        name: boardEntries.name,
        source: boardEntries.source,
        versionId: boardEntries.versionId,
        versionSeq: boardEntries.versionSeq,
        surfaceHash: boardEntries.surfaceHash,
        capturedAt: boardEntries.capturedAt,
        score: boardEntries.score,
        band: boardEntries.band,
        toolCount: boardEntries.toolCount,
        critical: boardEntries.critical,
        required: boardEntries.required,
        minor: boardEntries.minor,
        tokens: boardEntries.tokens,
        categories: boardEntries.categories,
        result: lintResults.result,
      })
      .from(boardEntries)
      .innerJoin(lintResults, eq(lintResults.id, boardEntries.lintResultId))
      .where(and(eq(boardEntries.rulesId, rulesId), eq(boardEntries.rulesHash, rulesHash), eq(boardEntries.public, true), notExcluded(boardEntries.serverId)))
      .orderBy(sql`${boardEntries.score} DESC NULLS LAST`, asc(boardEntries.nameLower), asc(boardEntries.serverId))
      .limit(batch)
      .offset(offset);
    if (rows.length === 0) return;
    yield rows.map((r) => ({ ...r, result: r.result as LintResult }));
    if (rows.length < batch) return;
  }
}

/** The scores of the public board of a rules version, in board order (the ranks are computed from them). */
export async function publicBoardScores(db: Reader, rulesId: string, rulesHash: string): Promise<(number | null)[]> {
  const rows = await db
    .select({ score: boardEntries.score })
    .from(boardEntries)
    .where(and(eq(boardEntries.rulesId, rulesId), eq(boardEntries.rulesHash, rulesHash), eq(boardEntries.public, true), notExcluded(boardEntries.serverId)))
    .orderBy(sql`${boardEntries.score} DESC NULLS LAST`, asc(boardEntries.nameLower), asc(boardEntries.serverId));
  return rows.map((r) => r.score);
}

/** The comparable settings of finished runs on public servers: one evaluation release per distinct value. */
export interface RunSettingsKey {
  modelId: string;
  distractorsKey: string;
  language: string;
  generator: string;
  casesPerTool: number;
  repeats: number;
}

/** Every distinct comparable setting of finished runs of public, not deleted servers. */
export async function publicRunKeys(db: Reader): Promise<RunSettingsKey[]> {
  return db
    .selectDistinct({ modelId: modelRuns.modelId, distractorsKey: modelRuns.distractorsKey, language: modelRuns.language, generator: modelRuns.generator, casesPerTool: modelRuns.casesPerTool, repeats: modelRuns.repeats })
    .from(modelRuns)
    .innerJoin(evaluations, eq(evaluations.id, modelRuns.evaluationId))
    .innerJoin(servers, eq(servers.id, evaluations.serverId))
    .where(and(eq(modelRuns.status, 'done'), eq(servers.public, true), isNull(servers.deletedAt), notExcluded(servers.id)))
    .orderBy(modelRuns.modelId, modelRuns.distractorsKey, modelRuns.language, modelRuns.generator, modelRuns.casesPerTool, modelRuns.repeats);
}

/** A finished run of a public server as a release holds it. */
export interface ReleaseRun {
  runId: string;
  evaluationId: string;
  modelId: string;
  provider: string;
  baseline: boolean;
  fingerprint: string;
  settings: unknown;
  /** When the run started (null for a run stored before starts were recorded). */
  startedAt: Date | null;
  comparabilityKey: string;
  metrics: unknown;
  facts: unknown;
  finishedAt: Date;
  server: { id: string; slug: string; name: string };
  versionId: string;
  versionSeq: number;
  /** The server's latest version: a run of another version is history, not ranked. */
  latestVersionId: string | null;
  /** Trials planned: the answered share's denominator. */
  trialCount: number;
  caseSetId: string | null;
  caseSetHash: string | null;
}

/** Finished runs of public, not deleted servers with these settings, newest first. */
export async function publicRunsOf(db: Reader, k: RunSettingsKey): Promise<ReleaseRun[]> {
  const rows = await db
    .select({
      runId: modelRuns.id,
      evaluationId: modelRuns.evaluationId,
      modelId: modelRuns.modelId,
      provider: modelRuns.provider,
      baseline: modelRuns.baseline,
      fingerprint: modelRuns.providerFingerprint,
      settings: modelRuns.settings,
      comparabilityKey: modelRuns.comparabilityKey,
      metrics: modelRuns.metrics,
      facts: modelRuns.facts,
      startedAt: modelRuns.startedAt,
      finishedAt: modelRuns.finishedAt,
      server: { id: servers.id, slug: servers.slug, name: servers.name },
      versionId: evaluations.serverVersionId,
      versionSeq: serverVersions.seq,
      latestVersionId: servers.latestVersionId,
      trialCount: modelRuns.trialCount,
      caseSetId: evaluations.caseSetId,
      caseSetHash: caseSets.caseSetHash,
    })
    .from(modelRuns)
    .innerJoin(evaluations, eq(evaluations.id, modelRuns.evaluationId))
    .innerJoin(servers, eq(servers.id, evaluations.serverId))
    .innerJoin(serverVersions, eq(serverVersions.id, evaluations.serverVersionId))
    .leftJoin(caseSets, eq(caseSets.id, evaluations.caseSetId))
    .where(
      and(
        eq(modelRuns.status, 'done'),
        eq(modelRuns.modelId, k.modelId),
        eq(modelRuns.distractorsKey, k.distractorsKey),
        eq(modelRuns.language, k.language),
        eq(modelRuns.generator, k.generator),
        eq(modelRuns.casesPerTool, k.casesPerTool),
        eq(modelRuns.repeats, k.repeats),
        eq(servers.public, true),
        isNull(servers.deletedAt),
        notExcluded(servers.id),
      ),
    )
    .orderBy(desc(modelRuns.finishedAt), desc(modelRuns.id));
  return rows.map((r) => ({ ...r, finishedAt: r.finishedAt! }));
}

/** A case set's cases in plan order, `batch` at a time. */
export async function* caseBatches(db: Reader, caseSetId: string, batch = 1000): AsyncGenerator<{ ordinal: number; data: EvalCase }[]> {
  let after = -1;
  for (;;) {
    const rows = await db
      .select({ ordinal: evalCases.ordinal, data: evalCases.data })
      .from(evalCases)
      .where(and(eq(evalCases.caseSetId, caseSetId), gt(evalCases.ordinal, after)))
      .orderBy(asc(evalCases.ordinal))
      .limit(batch);
    if (rows.length === 0) return;
    yield rows.map((r) => ({ ordinal: r.ordinal, data: r.data as EvalCase }));
    after = rows[rows.length - 1]!.ordinal;
    if (rows.length < batch) return;
  }
}

/** A run's trials in plan order (case ordinal, repeat), with their seed, `batch` at a time. */
export async function* trialBatches(db: Reader, runId: string, caseSetId: string, batch = 1000): AsyncGenerator<{ record: TrialRecord; seed: number }[]> {
  let after: [number, number] = [-1, -1];
  for (;;) {
    const rows = await db
      .select({ ordinal: evalCases.ordinal, repeat: trials.repeat, record: trials.record, seed: trials.seed })
      .from(trials)
      .innerJoin(evalCases, and(eq(evalCases.caseSetId, caseSetId), eq(evalCases.caseId, trials.caseId)))
      .where(and(eq(trials.modelRunId, runId), or(gt(evalCases.ordinal, after[0]), and(eq(evalCases.ordinal, after[0]), gt(trials.repeat, after[1])))))
      .orderBy(asc(evalCases.ordinal), asc(trials.repeat))
      .limit(batch);
    if (rows.length === 0) return;
    yield rows.map((r) => ({ record: r.record as TrialRecord, seed: r.seed }));
    const last = rows[rows.length - 1]!;
    after = [last.ordinal, last.repeat];
    if (rows.length < batch) return;
  }
}

/** A version's stored lint result under a rules id and hash, if linted. */
export async function versionLintResult(db: Reader, versionId: string, rulesId: string, rulesHash: string): Promise<LintResult | undefined> {
  const [row] = await db
    .select({ result: lintResults.result })
    .from(lintResults)
    .where(and(eq(lintResults.serverVersionId, versionId), eq(lintResults.rulesId, rulesId), eq(lintResults.rulesHash, rulesHash)));
  return row?.result as LintResult | undefined;
}

/** A server version's tools as captured (the `tools` value the version stores) and its surface hash. */
export async function versionTools(db: Reader, versionId: string): Promise<{ tools: unknown; surfaceHash: string } | undefined> {
  const [row] = await db.select({ tools: serverVersions.tools, surfaceHash: serverVersions.surfaceHash }).from(serverVersions).where(eq(serverVersions.id, versionId));
  return row;
}

/**
 * The comparable setting of a finished run of a public server, and how many runs under that setting (of
 * public servers) are still queued or running: what decides a setting's first release (jobs/first-release.ts).
 * Undefined when the run is not finished or its server is not public.
 */
export async function settledRunKey(db: Reader, runId: string): Promise<{ key: RunSettingsKey; pending: number } | undefined> {
  const keyColumns = { modelId: modelRuns.modelId, distractorsKey: modelRuns.distractorsKey, language: modelRuns.language, generator: modelRuns.generator, casesPerTool: modelRuns.casesPerTool, repeats: modelRuns.repeats };
  const [key] = await db
    .select(keyColumns)
    .from(modelRuns)
    .innerJoin(evaluations, eq(evaluations.id, modelRuns.evaluationId))
    .innerJoin(servers, eq(servers.id, evaluations.serverId))
    .where(and(eq(modelRuns.id, runId), eq(modelRuns.status, 'done'), eq(servers.public, true), isNull(servers.deletedAt), notExcluded(servers.id)));
  if (!key) return undefined;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(modelRuns)
    .innerJoin(evaluations, eq(evaluations.id, modelRuns.evaluationId))
    .innerJoin(servers, eq(servers.id, evaluations.serverId))
    .where(
      and(
        or(eq(modelRuns.status, 'queued'), eq(modelRuns.status, 'running')),
        eq(modelRuns.modelId, key.modelId),
        eq(modelRuns.distractorsKey, key.distractorsKey),
        eq(modelRuns.language, key.language),
        eq(modelRuns.generator, key.generator),
        eq(modelRuns.casesPerTool, key.casesPerTool),
        eq(modelRuns.repeats, key.repeats),
        eq(servers.public, true),
        isNull(servers.deletedAt),
      ),
    );
  return { key, pending: row?.n ?? 0 };
}
