import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintSurface, parseSurfaceValue, surfaceHash, type LintResult } from '@toolmark/benchmarks';
import { createTestDatabase, type TestDatabase } from '@toolmark/db/testing';
import {
  addVersionIfChanged,
  balanceOf,
  createApiKey,
  createOrganisation,
  createServer,
  grantCredits,
  latestLint,
  listVersions,
  lintResultById,
  previousScoredRef,
  RepositoryError,
  saveLintScore,
  schema,
} from '@toolmark/db';
import { eq } from 'drizzle-orm';

let t: TestDatabase;
let orgId: string;
let keyId: string;

const tool = (name: string, description: string) => ({ name, description, inputSchema: { type: 'object', properties: { q: { type: 'string' } } } });

async function incoming(serverId: string, tools: unknown[], label: string | null = null) {
  const value = { tools };
  const surface = parseSurfaceValue(value);
  const result = await lintSurface(surface);
  return { incoming: { serverId, surfaceHash: surfaceHash(surface), tools: value, toolCount: tools.length, label, origin: 'api' as const }, result };
}

async function newServer(slug: string) {
  return createServer(t.db, { name: slug, slug, source: 'upload', organisationId: orgId, public: true });
}

beforeAll(async () => {
  t = await createTestDatabase(30);
  const org = await createOrganisation(t.db, { name: 'Acme', slug: 'acme' });
  orgId = org.id;
  keyId = (await createApiKey(t.db, { organisationId: orgId, purpose: 'ci', name: 'build' })).record.id;
});
afterAll(async () => t?.drop());

describe('saving lint scores', () => {
  it('adds a version only when the tools change, and saves a score every time', async () => {
    const server = await newServer('versions');
    const payer = { apiKeyId: keyId, organisationId: orgId, purpose: 'ci' as const, at: new Date() };
    const a = await incoming(server.id, [tool('search_docs', 'Search the docs by keyword.')], 'v1.0');
    const first = await saveLintScore(t.db, a.incoming, a.result, payer);
    const second = await saveLintScore(t.db, { ...a.incoming, label: 'again' }, a.result, payer);
    expect(first.created).toBe(true);
    expect(second.created).toBe(false);
    expect(second.version.id).toBe(first.version.id);
    expect(second.version.label).toBe('v1.0');
    const saves = await t.db.select().from(schema.lintSaves).where(eq(schema.lintSaves.serverId, server.id));
    expect(saves.map((s) => s.label).sort()).toEqual(['again', 'v1.0']);
    const results = await t.db.select().from(schema.lintResults).where(eq(schema.lintResults.serverVersionId, first.version.id));
    expect(results).toHaveLength(1);

    const b = await incoming(server.id, [tool('search_docs', 'Search the documentation by keyword and return matching pages.'), tool('get_page', 'Get one page.')]);
    const third = await saveLintScore(t.db, b.incoming, b.result, payer);
    expect(third.created).toBe(true);
    expect(third.version.seq).toBe(2);
    const previous = await previousScoredRef(t.db, server.id, third.version, b.result.rules);
    expect(previous?.version.id).toBe(first.version.id);
    expect(((await lintResultById(t.db, previous!.resultId)) as LintResult).surface.hash).toBe(a.result.surface.hash);

    // Back to the first tools: a third version, since it differs from the latest.
    const fourth = await saveLintScore(t.db, a.incoming, a.result, payer);
    expect(fourth.version.seq).toBe(3);
    const versions = await listVersions(t.db, server.id);
    expect(versions.map((v) => v.seq)).toEqual([3, 2, 1]);
    expect(versions[0]!.scores[0]!.score).toBe(a.result.score);
    expect((await latestLint(t.db, server.id))?.id).toBe(fourth.version.id);
  });

  it('20 concurrent saves of one new body add exactly one version and keep every score', async () => {
    const server = await newServer('concurrent');
    const payer = { apiKeyId: keyId, organisationId: orgId, purpose: 'ci' as const, at: new Date() };
    const a = await incoming(server.id, [tool('a_tool', 'Does a thing with a file.')]);
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => saveLintScore(t.db, a.incoming, a.result, payer)));
    expect(outcomes.filter((o) => o.created)).toHaveLength(1);
    expect(new Set(outcomes.map((o) => o.version.id)).size).toBe(1);
    const versions = await t.db.select().from(schema.serverVersions).where(eq(schema.serverVersions.serverId, server.id));
    expect(versions).toHaveLength(1);
    const saves = await t.db.select().from(schema.lintSaves).where(eq(schema.lintSaves.serverId, server.id));
    expect(saves).toHaveLength(20);
  });

  it('captures add versions without scores through the same rule', async () => {
    const server = await newServer('captured');
    const a = await incoming(server.id, [tool('x', 'Reads x.')]);
    expect((await addVersionIfChanged(t.db, { ...a.incoming, origin: 'capture' })).created).toBe(true);
    expect((await addVersionIfChanged(t.db, { ...a.incoming, origin: 'capture' })).created).toBe(false);
  });
});

describe('quota and credits', () => {
  it('counts per purpose, spends oldest-expiring credits first, never expired ones, and refuses with nothing saved', async () => {
    const org = await createOrganisation(t.db, { name: 'Small', slug: 'small' });
    await t.db.update(schema.organisations).set({ monthlyUnitsCi: 2, monthlyUnitsScript: 1 }).where(eq(schema.organisations.id, org.id));
    const ci = (await createApiKey(t.db, { organisationId: org.id, purpose: 'ci', name: 'ci' })).record;
    const script = (await createApiKey(t.db, { organisationId: org.id, purpose: 'script', name: 'script' })).record;
    const server = await createServer(t.db, { name: 'q', slug: 'quota-server', source: 'upload', organisationId: org.id, public: false });
    const at = new Date('2026-11-15T12:00:00Z');
    await grantCredits(t.db, { organisationId: org.id, amount: 1, reason: 'expired', expiresAt: new Date('2026-11-01T00:00:00Z') });
    await grantCredits(t.db, { organisationId: org.id, amount: 1, reason: 'late', expiresAt: new Date('2027-05-01T00:00:00Z') });
    await grantCredits(t.db, { organisationId: org.id, amount: 1, reason: 'early', expiresAt: new Date('2027-01-01T00:00:00Z') });
    const a = await incoming(server.id, [tool('q', 'Query it.')]);
    const ciPayer = { apiKeyId: ci.id, organisationId: org.id, purpose: 'ci' as const, at };
    const charges = [];
    for (let i = 0; i < 4; i++) charges.push((await saveLintScore(t.db, a.incoming, a.result, ciPayer)).charge);
    expect(charges).toEqual([
      { fromQuota: 1, fromCredits: 0 },
      { fromQuota: 1, fromCredits: 0 },
      { fromQuota: 0, fromCredits: 1 },
      { fromQuota: 0, fromCredits: 1 },
    ]);
    const left = await t.db.select().from(schema.credits).where(eq(schema.credits.organisationId, org.id));
    expect(Object.fromEntries(left.map((c) => [c.reason, c.remaining]))).toEqual({ expired: 1, early: 0, late: 0 });
    // The script allowance is separate: one save fits, the next finds no credits left.
    const scriptPayer = { apiKeyId: script.id, organisationId: org.id, purpose: 'script' as const, at };
    await saveLintScore(t.db, a.incoming, a.result, scriptPayer);
    const before = (await t.db.select().from(schema.lintSaves).where(eq(schema.lintSaves.serverId, server.id))).length;
    const refused = await saveLintScore(t.db, a.incoming, a.result, scriptPayer).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RepositoryError);
    expect((refused as RepositoryError).code).toBe('quota_exhausted');
    expect((await t.db.select().from(schema.lintSaves).where(eq(schema.lintSaves.serverId, server.id))).length).toBe(before);
    const balance = await balanceOf(t.db, org.id, at);
    expect(balance).toMatchObject({ month: '2026-11', ci: { used: 2, remaining: 0 }, script: { used: 1, remaining: 0 }, credits: 0 });
    // A new UTC month starts from zero.
    expect((await balanceOf(t.db, org.id, new Date('2026-12-01T00:00:00Z'))).ci.used).toBe(0);
  });
});
