// Dataset releases: a build reserves the next version of its kind and key, then publishes it (status and
// manifest in one statement) or fails it. Only published rows are ever listed or served.
import { and, desc, eq, isNull, max, sql } from 'drizzle-orm';
import type { Database, Executor } from '../client.js';
import { datasetExclusions, datasetSigningKeys, releases } from '../schema.js';

/** A release row as the API and the site read it. */
export interface ReleaseRecord {
  id: string;
  kind: string;
  key: string;
  version: number;
  releaseId: string;
  status: 'building' | 'published' | 'failed';
  manifest: unknown;
  bytes: number | null;
  createdAt: Date;
  publishedAt: Date | null;
  /** Set when the release was withdrawn (its files answer 410; the manifest stays). */
  withdrawnAt: Date | null;
  withdrawnReason: unknown;
  /** The servers it holds rows of (null: published before they were recorded). */
  servers: string[] | null;
}

/**
 * Start a build of a kind and key: rows a killed build left `building` are removed (their release ids
 * returned, so the caller removes their folders), and the next version is reserved. One transaction under
 * an advisory lock of the kind and key, so two builders never take one version.
 */
export async function reserveRelease(db: Database, kind: string, key: string, releaseIdOf: (version: number) => string): Promise<{ id: string; version: number; releaseId: string; stale: string[] }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`release:${kind}:${key}`}))`);
    const stale = await tx.delete(releases).where(and(eq(releases.kind, kind), eq(releases.key, key), eq(releases.status, 'building'))).returning({ releaseId: releases.releaseId });
    const [top] = await tx.select({ v: max(releases.version) }).from(releases).where(and(eq(releases.kind, kind), eq(releases.key, key)));
    const version = (top?.v ?? 0) + 1;
    const releaseId = releaseIdOf(version);
    const [row] = await tx.insert(releases).values({ kind, key, version, releaseId }).returning({ id: releases.id });
    return { id: row!.id, version, releaseId, stale: stale.map((s) => s.releaseId) };
  });
}

/** Publish a built release: one statement flips it to published with its manifest; false when it is no longer building. */
export async function publishRelease(db: Executor, id: string, manifest: unknown, bytes: number, at: Date, serverIds: readonly string[]): Promise<boolean> {
  const rows = await db
    .update(releases)
    .set({ status: 'published', manifest, bytes, publishedAt: at, servers: [...serverIds] })
    .where(and(eq(releases.id, id), eq(releases.status, 'building')))
    .returning({ id: releases.id });
  return rows.length === 1;
}

/** Mark a build failed (kept for the record; its version number is not reused). */
export async function failRelease(db: Executor, id: string, error: unknown): Promise<void> {
  await db.update(releases).set({ status: 'failed', error }).where(and(eq(releases.id, id), eq(releases.status, 'building')));
}

/** Drop a reserved build that turned out identical to the latest release (nothing new to publish). */
export async function dropRelease(db: Executor, id: string): Promise<void> {
  await db.delete(releases).where(and(eq(releases.id, id), eq(releases.status, 'building')));
}

const columns = {
  id: releases.id,
  kind: releases.kind,
  key: releases.key,
  version: releases.version,
  releaseId: releases.releaseId,
  status: releases.status,
  manifest: releases.manifest,
  bytes: releases.bytes,
  createdAt: releases.createdAt,
  publishedAt: releases.publishedAt,
  withdrawnAt: releases.withdrawnAt,
  withdrawnReason: releases.withdrawnReason,
  servers: releases.servers,
};

/** Published releases, newest first (optionally of one kind). */
export async function publishedReleases(db: Executor, kind?: string): Promise<ReleaseRecord[]> {
  return db
    .select(columns)
    .from(releases)
    .where(and(eq(releases.status, 'published'), ...(kind ? [eq(releases.kind, kind)] : [])))
    .orderBy(desc(releases.publishedAt), desc(releases.version));
}

/** One published release by its release id. */
export async function publishedRelease(db: Executor, releaseId: string): Promise<ReleaseRecord | undefined> {
  const [row] = await db.select(columns).from(releases).where(and(eq(releases.releaseId, releaseId), eq(releases.status, 'published')));
  return row;
}

/** The latest published, not withdrawn release of a kind and key (the `latest` pointer), if any. */
export async function latestRelease(db: Executor, kind: string, key: string): Promise<ReleaseRecord | undefined> {
  const [row] = await db
    .select(columns)
    .from(releases)
    .where(and(eq(releases.kind, kind), eq(releases.key, key), eq(releases.status, 'published'), isNull(releases.withdrawnAt)))
    .orderBy(desc(releases.version))
    .limit(1);
  return row;
}

/** Every release row of a kind and key whatever its status (tests and the operator's view of builds). */
export async function releasesOf(db: Executor, kind: string, key: string): Promise<ReleaseRecord[]> {
  return db.select(columns).from(releases).where(and(eq(releases.kind, kind), eq(releases.key, key))).orderBy(releases.version);
}

/** Why a release was withdrawn (stored as it is listed; never a server's name). */
export interface WithdrawalReason {
  code: 'server_private' | 'server_deleted' | 'operator';
  message: string;
}

/** A published, not withdrawn release that holds a server no release may hold (private, deleted, gone or excluded by the operator). */
export interface HeldServer {
  id: string;
  releaseId: string;
  kind: string;
  key: string;
  serverId: string;
  code: WithdrawalReason['code'];
  /** The operator's reason, for an excluded server. */
  operatorReason: string | null;
}

/** Every published, not withdrawn release holding a server that is no longer public (or deleted, or excluded). */
export async function releasesHoldingHidden(db: Executor): Promise<HeldServer[]> {
  const rows = await db.execute<{ id: string; release_id: string; kind: string; key: string; server_id: string; public: boolean | null; deleted: boolean | null; excluded: string | null }>(sql`
    SELECT r.id, r.release_id, r.kind, r.key, h.server_id, s.public, s.deleted_at IS NOT NULL AS deleted, e.reason AS excluded
    FROM releases r
    CROSS JOIN LATERAL unnest(r.servers) AS h(server_id)
    LEFT JOIN servers s ON s.id = h.server_id
    LEFT JOIN dataset_exclusions e ON e.server_id = h.server_id
    WHERE r.status = 'published' AND r.withdrawn_at IS NULL
      AND (s.id IS NULL OR s.deleted_at IS NOT NULL OR NOT s.public OR e.server_id IS NOT NULL)
    ORDER BY r.kind, r.key, r.version`);
  return [...rows].map((r) => ({
    id: r.id,
    releaseId: r.release_id,
    kind: r.kind,
    key: r.key,
    serverId: r.server_id,
    code: r.excluded !== null ? 'operator' : r.public === null || r.deleted ? 'server_deleted' : 'server_private',
    operatorReason: r.excluded,
  }));
}

/** Published releases whose servers were never recorded (published before migration 0011). */
export async function unindexedReleases(db: Executor): Promise<ReleaseRecord[]> {
  return db.select(columns).from(releases).where(and(eq(releases.status, 'published'), isNull(releases.servers)));
}

/** Record the servers a published release holds. */
export async function setReleaseServers(db: Executor, id: string, serverIds: readonly string[]): Promise<void> {
  await db.update(releases).set({ servers: [...serverIds] }).where(eq(releases.id, id));
}

/** Withdraw a published release (once: a withdrawn one keeps its first date and reason); false when it is not published or already withdrawn. */
export async function withdrawRelease(db: Executor, id: string, reason: WithdrawalReason, at: Date): Promise<boolean> {
  const rows = await db
    .update(releases)
    .set({ withdrawnAt: at, withdrawnReason: reason })
    .where(and(eq(releases.id, id), eq(releases.status, 'published'), isNull(releases.withdrawnAt)))
    .returning({ id: releases.id });
  return rows.length === 1;
}

/** Withdraw a server from every dataset release from now on (the operator's decision; the first reason stays). */
export async function excludeServer(db: Executor, serverId: string, reason: string): Promise<void> {
  await db.insert(datasetExclusions).values({ serverId, reason }).onConflictDoNothing();
}

/** The kinds and keys whose newest published release is withdrawn (a rebuild gives them a latest again, when they still have rows). */
export async function keysWithWithdrawnLatest(db: Executor): Promise<{ kind: string; key: string }[]> {
  const rows = await db.execute<{ kind: string; key: string; withdrawn: boolean }>(sql`
    SELECT DISTINCT ON (kind, key) kind, key, withdrawn_at IS NOT NULL AS withdrawn
    FROM releases WHERE status = 'published' ORDER BY kind, key, version DESC`);
  return [...rows].filter((r) => r.withdrawn).map((r) => ({ kind: r.kind, key: r.key }));
}

/** Register a public key manifests are signed with (once per key). */
export async function registerSigningKey(db: Executor, keyId: string, publicKey: string): Promise<void> {
  await db.insert(datasetSigningKeys).values({ keyId, publicKey }).onConflictDoNothing();
}

/** Every registered signing key, oldest first. */
export async function signingKeys(db: Executor): Promise<{ keyId: string; publicKey: string; createdAt: Date }[]> {
  return db.select().from(datasetSigningKeys).orderBy(datasetSigningKeys.createdAt, datasetSigningKeys.keyId);
}
