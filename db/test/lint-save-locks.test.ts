// The locks a lint save takes (LOCK ORDER at saveLintScore) and what happens when PostgreSQL aborts a save
// anyway (deadlock, serialisation failure): checked against real sessions that hold the other end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintSurface, parseSurfaceValue, surfaceHash } from '@toolmark/benchmarks';
import { createTestDatabase, forceSaveDeadlocks, openLockingSession, waitForLockWait, type TestDatabase } from '@toolmark/db/testing';
import {
  connectSavesPool,
  createApiKey,
  createOrganisation,
  createServer,
  hasPostgresCode,
  RepositoryError,
  retryOnce,
  saveLintScore,
  saveNewVersionFast,
  saveUnchangedFast,
  type SavePayer,
} from '@toolmark/db';
import { sql } from 'drizzle-orm';
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
  saves = connectSavesPool(t.url, 2);
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

describe('a save PostgreSQL aborts is run once more', () => {
  it('a deadlock: the transaction runs again and saves once — one version, one result, one save, one unit', async () => {
    const server = await serverWithFirstVersion('deadlock-once');
    const before = await counts(server.id);
    const forcing = await forceSaveDeadlocks(t.url, { serverId: server.id, organisationId: orgId }, 1);
    const saving = full(server.id, await surfaceOf('Finds notes by keyword and tag.'), 'v2');
    await forcing.play();
    const saved = await saving;
    expect(saved).toMatchObject({ created: true, version: { seq: 2, label: 'v2' }, charge: { fromQuota: 1, fromCredits: 0 } });
    expect(await counts(server.id)).toEqual({ versions: before.versions + 1, results: before.results + 1, saves: before.saves + 1, units: before.units + 1 });
  });

  it('a second deadlock: busy (with a retry delay), and nothing of the save is kept or charged', async () => {
    const server = await serverWithFirstVersion('deadlock-twice');
    const before = await counts(server.id);
    const forcing = await forceSaveDeadlocks(t.url, { serverId: server.id, organisationId: orgId }, 2);
    const saving = full(server.id, await surfaceOf('Finds notes by keyword and date.'), 'v2').catch((e: unknown) => e);
    await forcing.play();
    const error = await saving;
    expect(error).toBeInstanceOf(RepositoryError);
    expect(error).toMatchObject({ code: 'busy', detail: { retryAfterSeconds: 1 } });
    expect(await counts(server.id)).toEqual(before);
  });

  it('the one-statement save of unchanged tools, aborted by a deadlock, writes nothing and leaves the save to the full path', async () => {
    const server = await serverWithFirstVersion('deadlock-statement');
    const before = await counts(server.id);
    const at = new Date(Date.UTC(2031, 0, 15)); // a month without a usage row yet
    // Y inserts that month's usage row and keeps it uncommitted; X holds the key's row, which the save's
    // foreign-key check needs at the end of its statement. The save holds the server row (FOR KEY SHARE)
    // and waits for Y; X waits for the server row; Y rolls back; the save waits for X: a cycle.
    const x = await openLockingSession(t.url);
    const y = await openLockingSession(t.url);
    try {
      await x.run('BEGIN');
      await x.run('SELECT 1 FROM api_keys WHERE id = $1 FOR UPDATE', [keyId]);
      await y.run('BEGIN');
      await y.run(`INSERT INTO usage (organisation_id, month, purpose, units) VALUES ($1, '2031-01-01', 'ci', 0)`, [orgId]);
      const input = { serverId: server.id, surfaceHash: server.first.hash, rules: server.first.result.rules, organisationId: orgId, purpose: 'ci' as const, apiKeyId: keyId, label: 'again', at };
      const saving = saveUnchangedFast(saves, input);
      await waitForLockWait(t.sql, { pattern: '%WITH srv AS%' }); // (pg_stat_activity keeps the first 1 KiB of a statement)
      const serverRow = x.run('SELECT 1 FROM servers WHERE id = $1 FOR UPDATE', [server.id]);
      await waitForLockWait(t.sql, { pid: x.pid });
      await y.run('ROLLBACK');
      await serverRow; // the statement was aborted
      expect(await saving).toMatchObject({ saveId: null });
      await x.run('ROLLBACK');
    } finally {
      await Promise.all([x.end(), y.end()]);
    }
    expect(await counts(server.id)).toEqual(before);
  });

  it('retryOnce: a serialisation failure (40001) is tried again, twice is busy, anything else passes at once', async () => {
    // A real one: a repeatable-read transaction updates a row another transaction changed after its snapshot.
    const server = await serverWithFirstVersion('serialisation');
    const conflicting = async () => {
      await t.db.transaction(
        async (tx) => {
          await tx.execute(sql`SELECT name FROM servers WHERE id = ${server.id}`);
          await t.sql`UPDATE servers SET description = 'changed meanwhile' WHERE id = ${server.id}`;
          await tx.execute(sql`UPDATE servers SET description = 'mine' WHERE id = ${server.id}`);
        },
        { isolationLevel: 'repeatable read' },
      );
    };
    let calls = 0;
    await expect(retryOnce(async () => (++calls === 1 ? conflicting() : 'second'))).resolves.toBe('second');
    expect(calls).toBe(2);

    calls = 0;
    await expect(retryOnce(async () => (calls++, conflicting()))).rejects.toMatchObject({ code: 'busy' });
    expect(calls).toBe(2);

    calls = 0;
    await expect(retryOnce(async () => (calls++, t.sql`SELECT 1/0`))).rejects.toMatchObject({ code: '22012' });
    expect(calls).toBe(1);
  });
});
