import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { securityStatus, type LintResult } from '@toolmark/benchmarks';
import type { Database, Executor, Tx } from '../client.js';
import { RepositoryError } from '../errors.js';
import { retryOnce } from '../retry.js';
import { lintResults, lintSaves, serverVersions, servers } from '../schema.js';
import { chargeUnits, type Charge, type SpendingPurpose } from './usage.js';
import { insertJobs, type JobsWithSave } from './job-insert.js';

/** A version as stored, without its tools. */
export interface VersionRef {
  id: string;
  seq: number;
  surfaceHash: string;
  label: string | null;
}

/** A surface to store as a version of a server. */
export interface IncomingSurface {
  serverId: string;
  surfaceHash: string;
  /** `{ tools: [...] }` as received. */
  tools: unknown;
  toolCount: number;
  label: string | null;
  origin: 'api' | 'capture' | 'upload' | 'seed';
  /** When the tools were captured, if not now (the frozen catalogue's capture date). */
  capturedAt?: Date;
}

const versionRef = { id: serverVersions.id, seq: serverVersions.seq, surfaceHash: serverVersions.surfaceHash, label: serverVersions.label };

/** The server's latest version (by seq), or undefined when it has none. */
export async function latestVersionRef(tx: Tx | Database, serverId: string): Promise<VersionRef | undefined> {
  const [row] = await tx.select(versionRef).from(serverVersions).where(eq(serverVersions.serverId, serverId)).orderBy(desc(serverVersions.seq)).limit(1);
  return row;
}

/**
 * The version for `incoming` inside `tx`: the latest one when its surface hash is the same, otherwise a new
 * version (seq + 1) that becomes the server's latest. The common case (unchanged tools) takes no lock; a
 * change locks the server row and looks again, so concurrent saves of one new surface add one version.
 *
 * The lock is FOR NO KEY UPDATE, the strength of the UPDATE of `latest_version_id` that follows (not a key
 * column), and the first lock of the transaction (see LOCK ORDER at saveLintScore). It excludes every other
 * save that adds a version and the board trigger's FOR SHARE, but not the FOR KEY SHARE that saves of
 * unchanged tools and every foreign-key check (lint_saves, server_versions, board_entries → servers) take:
 * FOR UPDATE blocked those, and a save holding the usage row while its lint_saves check waited here was
 * the deadlock of issue 10.
 */
async function versionFor(tx: Tx, incoming: IncomingSurface): Promise<{ version: VersionRef; created: boolean }> {
  const seen = await latestVersionRef(tx, incoming.serverId);
  if (seen?.surfaceHash === incoming.surfaceHash) return { version: seen, created: false };
  const [server] = await tx.select({ id: servers.id }).from(servers).where(eq(servers.id, incoming.serverId)).for('no key update');
  if (!server) throw new RepositoryError('not_found', `no server with id ${incoming.serverId}`, { serverId: incoming.serverId });
  const latest = await latestVersionRef(tx, incoming.serverId);
  if (latest?.surfaceHash === incoming.surfaceHash) return { version: latest, created: false };
  const [version] = await tx
    .insert(serverVersions)
    .values({
      serverId: incoming.serverId,
      seq: (latest?.seq ?? 0) + 1,
      surfaceHash: incoming.surfaceHash,
      label: incoming.label,
      tools: incoming.tools,
      toolCount: incoming.toolCount,
      origin: incoming.origin,
      ...(incoming.capturedAt === undefined ? {} : { capturedAt: incoming.capturedAt }),
    })
    .returning(versionRef);
  await tx.update(servers).set({ latestVersionId: version!.id }).where(eq(servers.id, incoming.serverId));
  return { version: version!, created: true };
}

/** Add a version when the tools changed (no score): captures and uploads. */
export async function addVersionIfChanged(db: Executor, incoming: IncomingSurface): Promise<{ version: VersionRef; created: boolean }> {
  return db.transaction((tx) => versionFor(tx, incoming));
}

/** The columns of a lint result row the leaderboard sorts and filters on. */
export const columnsOf = (result: LintResult) => ({
  rulesId: result.rules.id,
  rulesHash: result.rules.hash,
  score: result.score,
  band: result.band,
  toolCount: result.surface.toolCount,
  critical: result.counts.critical,
  required: result.counts.required,
  minor: result.counts.minor,
  // Security codes are the scoring rule set's own (registry facts), not a list kept here.
  securityFindings: securityStatus(result).findings,
  tokens: result.tokens.total,
});

/** Store the lint result of a version under its rules (once: a second store returns the first row's id). */
export async function storeLintResult(tx: Tx | Database, versionId: string, result: LintResult): Promise<{ id: string; created: boolean }> {
  // Most calls find the result already stored (the same tools saved again): look before sending ~35 KiB of JSON.
  const [found] = await tx
    .select({ id: lintResults.id })
    .from(lintResults)
    .where(and(eq(lintResults.serverVersionId, versionId), eq(lintResults.rulesId, result.rules.id), eq(lintResults.rulesHash, result.rules.hash)));
  if (found) return { id: found.id, created: false };
  const [inserted] = await tx
    .insert(lintResults)
    .values({ serverVersionId: versionId, ...columnsOf(result), result })
    .onConflictDoNothing()
    .returning({ id: lintResults.id });
  if (inserted) return { id: inserted.id, created: true };
  const [existing] = await tx
    .select({ id: lintResults.id })
    .from(lintResults)
    .where(and(eq(lintResults.serverVersionId, versionId), eq(lintResults.rulesId, result.rules.id), eq(lintResults.rulesHash, result.rules.hash)));
  return { id: existing!.id, created: false };
}

/** Has this version a result under these rules? */
export async function hasLintResult(db: Database, versionId: string, rules: { id: string; hash: string }): Promise<boolean> {
  const [row] = await db
    .select({ id: lintResults.id })
    .from(lintResults)
    .where(and(eq(lintResults.serverVersionId, versionId), eq(lintResults.rulesId, rules.id), eq(lintResults.rulesHash, rules.hash)));
  return row !== undefined;
}

/** The version scored before `version` under the same rules, with the id of that result, or null. */
export async function previousScoredRef(db: Database | Tx, serverId: string, version: VersionRef, rules: { id: string; hash: string }) {
  const [row] = await db
    .select({ ...versionRef, resultId: lintResults.id })
    .from(serverVersions)
    .innerJoin(lintResults, and(eq(lintResults.serverVersionId, serverVersions.id), eq(lintResults.rulesId, rules.id), eq(lintResults.rulesHash, rules.hash)))
    .where(and(eq(serverVersions.serverId, serverId), lt(serverVersions.seq, version.seq)))
    .orderBy(desc(serverVersions.seq))
    .limit(1);
  return row ? { version: { id: row.id, seq: row.seq, surfaceHash: row.surfaceHash, label: row.label }, resultId: row.resultId } : null;
}

/** A stored lint result by id (results never change once stored, so callers may cache them by id). */
export async function lintResultById(db: Database, id: string): Promise<LintResult | undefined> {
  const [row] = await db.select({ result: lintResults.result }).from(lintResults).where(eq(lintResults.id, id));
  return row?.result as LintResult | undefined;
}

/** Who pays for a save: the key and its organisation (omit for saves the operator makes, e.g. seeding). */
export interface SavePayer {
  apiKeyId: string;
  organisationId: string;
  purpose: SpendingPurpose;
  at: Date;
}

/**
 * Save a score through the API, in one transaction: the version (added only when the tools changed), the
 * result (stored once per version and rules), the save itself, and the unit it costs — charged last so the
 * organisation's usage row is locked for as short a time as possible. A refused charge rolls everything back.
 * A deadlock or serialisation failure runs the whole transaction once more; a second one is `busy`.
 *
 * LOCK ORDER — every save path (this one, saveUnchangedFast, saveNewVersionFast) takes its locks in this
 * order and at the weakest strength that is correct, so no two saves ever wait on each other in reverse:
 *   1. the servers row, first: FOR NO KEY UPDATE to add a version and move `latest_version_id` (versionFor,
 *      saveNewVersionFast: excludes other such saves); FOR KEY SHARE to save unchanged tools (saveUnchangedFast,
 *      and every foreign-key check into servers); FOR SHARE in the board trigger when a result is stored for
 *      the latest version (waits for a save that is moving the latest pointer). KEY SHARE conflicts with
 *      none of the others, so saves of unchanged tools never queue behind saves of new tools.
 *   2. server_versions and lint_results rows, inserted under that lock (the (server, seq) and (version,
 *      rules) unique indexes), and board_entries through the triggers, also under it.
 *   3. lint_saves: an insert; its foreign-key checks take FOR KEY SHARE of the rows it names, which no save
 *      ever waits for, so where it sits does not matter.
 *   4. the usage row of (organisation, month, purpose), last (INSERT … ON CONFLICT DO UPDATE locks it even
 *      when it refuses), then credits FOR UPDATE oldest-expiring first (chargeUnits), the only path to them.
 * Before issue 10 the server row was taken FOR UPDATE, which blocks FOR KEY SHARE: a save of unchanged tools
 * holding the usage row waited in its lint_saves check for a save of new tools waiting for that usage row.
 */
export async function saveLintScore(
  db: Database,
  incoming: IncomingSurface,
  result: LintResult,
  payer: SavePayer | null,
  options: { asyncCommit?: boolean; enqueue?: JobsWithSave | undefined } = {},
): Promise<{ version: VersionRef; created: boolean; lintResultId: string; saveId: string; charge: Charge | null }> {
  return retryOnce(() => saveLintScoreOnce(db, incoming, result, payer, options.asyncCommit === true, options.enqueue));
}

async function saveLintScoreOnce(
  db: Database,
  incoming: IncomingSurface,
  result: LintResult,
  payer: SavePayer | null,
  asyncCommit: boolean,
  enqueue: JobsWithSave | undefined,
): Promise<{ version: VersionRef; created: boolean; lintResultId: string; saveId: string; charge: Charge | null }> {
  return db.transaction(async (tx) => {
    // With TOOLMARK_SAVES_ASYNC_COMMIT a save commits without waiting for the WAL flush: a database crash
    // may lose the last moments of saves (never half of one), and saves of one organisation no longer queue
    // behind each other's disk flush while its usage row is locked. See docs/operators.md.
    if (asyncCommit) await tx.execute(sql`SET LOCAL synchronous_commit = off`);
    // A deleted server takes no more saves (the one-statement paths skip it the same way). FOR KEY SHARE:
    // the lock the lint_saves insert takes anyway, first in the LOCK ORDER.
    const [live] = await tx.select({ id: servers.id }).from(servers).where(and(eq(servers.id, incoming.serverId), isNull(servers.deletedAt))).for('key share');
    if (!live) throw new RepositoryError('not_found', `no server with id ${incoming.serverId}`, { serverId: incoming.serverId });
    const { version, created } = await versionFor(tx, incoming);
    const stored = await storeLintResult(tx, version.id, result);
    const [save] = await tx
      .insert(lintSaves)
      .values({ serverId: incoming.serverId, serverVersionId: version.id, lintResultId: stored.id, apiKeyId: payer?.apiKeyId ?? null, label: incoming.label })
      .returning({ id: lintSaves.id });
    // The follow-up jobs of an added version commit with it (job-insert.ts), as on the one-statement path; a
    // charge refused below rolls them back with the rest.
    if (created && enqueue) await tx.execute(insertJobs(sql as never, sql.identifier(enqueue.table.schema), enqueue.jobs(version.id), sql`true`));
    const charge = payer ? await chargeUnits(tx, { organisationId: payer.organisationId, purpose: payer.purpose, units: 1, at: payer.at }) : null;
    return { version, created, lintResultId: stored.id, saveId: save!.id, charge };
  });
}

/** The latest score of the server's latest version: its newest save (with that save's label), or its newest result when never saved through the API. */
export async function latestLint(db: Database, serverId: string) {
  const [server] = await db.select({ latestVersionId: servers.latestVersionId }).from(servers).where(eq(servers.id, serverId));
  if (!server?.latestVersionId) return undefined;
  const [row] = await db
    .select({ ...versionRef, capturedAt: serverVersions.capturedAt, result: lintResults.result, savedAt: lintSaves.createdAt, savedLabel: lintSaves.label, scoredAt: lintResults.createdAt })
    .from(lintResults)
    .innerJoin(serverVersions, eq(serverVersions.id, lintResults.serverVersionId))
    .leftJoin(lintSaves, eq(lintSaves.lintResultId, lintResults.id))
    .where(eq(lintResults.serverVersionId, server.latestVersionId))
    .orderBy(sql`greatest(${lintSaves.createdAt}, ${lintResults.createdAt}) desc nulls last`)
    .limit(1);
  // The label of the newest save when it gave one (a repeated CI save names its build), else the version's.
  return row ? { ...row, label: row.savedLabel ?? row.label, result: row.result as LintResult } : undefined;
}

/** A version's result under one rules id (the newest rules hash when several), or undefined. */
export async function versionLint(db: Database, versionId: string, rulesId: string, rulesHash?: string) {
  const [row] = await db
    .select({ result: lintResults.result, createdAt: lintResults.createdAt })
    .from(lintResults)
    .where(and(eq(lintResults.serverVersionId, versionId), eq(lintResults.rulesId, rulesId), rulesHash ? eq(lintResults.rulesHash, rulesHash) : undefined))
    .orderBy(desc(lintResults.createdAt))
    .limit(1);
  return row ? { result: row.result as LintResult, createdAt: row.createdAt } : undefined;
}

/** One page of versions lacking results: each version with the rules ids it has no result under. */
export interface MissingLints {
  versionId: string;
  rules: string[];
}

/**
 * Stored versions that have no result under one or more of `rules` (id + hash), in pages by version id
 * (the start-up backfill: `after` is the last id of the previous page). `latest` picks servers' latest
 * versions (the board's, scored first) or every other version, so the two passes never name a version twice.
 */
export async function versionsWithoutLint(
  db: Database,
  rules: readonly { id: string; hash: string }[],
  page: { latest: boolean; after?: string | undefined; limit: number },
): Promise<MissingLints[]> {
  if (rules.length === 0) return [];
  const wanted = sql.join(
    rules.map((r) => sql`(${r.id}::text, ${r.hash}::text)`),
    sql`, `,
  );
  const rows = await db.execute<{ version_id: string; rules: string[] }>(sql`
    SELECT v.id AS version_id, array_agg(r.id ORDER BY r.id) AS rules
    FROM server_versions v
    JOIN servers s ON s.id = v.server_id
    CROSS JOIN (VALUES ${wanted}) AS r(id, hash)
    WHERE ${page.latest ? sql`v.id = s.latest_version_id` : sql`v.id IS DISTINCT FROM s.latest_version_id`}
      AND ${page.after === undefined ? sql`true` : sql`v.id > ${page.after}::uuid`}
      AND NOT EXISTS (
        SELECT 1 FROM lint_results lr WHERE lr.server_version_id = v.id AND lr.rules_id = r.id AND lr.rules_hash = r.hash
      )
    GROUP BY v.id
    ORDER BY v.id
    LIMIT ${page.limit}`);
  return [...rows].map((r) => ({ versionId: r.version_id, rules: r.rules }));
}
