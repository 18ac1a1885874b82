// The locks a lint save takes (LOCK ORDER at saveLintScore), checked against real sessions that hold the
// other end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintSurface, parseSurfaceValue, surfaceHash } from '@toolmark/benchmarks';
import { createTestDatabase, openLockingSession, waitForLockWait, type TestDatabase } from '@toolmark/db/testing';
import {
  connectAsyncCommit,
  createApiKey,
  createOrganisation,
  createServer,
  hasPostgresCode,
  saveLintScore,
  saveNewVersionFast,
  type SavePayer,
} from '@toolmark/db';
import type { Sql } from 'postgres';

let t: TestDatabase;
let saves: Sql;
let orgId: string;
let keyId: string;

const tool = (name: string, description: string) => ({ name, description, inputSchema: { type: 'object', properties: { q: { type: 'string' } } } });

async function surfaceOf(description: string) {
  const tools = { tools: [tool('find_notes', description)] };
  const surface = parseSurfaceValue(tools);
  return { tools, hash: surfaceHash(surface), result: await lintSurface(surface) };
}

const payer = (): SavePayer => ({ apiKeyId: keyId, organisationId: orgId, purpose: 'ci', at: new Date() });

const full = (serverId: string, s: Awaited<ReturnType<typeof surfaceOf>>, label: string) =>
  saveLintScore(t.db, { serverId, surfaceHash: s.hash, tools: s.tools, toolCount: 1, label, origin: 'api' }, s.result, payer());

/** A server with one saved version (so the organisation has a usage row); `first` is its surface. */
async function serverWithFirstVersion(slug: string) {
  const server = await createServer(t.db, { name: slug, slug, source: 'upload', organisationId: orgId, public: true });
  const first = await surfaceOf(`Finds notes by keyword (${slug}).`);
  await full(server.id, first, 'v1');
  return Object.assign(server, { first });
}

/** What a save writes, for "once" and "nothing" checks. */
async function counts(serverId: string) {
  const [row] = await t.sql<{ versions: number; results: number; saves: number; units: number }[]>`
    SELECT (SELECT count(*)::int FROM server_versions WHERE server_id = ${serverId}) AS versions,
           (SELECT count(*)::int FROM lint_results lr JOIN server_versions v ON v.id = lr.server_version_id WHERE v.server_id = ${serverId}) AS results,
           (SELECT count(*)::int FROM lint_saves WHERE server_id = ${serverId}) AS saves,
           (SELECT COALESCE(sum(units + credit_units), 0)::int FROM usage WHERE organisation_id = ${orgId}) AS units`;
  return row!;
}

beforeAll(async () => {
  t = await createTestDatabase(6);
  saves = connectAsyncCommit(t.url, 2);
  orgId = (await createOrganisation(t.db, { name: 'Acme', slug: 'acme' })).id;
  keyId = (await createApiKey(t.db, { organisationId: orgId, purpose: 'ci', name: 'build' })).record.id;
});
afterAll(async () => {
  await saves?.end({ timeout: 5 });
  await t?.drop();
});

describe('the server row, locked first and no stronger than needed', () => {
  // A session holds the usage row, so a save of new tools stops there holding everything it took before.
  // While it waits, the server row must still be open to FOR KEY SHARE (what saves of unchanged tools and
  // every foreign-key check into servers take) and closed to FOR SHARE (the board trigger waits for it).
  async function probeWhileSaving(serverId: string, start: () => Promise<unknown>, waitingIn: string) {
    const holder = await openLockingSession(t.url);
    await holder.run('BEGIN');
    await holder.run('SELECT 1 FROM usage WHERE organisation_id = $1 FOR UPDATE', [orgId]);
    const saving = start();
    try {
      await waitForLockWait(t.sql, { pattern: waitingIn });
      const keyShare = await t.sql`SELECT 1 FROM servers WHERE id = ${serverId} FOR KEY SHARE NOWAIT`.then(() => 'granted', (e: unknown) => (hasPostgresCode(e, '55P03') ? 'refused' : e));
      const share = await t.sql`SELECT 1 FROM servers WHERE id = ${serverId} FOR SHARE NOWAIT`.then(() => 'granted', (e: unknown) => (hasPostgresCode(e, '55P03') ? 'refused' : e));
      return { keyShare, share };
    } finally {
      await holder.run('ROLLBACK');
      await holder.end();
      await saving;
    }
  }

  it('the full transaction adding a version takes it FOR NO KEY UPDATE', async () => {
    const server = await serverWithFirstVersion('lock-full');
    const next = await surfaceOf('Finds notes by keyword, newest first.');
    const seen = await probeWhileSaving(server.id, () => full(server.id, next, 'v2'), '%"usage"%');
    expect(seen).toEqual({ keyShare: 'granted', share: 'refused' });
    expect((await counts(server.id)).versions).toBe(2);
  });

  it('the one-statement save of new tools takes it FOR NO KEY UPDATE', async () => {
    const server = await serverWithFirstVersion('lock-statement');
    const next = await surfaceOf('Finds notes by keyword, oldest first.');
    const input = { serverId: server.id, organisationId: orgId, surfaceHash: next.hash, tools: next.tools, toolCount: 1, label: 'v2', result: next.result, apiKeyId: keyId, purpose: 'ci' as const, at: new Date() };
    let added: unknown;
    const seen = await probeWhileSaving(server.id, async () => (added = await saveNewVersionFast(saves, input)), '%INSERT INTO usage%');
    expect(seen).toEqual({ keyShare: 'granted', share: 'refused' });
    expect(added).toMatchObject({ version: { seq: 2 } });
  });
});

