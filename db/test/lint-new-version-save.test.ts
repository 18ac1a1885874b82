// saveNewVersionFast on a real database: what it writes, and every case where it writes nothing and
// hands the save to the full path (null).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintSurface, parseSurfaceValue, surfaceHash } from '@toolmark/benchmarks';
import { createTestDatabase, type TestDatabase } from '@toolmark/db/testing';
import { connectSavesPool, createApiKey, createOrganisation, createServer, hasPostgresCode, isDeadlock, isUniqueViolation, saveLintScore, saveNewVersionFast } from '@toolmark/db';
import type { Sql } from 'postgres';

let t: TestDatabase;
let saves: Sql;
let orgId: string;
let otherOrgId: string;
let keyId: string;

const tool = (name: string, description: string) => ({ name, description, inputSchema: { type: 'object', properties: { q: { type: 'string' } } } });

async function surfaceOf(description: string) {
  const tools = { tools: [tool('find_notes', description)] };
  const surface = parseSurfaceValue(tools);
  return { tools, hash: surfaceHash(surface), result: await lintSurface(surface) };
}

const input = (serverId: string, s: Awaited<ReturnType<typeof surfaceOf>>, organisationId = orgId) => ({
  serverId,
  organisationId,
  surfaceHash: s.hash,
  tools: s.tools,
  toolCount: 1,
  label: 'ci',
  result: s.result,
  apiKeyId: keyId,
  purpose: 'ci' as const,
  at: new Date(),
});

/** Rows a save writes, for "nothing was written" checks. */
async function counts(serverId: string) {
  const [row] = await t.sql<{ versions: number; saves: number; units: number }[]>`
    SELECT (SELECT count(*)::int FROM server_versions WHERE server_id = ${serverId}) AS versions,
           (SELECT count(*)::int FROM lint_saves WHERE server_id = ${serverId}) AS saves,
           (SELECT COALESCE(sum(units), 0)::int FROM usage WHERE organisation_id = ${orgId}) AS units`;
  return row!;
}

async function serverWithFirstVersion(slug: string) {
  const server = await createServer(t.db, { name: slug, slug, source: 'upload', organisationId: orgId, public: true });
  const first = await surfaceOf('Finds notes by keyword.');
  await saveLintScore(t.db, { serverId: server.id, surfaceHash: first.hash, tools: first.tools, toolCount: 1, label: 'v1', origin: 'api' }, first.result, {
    apiKeyId: keyId,
    organisationId: orgId,
    purpose: 'ci',
    at: new Date(),
  });
  return { server, first };
}

beforeAll(async () => {
  t = await createTestDatabase(4);
  saves = connectSavesPool(t.url, 2);
  orgId = (await createOrganisation(t.db, { name: 'Acme', slug: 'acme' })).id;
  otherOrgId = (await createOrganisation(t.db, { name: 'Other', slug: 'other' })).id;
  keyId = (await createApiKey(t.db, { organisationId: orgId, purpose: 'ci', name: 'build' })).record.id;
});
afterAll(async () => {
  await saves?.end({ timeout: 5 });
  await t?.drop();
});

describe('saveNewVersionFast', () => {
  it('adds the version as the latest with its result, save and unit, and names the version scored before', async () => {
    const { server } = await serverWithFirstVersion('adds');
    const before = await counts(server.id);
    const next = await surfaceOf('Finds notes by keyword. Returns titles and ids.');
    const out = await saveNewVersionFast(saves, input(server.id, next));
    expect(out).not.toBeNull();
    expect(out!.version).toMatchObject({ seq: 2, label: 'ci', surfaceHash: next.hash });
    expect(out!.previous).toMatchObject({ seq: 1, label: 'v1' });
    expect(await counts(server.id)).toEqual({ versions: before.versions + 1, saves: before.saves + 1, units: before.units + 1 });
    const [row] = await t.sql<{ latest: string; result: string }[]>`
      SELECT s.latest_version_id AS latest, lr.id AS result FROM servers s JOIN lint_results lr ON lr.server_version_id = s.latest_version_id WHERE s.id = ${server.id}`;
    expect(row).toEqual({ latest: out!.version.id, result: out!.resultId });
  });

  it('writes nothing and returns null for the full path: same tools as the latest, another organisation, no allowance', async () => {
    const { server, first } = await serverWithFirstVersion('refuses');
    const before = await counts(server.id);
    expect(await saveNewVersionFast(saves, input(server.id, first))).toBeNull();
    const next = await surfaceOf('Finds notes by keyword and tag.');
    expect(await saveNewVersionFast(saves, input(server.id, next, otherOrgId))).toBeNull();
    await t.sql`UPDATE organisations SET monthly_units_ci = 0 WHERE id = ${orgId}`;
    try {
      expect(await saveNewVersionFast(saves, input(server.id, next))).toBeNull();
    } finally {
      await t.sql`UPDATE organisations SET monthly_units_ci = 10000 WHERE id = ${orgId}`;
    }
    expect(await counts(server.id)).toEqual(before);
  });

  it('rolls back everything, the unit included, when its seq is taken (a version committed after its snapshot)', async () => {
    const { server } = await serverWithFirstVersion('seq-taken');
    // A version with seq 2 that is not (yet) the latest: what a concurrent save's insert looks like.
    await t.sql`INSERT INTO server_versions (server_id, seq, surface_hash, tools, tool_count, origin) VALUES (${server.id}, 2, 'sha256:other', '{"tools":[]}', 0, 'api')`;
    const before = await counts(server.id);
    const next = await surfaceOf('Finds notes by keyword, newest first.');
    expect(await saveNewVersionFast(saves, input(server.id, next))).toBeNull();
    expect(await counts(server.id)).toEqual(before);
  });

  it('passes on errors other than a taken seq or a deadlock', async () => {
    const next = await surfaceOf('Finds notes.');
    // Not a uuid: PostgreSQL refuses the statement (22P02), which is not the full path's to decide.
    await expect(saveNewVersionFast(saves, input('not-a-uuid', next))).rejects.toMatchObject({ code: '22P02' });
  });
});

describe('PostgreSQL error codes', () => {
  it('are found on the error or along its causes (drizzle wraps the driver’s error)', () => {
    const deadlock = { code: '40P01' };
    expect(isDeadlock(deadlock)).toBe(true);
    expect(isDeadlock(new Error('wrapped', { cause: deadlock }))).toBe(true);
    expect(isUniqueViolation(new Error('wrapped', { cause: new Error('again', { cause: { code: '23505' } }) }))).toBe(true);
    expect(isUniqueViolation(deadlock)).toBe(false);
    expect(hasPostgresCode(null, '40P01')).toBe(false);
    expect(hasPostgresCode(new Error('no code'), '40P01')).toBe(false);
  });
});
