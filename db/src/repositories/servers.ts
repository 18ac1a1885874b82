import { and, asc, count, desc, eq, ilike, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../client.js';
import { lintResults, serverVersions, servers, type ServerFacts } from '../schema.js';
import { securityOfResults } from './security.js';
import { refreshSearchOf } from './search.js';

/** A server's stored record. */
export type ServerRecord = typeof servers.$inferSelect;
/** A version without its tools (the list view). */
export type VersionSummary = Omit<typeof serverVersions.$inferSelect, 'tools'>;

/** What registering a server needs. */
export interface NewServer {
  name: string;
  slug: string;
  description?: string | null;
  source: 'url' | 'npm' | 'upload';
  sourceUrl?: string | null;
  sourcePackage?: string | null;
  homepage?: string | null;
  repository?: string | null;
  license?: string | null;
  facts?: ServerFacts | null;
  organisationId: string;
  public: boolean;
}

/** Register a server; a taken slug fails with the unique violation, which the caller turns into 409. */
export async function createServer(db: Executor, input: NewServer): Promise<ServerRecord> {
  const [row] = await db.insert(servers).values(input).returning();
  return row!;
}

/** One server by id, or undefined. */
export async function getServer(db: Database, id: string): Promise<ServerRecord | undefined> {
  const [row] = await db.select().from(servers).where(eq(servers.id, id));
  return row;
}

/** One server by slug, or undefined. */
export async function getServerBySlug(db: Database, slug: string): Promise<ServerRecord | undefined> {
  const [row] = await db.select().from(servers).where(eq(servers.slug, slug));
  return row;
}

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Public servers (or an organisation's, public or not), searched by name or slug, paged by name. */
export async function listServers(
  db: Database,
  query: { search?: string | undefined; limit: number; offset: number; organisationId?: string | undefined },
): Promise<{ total: number; items: (ServerRecord & { toolCount: number | null; latestSeq: number | null })[] }> {
  const visible = and(isNull(servers.deletedAt), query.organisationId ? eq(servers.organisationId, query.organisationId) : eq(servers.public, true));
  const where = query.search
    ? and(visible, or(ilike(servers.name, `%${escapeLike(query.search)}%`), ilike(servers.slug, `%${escapeLike(query.search)}%`)))
    : visible;
  const [total] = await db.select({ n: count() }).from(servers).where(where);
  const rows = await db
    .select({ server: servers, toolCount: serverVersions.toolCount, latestSeq: serverVersions.seq })
    .from(servers)
    .leftJoin(serverVersions, eq(serverVersions.id, servers.latestVersionId))
    .where(where)
    .orderBy(asc(sql`lower(${servers.name})`), asc(servers.id))
    .limit(query.limit)
    .offset(query.offset);
  return { total: total?.n ?? 0, items: rows.map((r) => ({ ...r.server, toolCount: r.toolCount, latestSeq: r.latestSeq })) };
}

/** A server's versions, newest first, each with its scores per rules version (no tools, no full results). */
export async function listVersions(db: Database, serverId: string) {
  const versions = await db
    .select({
      id: serverVersions.id,
      serverId: serverVersions.serverId,
      seq: serverVersions.seq,
      surfaceHash: serverVersions.surfaceHash,
      label: serverVersions.label,
      toolCount: serverVersions.toolCount,
      origin: serverVersions.origin,
      capturedAt: serverVersions.capturedAt,
    })
    .from(serverVersions)
    .where(eq(serverVersions.serverId, serverId))
    .orderBy(desc(serverVersions.seq));
  const scores = await db
    .select({
      resultId: lintResults.id,
      versionId: lintResults.serverVersionId,
      rulesId: lintResults.rulesId,
      rulesHash: lintResults.rulesHash,
      score: lintResults.score,
      band: lintResults.band,
      critical: lintResults.critical,
      required: lintResults.required,
      minor: lintResults.minor,
      securityFindings: lintResults.securityFindings,
      tokens: lintResults.tokens,
      createdAt: lintResults.createdAt,
    })
    .from(lintResults)
    .innerJoin(serverVersions, eq(serverVersions.id, lintResults.serverVersionId))
    .where(eq(serverVersions.serverId, serverId))
    .orderBy(asc(lintResults.createdAt));
  const security = await securityOfResults(db, scores);
  return versions.map((v) => ({
    ...v,
    scores: scores.filter((s) => s.versionId === v.id).map(({ versionId: _v, resultId, securityFindings: _s, ...s }) => ({ ...s, security: security.get(resultId)! })),
  }));
}

/** One version with its tools, or undefined. */
export async function getVersion(db: Database, id: string): Promise<(typeof serverVersions.$inferSelect) | undefined> {
  const [row] = await db.select().from(serverVersions).where(eq(serverVersions.id, id));
  return row;
}

/** Record the outcome of a capture attempt on the server. */
export async function setCaptureStatus(db: Database, id: string, status: { status: string; error: unknown; at: Date }): Promise<void> {
  await db
    .update(servers)
    .set({
      captureStatus: status.status,
      captureError: status.error ?? null,
      // Waiting or running is not a capture: the last capture time stays that of the last finished attempt.
      lastCapturedAt: status.status === 'queued' || status.status === 'capturing' ? undefined : status.at,
    })
    .where(eq(servers.id, id));
}

/** Public servers whose tools can be read again (URL or npm sources), for the drift schedule. */
export async function listRecapturable(db: Database): Promise<{ id: string; source: string }[]> {
  return db
    .select({ id: servers.id, source: servers.source })
    .from(servers)
    .where(and(eq(servers.public, true), isNull(servers.deletedAt), or(eq(servers.source, 'url'), eq(servers.source, 'npm'))));
}

/** What an organisation may change about its server (each field left out stays as it is). */
export interface ServerChanges {
  name?: string;
  description?: string | null;
  homepage?: string | null;
  repository?: string | null;
  public?: boolean;
}

/** Change a server's name, description, links or visibility; the updated record (undefined when there is no such live server). */
export async function updateServer(db: Database, id: string, changes: ServerChanges): Promise<ServerRecord | undefined> {
  const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as ServerChanges;
  if (Object.keys(set).length === 0) {
    const [row] = await db.select().from(servers).where(and(eq(servers.id, id), isNull(servers.deletedAt)));
    return row;
  }
  const [row] = await db.update(servers).set(set).where(and(eq(servers.id, id), isNull(servers.deletedAt))).returning();
  // A new name or description is what full-text search finds the server by.
  if (row && (set.name !== undefined || set.description !== undefined)) await refreshSearchOf(db, id);
  return row;
}

/**
 * Soft-delete a server: it leaves the board (the trigger) and every list, and its routes answer 404; its
 * versions, results and saves stay stored, so numbers already published keep their source. Idempotent:
 * the first deletion's time is kept. The record as deleted, or undefined when there is no such server.
 */
export async function softDeleteServer(db: Database, id: string, at: Date): Promise<ServerRecord | undefined> {
  const [row] = await db
    .update(servers)
    .set({ deletedAt: sql`coalesce(${servers.deletedAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(servers.id, id))
    .returning();
  return row;
}

/**
 * Other public, live servers whose latest version has the same surface hash as this server's latest: the
 * earliest registered first (at most `limit`), and how many there are.
 */
export async function sameSurfaceServers(db: Database, server: Pick<ServerRecord, 'id' | 'latestVersionId'>, limit = 5): Promise<{ total: number; items: { id: string; slug: string; name: string }[] }> {
  if (!server.latestVersionId) return { total: 0, items: [] };
  const [own] = await db.select({ hash: serverVersions.surfaceHash }).from(serverVersions).where(eq(serverVersions.id, server.latestVersionId));
  if (!own) return { total: 0, items: [] };
  const where = and(eq(serverVersions.surfaceHash, own.hash), ne(servers.id, server.id), eq(servers.public, true), isNull(servers.deletedAt));
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: servers.id, slug: servers.slug, name: servers.name })
      .from(serverVersions)
      .innerJoin(servers, eq(servers.latestVersionId, serverVersions.id))
      .where(where)
      .orderBy(asc(servers.createdAt), asc(servers.id))
      .limit(limit),
    db.select({ n: count() }).from(serverVersions).innerJoin(servers, eq(servers.latestVersionId, serverVersions.id)).where(where),
  ]);
  return { total: total?.n ?? 0, items: rows };
}

/** An organisation's newest live server registered from this npm package or URL (lint_server answers it again rather than registering twice). */
export async function ownServerFromSource(db: Database, organisationId: string, source: { kind: 'npm'; package: string } | { kind: 'url'; url: string }): Promise<ServerRecord | undefined> {
  const [row] = await db
    .select()
    .from(servers)
    .where(
      and(
        eq(servers.organisationId, organisationId),
        isNull(servers.deletedAt),
        source.kind === 'npm' ? eq(servers.sourcePackage, source.package) : eq(servers.sourceUrl, source.url),
      ),
    )
    .orderBy(desc(servers.createdAt))
    .limit(1);
  return row;
}

/** An organisation's server registered from an npm package (`name@…` or `name`), or undefined. */
export async function getServerByPackage(db: Database, organisationId: string, name: string): Promise<ServerRecord | undefined> {
  const [row] = await db
    .select()
    .from(servers)
    .where(and(eq(servers.organisationId, organisationId), or(eq(servers.sourcePackage, name), ilike(servers.sourcePackage, `${escapeLike(name)}@%`))))
    .limit(1);
  return row;
}

/** Set a server's package facts (licence, facts, repository when it has none). */
export async function setServerFacts(db: Executor, id: string, input: { license: string | null; facts: ServerFacts; repository: string | null; description?: string | null }): Promise<void> {
  await db
    .update(servers)
    .set({ license: input.license, facts: input.facts, repository: sql`coalesce(${servers.repository}, ${input.repository})`, ...(input.description ? { description: input.description } : {}) })
    .where(eq(servers.id, id));
}
