// Withdrawal (issue 24): a public server with a Japanese evaluation (the only server of that release) and
// every lint release is made private through the API; the `build-release` job that PATCH queued runs once
// (fetched from pg-boss like a worker would): no latest release holds it, the older versions that held it
// are listed withdrawn and their files answer 410 with their manifest still served, `toolmark datasets
// verify` of the site passes, and the server's name and utterances are in no file the service serves.
// Then a deleted server, the operator's withdrawal of a public server and of one release, and who may ask.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { BASELINE_MODEL_ID, publishedRuleSetIds } from '@toolmark/benchmarks';
import { createApiKey, createOrganisation, publishedReleases, registerSigningKey } from '@toolmark/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { bossSender } from '../../src/jobs/boss.js';
import { buildRelease } from '../../src/jobs/build-release.js';
import { parseCatalogue } from '../../src/model-catalogue.js';
import { bearer, post, uploadServer, waitForEvaluation } from '../evaluations/helpers.js';
import { runCli } from '../helpers.js';
import { recordingLog, waitFor } from '../jobs/helpers.js';
import { seedService, type Seeded } from './helpers.js';
import { TEST_SIGNER } from './signer.js';

/** Lint releases a build publishes: one per published rules version. */
const LINTS = publishedRuleSetIds().length;

/** Only the server that goes private carries it: in its name, its tools and so its cases' utterances. */
const MARKER = 'quokkaledger';
const LONELY = { tools: [{ name: `${MARKER}_balance`, description: `Read the ${MARKER} balance of an account by its ${MARKER} number and return the amount and currency.`, inputSchema: { type: 'object', properties: { number: { type: 'integer', description: `The ${MARKER} number.` } }, required: ['number'] } }] };

let seeded: Seeded;
let app: FastifyInstance;
let root: string;
let base: string;
let lonely: string;
const settings = () => ({ root, license: 'CC-BY-4.0', siteUrl: base, signer: TEST_SIGNER });

/**
 * Run the one waiting `build-release` job as a worker would (fetch, handle, complete); its payload and output.
 * The first-release jobs the seed's finished runs queued (jobs/first-release.ts) are completed unrun: this
 * test drives every build itself.
 */
async function runQueuedBuild() {
  let [job] = await seeded.s.boss.fetch<Record<string, unknown>>('build-release');
  while (job && job.data.reason === 'first-release') {
    await seeded.s.boss.complete('build-release', job.id);
    [job] = await seeded.s.boss.fetch<Record<string, unknown>>('build-release');
  }
  if (!job) throw new Error('no build-release job is waiting');
  const out = await buildRelease({ db: seeded.s.t.db, log: recordingLog(), datasets: settings() }, job.data);
  await seeded.s.boss.complete('build-release', job.id);
  return { data: job.data, out };
}

/** Every byte the service serves about datasets: the list, each manifest, and each file that answers 200 (the statuses of the others). */
async function served(): Promise<{ text: string; statuses: Map<string, number> }> {
  const parts: string[] = [];
  const statuses = new Map<string, number>();
  const list = await app.inject({ method: 'GET', url: '/v1/datasets' });
  parts.push(list.body);
  for (const r of list.json().items as { id: string; files: { path: string }[] }[]) {
    parts.push((await app.inject({ method: 'GET', url: `/v1/datasets/${r.id}` })).body);
    for (const path of ['manifest.json', ...r.files.map((f) => f.path)]) {
      const res = await app.inject({ method: 'GET', url: `/v1/datasets/${r.id}/files/${path}` });
      statuses.set(`${r.id}/${path}`, res.statusCode);
      parts.push(res.rawPayload.toString('utf8'));
    }
  }
  return { text: parts.join('\n'), statuses };
}

const listed = async () => (await app.inject({ method: 'GET', url: '/v1/datasets' })).json().items as { id: string; kind: string; key: string; latest: boolean; withdrawn: { at: string; code: string; reason: string } | null }[];

beforeAll(async () => {
  seeded = await seedService();
  const s = seeded.s;
  root = await mkdtemp(join(tmpdir(), 'toolmark-withdrawal-'));
  // The service's API over the seeded database, serving this datasets folder (the seed's app serves the default one).
  app = await buildApp({ database: s.t, jobs: bossSender(s.boss), config: loadConfig({ TOOLMARK_LOG_LEVEL: 'silent', TOOLMARK_READ_CACHE_MS: '0', TOOLMARK_DATASETS_DIR: root }), logger: false, catalogue: parseCatalogue({ version: 1, models: [] }, 'test.json'), env: {} });
  base = await app.listen({ host: '127.0.0.1', port: 0 });
  await registerSigningKey(s.t.db, TEST_SIGNER.keyId, TEST_SIGNER.publicKeyPem);
  lonely = await uploadServer(s, `Lonely ${MARKER} ledger`, LONELY);
  await waitFor('the lonely server linted under every rules version', async () => {
    const [row] = await s.t.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM lint_results lr JOIN server_versions v ON v.id = lr.server_version_id WHERE v.server_id = ${lonely}`;
    return row!.n >= publishedRuleSetIds().length ? true : undefined;
  }, 60_000, 100);
  const res = await post(s, `/v1/servers/${lonely}/evaluations`, s.keys.script, { models: [BASELINE_MODEL_ID], language: 'ja' });
  if (res.statusCode !== 202) throw new Error(`evaluation start: ${res.statusCode} ${res.body}`);
  expect((await waitForEvaluation(s, res.json().id as string, (e) => e.status === 'done' || e.status === 'failed', 60_000)).status).toBe('done');
  await s.app.inject({ method: 'POST', url: '/v1/datasets/builds', headers: bearer(s.keys.admin), payload: {} });
  const first = await runQueuedBuild();
  // A lint release per published rules version and two evaluation releases (English and Japanese).
  expect(first.out.releases.map((r) => r.status)).toEqual(Array(LINTS + 2).fill('published'));
}, 240_000);
afterAll(async () => {
  await app?.close();
  await seeded?.s.close();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('a public server made private', () => {
  let before: Awaited<ReturnType<typeof listed>>;
  let report: Awaited<ReturnType<typeof runQueuedBuild>>;

  beforeAll(async () => {
    before = await listed();
    // What the test looks for is there before: the lonely server's name and its Japanese utterances are served.
    expect((await served()).text).toContain(MARKER);
    const patch = await seeded.s.app.inject({ method: 'PATCH', url: `/v1/servers/${lonely}`, headers: bearer(seeded.s.keys.admin), payload: { public: false } });
    expect(patch.statusCode).toBe(200);
    report = await runQueuedBuild();
  }, 120_000);

  it('queued a withdrawal build; in that one run every release holding it was withdrawn and the lint ones rebuilt without it', async () => {
    expect(report.data).toEqual({ reason: 'withdrawal' });
    const held = before.filter((r) => r.latest);
    expect(held.map((r) => r.kind).sort()).toEqual(['evaluation', 'evaluation', ...Array(LINTS).fill('lint')]);
    const ja = held.find((r) => r.kind === 'evaluation' && r.key.includes('|ja|'))!;
    const lint = held.filter((r) => r.kind === 'lint');
    // Only the releases that held it: the English evaluation release never did.
    expect(report.out.withdrawn.map((w) => w.releaseId).sort()).toEqual([ja.id, ...lint.map((r) => r.id)].sort());
    expect(report.out.withdrawn.every((w) => w.code === 'server_private')).toBe(true);
    expect(report.out.releases.map((r) => [r.kind, r.status])).toEqual(Array(LINTS).fill(['lint', 'published']));

    const after = await listed();
    for (const r of after.filter((x) => x.latest)) expect(r.withdrawn, r.id).toBeNull();
    expect(after.some((r) => r.latest && r.key === ja.key)).toBe(false);
    for (const old of [ja, ...lint]) {
      const now = after.find((r) => r.id === old.id)!;
      expect(now.latest).toBe(false);
      expect(now.withdrawn).toEqual({ at: expect.any(String), code: 'server_private', reason: 'a server it held was made private' });
    }
    const stored = await publishedReleases(seeded.s.t.db);
    for (const r of stored.filter((x) => x.withdrawnAt === null)) expect(r.servers, r.releaseId).not.toContain(lonely);
  });

  it("serves the withdrawn versions' manifests and answers 410 in the uniform shape for their files", async () => {
    const withdrawn = (await listed()).filter((r) => r.withdrawn !== null);
    expect(withdrawn.length).toBe(LINTS + 1);
    const { statuses } = await served();
    for (const r of withdrawn) {
      expect(statuses.get(`${r.id}/manifest.json`)).toBe(200);
      expect((await app.inject({ method: 'GET', url: `/v1/datasets/${r.id}` })).statusCode).toBe(200);
      const files = [...statuses].filter(([k]) => k.startsWith(`${r.id}/`) && !k.endsWith('/manifest.json'));
      expect(files.length).toBeGreaterThan(5);
      for (const [k, status] of files) expect(status, k).toBe(410);
    }
    const gone = await app.inject({ method: 'GET', url: `/v1/datasets/${withdrawn[0]!.id}/files/README.md` });
    expect(gone.json()).toEqual({ error: { code: 'release_withdrawn', message: expect.stringMatching(/was withdrawn on \d{4}-\d\d-\d\d \(a server it held was made private\)/), detail: expect.objectContaining({ releaseId: withdrawn[0]!.id, file: 'README.md', code: 'server_private' }) } });
    for (const [k, status] of statuses) if (!withdrawn.some((r) => k.startsWith(`${r.id}/`))) expect(status, k).toBe(200);
  });

  it('serves nothing of it: its name and utterances are in no file, list or manifest', async () => {
    const { text } = await served();
    expect(text).not.toContain(MARKER);
    expect(text).not.toContain(lonely);
  });

  it('`toolmark datasets verify` of the site passes', async () => {
    const run = await runCli(['datasets', 'verify', base]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout.trim().split('\n').filter((l) => l.startsWith('ok '))).toHaveLength(LINTS + 1);
  }, 120_000);
});

describe('a deleted server and the operator', () => {
  it('a deleted public server is withdrawn from the releases holding it', async () => {
    const [victim] = seeded.publicIds;
    const del = await seeded.s.app.inject({ method: 'DELETE', url: `/v1/servers/${victim}`, headers: bearer(seeded.s.keys.admin) });
    expect(del.statusCode).toBe(200);
    const { out } = await runQueuedBuild();
    expect(out.withdrawn.length).toBe(LINTS + 1);
    expect(out.withdrawn.every((w) => w.code === 'server_deleted')).toBe(true);
    expect(out.releases.map((r) => r.status)).toEqual(Array(LINTS + 1).fill('published'));
    const stored = await publishedReleases(seeded.s.t.db);
    for (const r of stored.filter((x) => x.withdrawnAt === null)) expect(r.servers).not.toContain(victim);
  }, 120_000);

  it('the operator withdraws a public server (at once, then rebuilt without it) and one release', async () => {
    const target = seeded.publicIds[1]!;
    const res = await app.inject({ method: 'POST', url: '/v1/datasets/withdrawals', headers: bearer(seeded.s.keys.admin), payload: { server: target, reason: 'at its owner’s request' } });
    expect(res.statusCode).toBe(202);
    const answer = res.json() as { withdrawn: string[]; queued: boolean };
    expect(answer.withdrawn.length).toBe(LINTS + 1);
    expect(answer.queued).toBe(true);
    for (const id of answer.withdrawn) expect((await app.inject({ method: 'GET', url: `/v1/datasets/${id}/files/README.md` })).statusCode).toBe(410);
    const { out } = await runQueuedBuild();
    expect(out.releases.map((r) => r.status)).toEqual(Array(LINTS + 1).fill('published'));
    const items = await listed();
    const latest = items.filter((r) => r.latest);
    const stored = await publishedReleases(seeded.s.t.db);
    for (const r of latest) expect(stored.find((x) => x.releaseId === r.id)!.servers).not.toContain(target);
    expect(items.find((r) => r.id === answer.withdrawn[0])!.withdrawn?.reason).toBe('the operator withdrew a server it held: at its owner’s request');

    const one = latest[0]!.id;
    const single = await app.inject({ method: 'POST', url: '/v1/datasets/withdrawals', headers: bearer(seeded.s.keys.admin), payload: { release: one, reason: 'built from a bad capture' } });
    expect(single.json()).toEqual({ withdrawn: [one], queued: false, jobId: null });
    expect((await app.inject({ method: 'GET', url: `/v1/datasets/${one}/files/manifest.json` })).statusCode).toBe(200);
    expect((await listed()).find((r) => r.id === one)).toMatchObject({ latest: false, withdrawn: { code: 'operator', reason: 'the operator withdrew this release: built from a bad capture' } });
  }, 120_000);

  it('refuses anyone but the operator, a body naming both or neither, and an unknown server or release', async () => {
    const other = await createOrganisation(seeded.s.t.db, { name: 'Others', slug: 'others' });
    const key = (await createApiKey(seeded.s.t.db, { organisationId: other.id, purpose: 'admin', name: 'admin' })).key;
    const send = (k: string, payload: Record<string, unknown>) => app.inject({ method: 'POST', url: '/v1/datasets/withdrawals', headers: bearer(k), payload });
    expect((await send(key, { server: seeded.publicIds[2], reason: 'x' })).statusCode).toBe(403);
    expect((await send(seeded.s.keys.script, { server: seeded.publicIds[2], reason: 'x' })).statusCode).toBe(403);
    const both = await send(seeded.s.keys.admin, { server: seeded.publicIds[2], release: 'x', reason: 'x' });
    expect(both.statusCode).toBe(400);
    expect(both.json().error.message).toContain('exactly one of server or release');
    expect((await send(seeded.s.keys.admin, { reason: 'x' })).statusCode).toBe(400);
    expect((await send(seeded.s.keys.admin, { server: '00000000-0000-4000-8000-000000000000', reason: 'x' })).statusCode).toBe(404);
    expect((await send(seeded.s.keys.admin, { release: 'lint-nothing-v9', reason: 'x' })).statusCode).toBe(404);
  });
});
