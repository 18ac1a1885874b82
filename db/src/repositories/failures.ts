// The failure knowledge base: reports posted by agent keys (deduplicated per organisation, rate-limited per
// key and per organisation), the
// aggregates per server and per surface, a server organisation's utterances and the private cases made
// from them, and an operator's removal. The rules (window, rate, kinds, threshold) are the core's
// FAILURE_LIMITS; this file only stores and counts.
import { and, asc, count, countDistinct, desc, eq, gt, inArray, isNotNull, isNull, min, or, sql } from 'drizzle-orm';
import { FAILURE_DEDUPE_WINDOW_MS, FAILURE_LIMITS, failureDedupeKey, isPublicConfusion, type FailureConfusion, type FailureKind } from '@toolmark/benchmarks';
import type { Database, Executor } from '../client.js';
import { failureCases, failureReports, servers, serverVersions } from '../schema.js';
import type { ServerRecord } from './servers.js';

/** One report as the pipeline hands it in (already validated). */
export interface NewFailureReport {
  serverId: string | null;
  surfaceHash: string;
  toolCalled: string | null;
  expectedTool: string | null;
  kind: FailureKind;
  model: string;
  utterance: string | null;
  apiKeyId: string;
  organisationId: string;
}

/** What happened to a report: stored, a duplicate of one stored within the window, or over the key's or the organisation's rate. */
export type ReportOutcome =
  | { status: 'stored'; id: string; createdAt: Date }
  | { status: 'duplicate'; id: string; createdAt: Date }
  | { status: 'rate_limited'; scope: 'key' | 'organisation'; limit: number; retryAfterSeconds: number };

const HOUR_MS = 3_600_000;

/**
 * Store a report unless the same organisation (through any of its keys) reported the same server, tools and
 * kind within the dedupe window (then the earlier report is answered), or the key has stored
 * `reportsPerHour` reports in the last hour, or the organisation `reportsPerOrganisationPerHour`: minting
 * more keys buys neither more reports nor more weight. One transaction under an advisory lock of the
 * organisation, so two concurrent identical reports of its keys store one row.
 */
export async function storeFailureReport(db: Database, input: NewFailureReport, at: Date): Promise<ReportOutcome> {
  const dedupeKey = failureDedupeKey(input);
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`failure-report:${input.organisationId}`}, 0))`);
    const [dupe] = await tx
      .select({ id: failureReports.id, createdAt: failureReports.createdAt })
      .from(failureReports)
      .where(
        and(
          eq(failureReports.organisationId, input.organisationId),
          eq(failureReports.dedupeKey, dedupeKey),
          gt(failureReports.createdAt, new Date(at.getTime() - FAILURE_DEDUPE_WINDOW_MS)),
          isNull(failureReports.removedAt),
        ),
      )
      .orderBy(desc(failureReports.createdAt))
      .limit(1);
    if (dupe) return { status: 'duplicate', id: dupe.id, createdAt: dupe.createdAt };
    const since = new Date(at.getTime() - HOUR_MS);
    const rates = [
      { scope: 'key', limit: FAILURE_LIMITS.reportsPerHour, where: eq(failureReports.apiKeyId, input.apiKeyId) },
      { scope: 'organisation', limit: FAILURE_LIMITS.reportsPerOrganisationPerHour, where: eq(failureReports.organisationId, input.organisationId) },
    ] as const;
    for (const rate of rates) {
      const [recent] = await tx
        .select({ n: count(), oldest: min(failureReports.createdAt) })
        .from(failureReports)
        .where(and(rate.where, gt(failureReports.createdAt, since)));
      if (recent && recent.n >= rate.limit) {
        const oldest = recent.oldest ? new Date(recent.oldest).getTime() : at.getTime();
        return { status: 'rate_limited', scope: rate.scope, limit: rate.limit, retryAfterSeconds: Math.max(1, Math.ceil((oldest + HOUR_MS - at.getTime()) / 1000)) };
      }
    }
    const [row] = await tx
      .insert(failureReports)
      .values({ ...input, dedupeKey, createdAt: at })
      .returning({ id: failureReports.id, createdAt: failureReports.createdAt });
    return { status: 'stored', id: row!.id, createdAt: row!.createdAt };
  });
}

/**
 * The confusions reported for a server (or, for reports by hash that no registered server holds, a surface
 * hash): tools, kind, reports and distinct organisations, the most widely reported first. Removed reports
 * do not count. `public` marks the rows the 3-organisation rule lets everyone see; callers filter.
 */
export async function failureConfusions(db: Database, target: { serverId: string } | { surfaceHash: string }): Promise<FailureConfusion[]> {
  const where = 'serverId' in target ? eq(failureReports.serverId, target.serverId) : and(eq(failureReports.surfaceHash, target.surfaceHash), isNull(failureReports.serverId));
  const rows = await db
    .select({
      toolCalled: failureReports.toolCalled,
      expectedTool: failureReports.expectedTool,
      kind: failureReports.kind,
      reports: count(),
      organisations: countDistinct(failureReports.organisationId),
    })
    .from(failureReports)
    .where(and(where, isNull(failureReports.removedAt)))
    .groupBy(failureReports.toolCalled, failureReports.expectedTool, failureReports.kind)
    .orderBy(desc(countDistinct(failureReports.organisationId)), desc(count()), failureReports.kind, failureReports.toolCalled, failureReports.expectedTool);
  return rows.map((r) => ({ ...r, public: isPublicConfusion(r.organisations) }));
}

/** A reported utterance as the server's organisation reads it. */
export interface ReportedUtterance {
  id: string;
  toolCalled: string | null;
  expectedTool: string | null;
  kind: FailureKind;
  model: string;
  utterance: string;
  createdAt: Date;
  /** The private case made from it, if any. */
  caseId: string | null;
}

/** The newest utterances reported for a server (removed reports left out), for its own organisation only: the caller checks that. */
export async function reportedUtterances(db: Database, serverId: string, limit = 50): Promise<ReportedUtterance[]> {
  const rows = await db
    .select({
      id: failureReports.id,
      toolCalled: failureReports.toolCalled,
      expectedTool: failureReports.expectedTool,
      kind: failureReports.kind,
      model: failureReports.model,
      utterance: failureReports.utterance,
      createdAt: failureReports.createdAt,
      caseId: failureCases.taskId,
    })
    .from(failureReports)
    .leftJoin(failureCases, eq(failureCases.reportId, failureReports.id))
    .where(and(eq(failureReports.serverId, serverId), isNull(failureReports.removedAt), isNotNull(failureReports.utterance)))
    .orderBy(desc(failureReports.createdAt), desc(failureReports.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, utterance: r.utterance ?? '' }));
}

/** Mark reports removed, by ids or every report of a key; returns how many were removed now (removing twice counts once). */
export async function removeFailureReports(db: Executor, by: { reportIds: string[] } | { apiKeyId: string }, at: Date): Promise<number> {
  const which = 'reportIds' in by ? inArray(failureReports.id, by.reportIds) : eq(failureReports.apiKeyId, by.apiKeyId);
  const rows = await db
    .update(failureReports)
    .set({ removedAt: at })
    .where(and(which, isNull(failureReports.removedAt)))
    .returning({ id: failureReports.id });
  return rows.length;
}

/** One private case made from a report. */
export type FailureCaseRecord = typeof failureCases.$inferSelect;

/** The task id of the case made from a report: stable, so a task set read twice names its tasks alike. */
export const failureTaskId = (reportId: string): string => `kb-${reportId.slice(0, 8)}`;

/**
 * Make private cases of the server's organisation from reports of that server that carry an utterance and
 * are not removed; a report already made into a case is skipped. Returns the reports it made cases of and
 * the ids it could not use (unknown, another server's, removed, or without an utterance).
 */
export async function addFailureCases(
  db: Database,
  input: { organisationId: string; serverId: string; reportIds: string[]; keyId: string | null },
  at: Date,
): Promise<{ added: string[]; refused: string[] }> {
  return db.transaction(async (tx) => {
    const reports = await tx
      .select({ id: failureReports.id, kind: failureReports.kind, toolCalled: failureReports.toolCalled, expectedTool: failureReports.expectedTool, utterance: failureReports.utterance })
      .from(failureReports)
      .where(and(inArray(failureReports.id, input.reportIds), eq(failureReports.serverId, input.serverId), isNull(failureReports.removedAt), isNotNull(failureReports.utterance)));
    const usable = new Set(reports.map((r) => r.id));
    const values = reports.map((r) => ({
      organisationId: input.organisationId,
      serverId: input.serverId,
      reportId: r.id,
      taskId: failureTaskId(r.id),
      prompt: r.utterance ?? '',
      // Bad arguments were made on the right tool: the case expects it again.
      expected: r.kind === 'bad_arguments' ? r.toolCalled : r.expectedTool,
      createdByKeyId: input.keyId,
      createdAt: at,
    }));
    const inserted = values.length === 0 ? [] : await tx.insert(failureCases).values(values).onConflictDoNothing({ target: failureCases.reportId }).returning({ reportId: failureCases.reportId });
    return { added: inserted.map((r) => r.reportId), refused: input.reportIds.filter((id) => !usable.has(id)) };
  });
}

/** The organisation's private cases for a server, oldest first (the order of its task set). */
export async function failureCasesOf(db: Database, serverId: string, organisationId: string): Promise<FailureCaseRecord[]> {
  return db
    .select()
    .from(failureCases)
    .where(and(eq(failureCases.serverId, serverId), eq(failureCases.organisationId, organisationId)))
    .orderBy(failureCases.createdAt, failureCases.id);
}

/**
 * The registered server whose latest tools have this surface hash, for a report or a query by hash: the
 * earliest registered public one, or one of the viewer's organisation; undefined when none.
 */
export async function serverWithSurface(db: Database, surfaceHash: string, organisationId: string | null): Promise<ServerRecord | undefined> {
  const [row] = await db
    .select({ server: servers })
    .from(servers)
    .innerJoin(serverVersions, eq(serverVersions.id, servers.latestVersionId))
    .where(and(eq(serverVersions.surfaceHash, surfaceHash), isNull(servers.deletedAt), organisationId ? or(servers.public, eq(servers.organisationId, organisationId)) : servers.public))
    .orderBy(asc(servers.createdAt), asc(servers.id))
    .limit(1);
  return row?.server;
}
