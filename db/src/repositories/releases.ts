// Dataset releases: a build reserves the next version of its kind and key, then publishes it (status and
// manifest in one statement) or fails it. Only published rows are ever listed or served.
import { and, desc, eq, max, sql } from 'drizzle-orm';
import type { Database, Executor } from '../client.js';
import { releases } from '../schema.js';

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
export async function publishRelease(db: Executor, id: string, manifest: unknown, bytes: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(releases)
    .set({ status: 'published', manifest, bytes, publishedAt: at })
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

/** The latest published release of a kind and key (the `latest` pointer), if any. */
export async function latestRelease(db: Executor, kind: string, key: string): Promise<ReleaseRecord | undefined> {
  const [row] = await db
    .select(columns)
    .from(releases)
    .where(and(eq(releases.kind, kind), eq(releases.key, key), eq(releases.status, 'published')))
    .orderBy(desc(releases.version))
    .limit(1);
  return row;
}

/** Every release row of a kind and key whatever its status (tests and the operator's view of builds). */
export async function releasesOf(db: Executor, kind: string, key: string): Promise<ReleaseRecord[]> {
  return db.select(columns).from(releases).where(and(eq(releases.kind, kind), eq(releases.key, key))).orderBy(releases.version);
}
