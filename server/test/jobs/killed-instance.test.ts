// Real `toolmark worker` processes (the BUILT CLI) killed with SIGKILL in the middle of work, and started
// again on the same host: the restarted worker sees its previous incarnation's pid gone, fails its active
// jobs into a retry at once (the attempts would otherwise stay active until they expire: 30 min for a run,
// 1 h for a build), and the work resumes — a model run with no trial asked for or stored twice and nothing
// charged twice, a build that publishes. Another organisation's evaluation queued meanwhile starts within
// seconds although the restarted worker has one run slot: the first run yields it (fairness.ts). The seconds
// are printed (docs/reliability.md); the assertions are the outcomes, their cause, and the loose 60 s target.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lintSurface, parseSurfaceValue } from '@toolmark/benchmarks';
import { createApiKey, createOrganisation, publishedReleases, releasesOf, storeLintResult } from '@toolmark/db';
import { openLockingSession } from '@toolmark/db/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bossSender } from '../../src/jobs/boss.js';
import { startFake, wordMatchScript, type FakeServer, type FakeView } from '../fakes/llm-servers.mjs';
import { bearer, get, post, SURFACE, startEvalService, uploadServer, waitForEvaluation, type EvalService } from '../evaluations/helpers.js';
import { CLI } from '../helpers.js';
import { jobsOf, waitFor } from './helpers.js';

/** A second organisation's surface: its tool names tell its requests apart at the fake provider. */
const SURFACE_B = {
  tools: [
    { name: 'search_invoices', description: 'Search the invoices for ones whose customer or reference matches a query. Returns up to 20 invoices.', inputSchema: { type: 'object', properties: { query: { type: 'string', description: 'Words to match.' } }, required: ['query'] } },
    { name: 'create_invoice', description: 'Create a new invoice for a customer with an amount. Returns the new invoice number.', inputSchema: { type: 'object', properties: { customer: { type: 'string', description: 'The customer.' }, amount: { type: 'number', description: 'In euros.' } }, required: ['customer'] } },
    { name: 'void_invoice', description: 'Void an issued invoice by its number, with a reason. Returns the voided invoice.', inputSchema: { type: 'object', properties: { number: { type: 'integer', description: 'The invoice number.' }, reason: { type: 'string' } }, required: ['number'] } },
  ],
};

let s: EvalService;
let fake: FakeServer;
let root: string;
const children = new Set<ChildProcess>();
/** The fake's behaviour: hang every request from the n-th on (the first worker gets stuck), or answer after a delay. */
let hangFrom = 6;
let delayMs = 0;
const requests: { at: number; key: string; org: 'a' | 'b' }[] = [];
const keyOf = (utterance: string, tools: readonly string[]) => `${utterance}|${tools.join(',')}`;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'toolmark-killed-instance-'));
  fake = await startFake('openai', {
    script: async (view: FakeView, n: number) => {
      const tools = view.tools.map((t) => t.name);
      requests.push({ at: Date.now(), key: keyOf(view.utterance, tools), org: tools.includes('void_invoice') ? 'b' : 'a' });
      if (n >= hangFrom) await new Promise(() => undefined);
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      return wordMatchScript(view);
    },
  });
  s = await startEvalService({ models: [{ id: 'openai/fake', provider: 'openai-chat', model: 'fake', baseUrl: fake.baseURL, unitPrice: 1, concurrency: 2, retries: 0 }] }, { OPENAI_API_KEY: 'test-key' }, { workers: false });
}, 60_000);
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await s?.close();
  await fake?.close();
  await rm(root, { recursive: true, force: true });
});

/** A `toolmark worker` against the test database (`startedAt`: when it was spawned); resolves once it logged that its workers started. */
async function startWorker(env: Record<string, string> = {}): Promise<{ child: ChildProcess; startedAt: number; lines: () => Record<string, unknown>[] }> {
  const startedAt = Date.now();
  const child = spawn(process.execPath, [CLI, 'worker'], {
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: s.t.url, OPENAI_API_KEY: 'test-key', TOOLMARK_DATASETS_DIR: root, TOOLMARK_LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  await waitFor(`the worker to start (stderr: ${stderr})`, async () => stdout.includes('job workers started') || (child.exitCode !== null && Promise.reject(new Error(`the worker exited: ${stderr}`))), 60_000, 50);
  const lines = () =>
    stdout
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  return { child, startedAt, lines };
}

async function kill(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

const unitsUsed = async (orgId: string) => (await s.t.sql<{ used: number }[]>`SELECT coalesce(sum(units), 0)::int AS used FROM usage WHERE organisation_id = ${orgId} AND purpose = 'script'`)[0]!.used;

it('a worker SIGKILLed mid-run: the restarted worker resumes the run at once, nothing asked, stored or charged twice, and another organisation\'s evaluation starts within seconds', async () => {
  const first = await startWorker();
  const serverA = await uploadServer(s, 'Killed mid-run', SURFACE);
  const resA = await post(s, `/v1/servers/${serverA}/evaluations`, s.keys.script, { models: ['openai/fake'] });
  expect(resA.statusCode, resA.body).toBe(202);
  const { id: evalA, runs } = resA.json() as { id: string; runs: { id: string }[] };
  const runA = runs[0]!.id;
  const chargedA = await unitsUsed(s.orgId);
  const storedCount = async () => (await s.t.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM trials WHERE model_run_id = ${runA}`)[0]!.n;
  await waitFor('the first worker to store trials and hang', async () => (await storedCount()) >= hangFrom - 2 && requests.length >= hangFrom + 1, 60_000, 50);
  await kill(first.child);
  const [held] = (await jobsOf(s.t, 'run-model')).filter((j) => j.state === 'active');
  expect(held).toMatchObject({ retry_count: 0, data: { modelRunId: runA } });
  const before = await s.t.sql<{ case_id: string; record: { order: string[] } }[]>`SELECT case_id, record FROM trials WHERE model_run_id = ${runA}`;
  const utterances = new Map((await s.t.sql<{ case_id: string; utterance: string }[]>`SELECT case_id, utterance FROM eval_cases`).map((r) => [r.case_id, r.utterance] as const));
  const storedKeys = new Set(before.map((t) => keyOf(utterances.get(t.case_id)!, t.record.order)));

  // Another organisation queues an evaluation while no worker runs; the provider answers slowly from now on,
  // so the resumed run still runs when the second one is ready, and the restarted worker has ONE run slot.
  hangFrom = Number.POSITIVE_INFINITY;
  delayMs = 700;
  const orgB = await createOrganisation(s.t.db, { name: 'Second', slug: 'second' });
  const keyB = (await createApiKey(s.t.db, { organisationId: orgB.id, purpose: 'script', name: 'b' })).key;
  const serverB = await uploadServer(s, 'Other organisation', SURFACE_B, keyB);
  const resB = await post(s, `/v1/servers/${serverB}/evaluations`, keyB, { models: ['openai/fake'] });
  expect(resB.statusCode, resB.body).toBe(202);
  const evalB = (resB.json() as { id: string }).id;
  const chargedB = await unitsUsed(orgB.id);
  const mark = requests.length;

  const second = await startWorker({ TOOLMARK_WORKER_CONCURRENCY: '1' });
  const doneA = await waitForEvaluation(s, evalA, (e) => e.status === 'done', 120_000);
  const doneB = await waitFor(`evaluation ${evalB}`, async () => {
    const e = (await get(s, `/v1/evaluations/${evalB}`, keyB)).json() as { status: string };
    return e.status === 'done' && e;
  }, 120_000, 100);
  const finishedAt = Date.now();
  expect(doneB.status).toBe('done');

  // Cause: the restarted worker ended its previous incarnation and failed the run's attempt over (not its 30-minute expiry).
  const lines = second.lines();
  expect(lines.find((l) => String(l.msg).includes('failed over'))).toMatchObject({ queue: 'run-model', jobIds: [held!.id] });
  expect(lines.find((l) => String(l.msg).includes('whose process is gone'))).toBeDefined();
  const resumed = requests.slice(mark);
  const firstA = resumed.find((r) => r.org === 'a')!;
  const firstB = resumed.find((r) => r.org === 'b')!;
  const secs = (at: number) => ((at - second.startedAt) / 1000).toFixed(1);
  console.log(
    `killed-instance (run): after the worker was started again, run A resumed at ${secs(firstA.at)} s, organisation B's first request at ${secs(firstB.at)} s ` +
      `(one run slot: A yielded ${lines.filter((l) => String(l.msg).includes('yielded')).length}×), both evaluations done at ${secs(finishedAt)} s`,
  );
  expect(firstA.at - second.startedAt).toBeLessThan(60_000);
  expect(firstB.at - second.startedAt).toBeLessThan(60_000);
  // B started before A ended: A gave up its only slot.
  const lastA = resumed.filter((r) => r.org === 'a').at(-1)!;
  expect(firstB.at).toBeLessThan(lastA.at);

  // Nothing twice: every trial stored once, none of the stored ones asked for again, no unit charged again.
  const [after] = await s.t.sql<{ n: number; distinct: number; trial_count: number }[]>`
    SELECT count(*)::int AS n, count(DISTINCT (t.case_id, t.repeat))::int AS distinct, r.trial_count
      FROM trials t JOIN model_runs r ON r.id = t.model_run_id WHERE r.id = ${runA} GROUP BY r.trial_count`;
  expect(after).toEqual({ n: after!.trial_count, distinct: after!.trial_count, trial_count: after!.trial_count });
  expect(resumed.filter((r) => r.org === 'a' && storedKeys.has(r.key))).toEqual([]);
  expect(await unitsUsed(s.orgId)).toBe(chargedA);
  expect(await unitsUsed(orgB.id)).toBe(chargedB);
  expect(doneA.runs[0]).toMatchObject({ status: 'done', refundedUnits: 0 });
  await kill(second.child);
}, 300_000);

it('a worker SIGKILLed mid-build: the restarted worker fails the build over at once and publishes it', async () => {
  for (const name of ['alpha', 'beta']) {
    const tools = { tools: [{ name: `${name}_search`, description: `Search the ${name} index for entries matching a query.`, inputSchema: { type: 'object', properties: { query: { type: 'string', description: 'What to look for.' } }, required: ['query'] } }] };
    const { server } = (await s.app.inject({ method: 'POST', url: '/v1/servers', headers: bearer(s.keys.script), payload: { name, public: true, source: { kind: 'upload', tools } } })).json();
    await storeLintResult(s.t.db, server.latestVersionId, await lintSurface(parseSurfaceValue(tools)));
  }
  const first = await startWorker();
  await waitFor('the lints queued by the uploads to end', async () => (await jobsOf(s.t, 'lint-version')).every((j) => j.state === 'completed'), 60_000);
  // The build stops in the middle: after it reserved its release (a `building` row), its read waits for this lock.
  const holder = await openLockingSession(s.t.url);
  await holder.run('BEGIN');
  await holder.run('LOCK TABLE board_entries IN ACCESS EXCLUSIVE MODE');
  await bossSender(s.boss).send('build-release', { kind: 'lint', reason: 'requested' });
  // The first rules version's release is reserved, then its read waits.
  const [building] = await waitFor('the build to reserve a release and wait', async () => {
    const rows = await s.t.sql<{ key: string }[]>`SELECT key FROM releases WHERE kind = 'lint' AND status = 'building'`;
    return rows.length > 0 && (rows as { key: string }[]);
  }, 60_000, 50);
  const key = building!.key;
  // (The evaluations above queued their settings' first releases, kind evaluation: other jobs.)
  const [held] = (await jobsOf(s.t, 'build-release')).filter((j) => j.state === 'active' && (j.data as { kind?: string }).kind === 'lint');
  expect(held).toBeDefined();
  await kill(first.child);
  await holder.run('ROLLBACK');
  await holder.end();
  expect((await publishedReleases(s.t.db)).filter((r) => r.kind === 'lint')).toEqual([]);

  const second = await startWorker();
  const published = await waitFor('the release to be published', async () => (await releasesOf(s.t.db, 'lint', key)).find((r) => r.status === 'published'), 60_000);
  const seconds = (Date.now() - second.startedAt) / 1000;
  console.log(`killed-instance (build): the killed build's release was published ${seconds.toFixed(1)} s after the worker was started again (build expiry: 3600 s)`);
  expect(seconds).toBeLessThan(60);
  expect(second.lines().find((l) => String(l.msg).includes('failed over'))).toMatchObject({ queue: 'build-release', jobIds: [held!.id] });
  // The killed build's remains went with the retry: one release of the key, published.
  expect((await releasesOf(s.t.db, 'lint', key)).map((r) => [r.releaseId, r.status])).toEqual([[published.releaseId, 'published']]);
  await kill(second.child);
}, 300_000);
