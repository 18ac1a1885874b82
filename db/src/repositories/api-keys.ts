import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database, Tx } from '../client.js';
import { apiKeys, organisations } from '../schema.js';

/** What a key may do. */
export const KEY_PURPOSES = ['admin', 'ci', 'script', 'agent'] as const;
/** A key purpose. */
export type KeyPurpose = (typeof KEY_PURPOSES)[number];

/** A key's stored record (never the key itself). */
export type ApiKeyRecord = Omit<typeof apiKeys.$inferSelect, 'hash'>;

/** A key found by its hash, with what the request pipeline needs about its organisation. */
export interface AuthenticatedKey extends ApiKeyRecord {
  organisation: { id: string; slug: string; name: string; rateLimitPerMinute: number };
}

/** sha256 hex of a key: what is stored and looked up. */
export const hashKey = (key: string): string => createHash('sha256').update(key).digest('hex');

/** A new random key: `tm_<purpose>_` + 32 characters of base64url (192 bits). */
export function generateKey(purpose: KeyPurpose): string {
  return `tm_${purpose}_${randomBytes(24).toString('base64url')}`;
}

// Every column but the hash: no query result that leaves this module carries it.
const publicColumns = {
  id: apiKeys.id,
  organisationId: apiKeys.organisationId,
  purpose: apiKeys.purpose,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  createdByKeyId: apiKeys.createdByKeyId,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
};

/** Create a key; returns the key once (only its hash is stored) and the record. */
export async function createApiKey(
  db: Database | Tx,
  input: { organisationId: string; purpose: KeyPurpose; name: string; createdByKeyId?: string | null; createdAt?: Date },
): Promise<{ key: string; record: ApiKeyRecord }> {
  const key = generateKey(input.purpose);
  const [record] = await db
    .insert(apiKeys)
    .values({ ...input, createdByKeyId: input.createdByKeyId ?? null, prefix: key.slice(0, key.indexOf('_', 3) + 7), hash: hashKey(key) })
    .returning(publicColumns);
  return { key, record: record! };
}

/** A key made within an organisation's limits, or which limit it would pass and, for the hourly one, when a slot frees. */
export type LimitedKey =
  | { status: 'created'; key: string; record: ApiKeyRecord }
  | { status: 'limited'; limit: 'createdPerHour' | 'live'; max: number; retryAfterSeconds: number | null };

/**
 * Create a key unless the organisation made `createdPerHour` keys in the last hour or holds `live` keys that
 * are not revoked. Under an advisory lock of the organisation, so concurrent requests cannot pass a limit together.
 */
export async function createApiKeyWithin(
  db: Database,
  input: { organisationId: string; purpose: KeyPurpose; name: string; createdByKeyId?: string | null },
  limits: { createdPerHour: number; live: number },
  at: Date,
): Promise<LimitedKey> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`api-keys:${input.organisationId}`}, 0))`);
    const since = new Date(at.getTime() - 3_600_000);
    const [row] = await tx
      .select({
        live: sql<number>`count(*) FILTER (WHERE ${apiKeys.revokedAt} IS NULL)::int`,
        recent: sql<number>`count(*) FILTER (WHERE ${apiKeys.createdAt} > ${since.toISOString()}::timestamptz)::int`,
        oldest: sql<string | null>`min(${apiKeys.createdAt}) FILTER (WHERE ${apiKeys.createdAt} > ${since.toISOString()}::timestamptz)`,
      })
      .from(apiKeys)
      .where(eq(apiKeys.organisationId, input.organisationId));
    if ((row?.recent ?? 0) >= limits.createdPerHour) {
      const oldest = row?.oldest ? new Date(row.oldest).getTime() : at.getTime();
      return { status: 'limited', limit: 'createdPerHour', max: limits.createdPerHour, retryAfterSeconds: Math.max(1, Math.ceil((oldest + 3_600_000 - at.getTime()) / 1000)) };
    }
    if ((row?.live ?? 0) >= limits.live) return { status: 'limited', limit: 'live', max: limits.live, retryAfterSeconds: null };
    return { status: 'created', ...(await createApiKey(tx, { ...input, createdAt: at })) };
  });
}

/** The live (not revoked) key with this plaintext, with its organisation; undefined when unknown or revoked. */
export async function findLiveKey(db: Database, key: string): Promise<AuthenticatedKey | undefined> {
  const [row] = await db
    .select({ ...publicColumns, organisation: { id: organisations.id, slug: organisations.slug, name: organisations.name, rateLimitPerMinute: organisations.rateLimitPerMinute } })
    .from(apiKeys)
    .innerJoin(organisations, eq(organisations.id, apiKeys.organisationId))
    .where(and(eq(apiKeys.hash, hashKey(key)), isNull(apiKeys.revokedAt)));
  return row;
}

/** Record a use, at most once a minute per key (a write per request would cost more than the request). */
export async function touchApiKey(db: Database, id: string, at: Date): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: at })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`${at.toISOString()}::timestamptz - interval '1 minute'`))));
}

/** An organisation's keys, newest first, revoked ones included (marked). */
export async function listApiKeys(db: Database, organisationId: string): Promise<ApiKeyRecord[]> {
  return db.select(publicColumns).from(apiKeys).where(eq(apiKeys.organisationId, organisationId)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

/** Revoke a key of the organisation; undefined when it has no such key. Revoking twice keeps the first time. */
export async function revokeApiKey(db: Database, organisationId: string, id: string, at: Date): Promise<ApiKeyRecord | undefined> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, ${at.toISOString()}::timestamptz)` })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.organisationId, organisationId)))
    .returning(publicColumns);
  return row;
}
