import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { createApiKey, schema, type Database } from '@toolmark/db';
import { ensureOperatorOrganisation } from './seed.js';

/** Whether the operator organisation has an admin key that is not revoked. */
async function hasLiveAdminKey(db: Database, organisationId: string): Promise<boolean> {
  const rows = await db
    .select({ id: schema.apiKeys.id })
    .from(schema.apiKeys)
    .where(and(eq(schema.apiKeys.organisationId, organisationId), eq(schema.apiKeys.purpose, 'admin'), isNull(schema.apiKeys.revokedAt)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Create an admin key for the install's first organisation. Without `force` nothing is created when a
 * live admin key exists (keys are stored hashed, so an existing one cannot be shown again: use it to make
 * more, or force a new one from the operator's shell).
 */
export async function createBootstrapKey(db: Database, force: boolean): Promise<{ key: string; organisation: { id: string; slug: string } } | null> {
  const organisation = await ensureOperatorOrganisation(db);
  if (!force && (await hasLiveAdminKey(db, organisation.id))) return null;
  const { key } = await createApiKey(db, { organisationId: organisation.id, purpose: 'admin', name: 'bootstrap admin key' });
  return { key, organisation: { id: organisation.id, slug: organisation.slug } };
}

/**
 * On a fresh install's first start: create the first admin key and put it in `<dir>/first-admin-key`
 * (mode 0600) — never in the logs. Returns the file's path, or null when an admin key already existed.
 */
export async function writeFirstAdminKey(db: Database, dir: string): Promise<string | null> {
  const created = await createBootstrapKey(db, false);
  if (!created) return null;
  const file = join(dir, 'first-admin-key');
  writeFileSync(file, `${created.key}\n`, { mode: 0o600 });
  return file;
}
