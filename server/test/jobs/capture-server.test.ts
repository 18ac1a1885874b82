// capture-server and recapture-public against a real MCP server: @modelcontextprotocol/server-everything
// over Streamable HTTP on 127.0.0.1, reached through the network guard (allowed only with allowPrivateUrls).
import type { ChildProcess } from 'node:child_process';
import { publishedRuleSetIds } from '@toolmark/benchmarks';
import { createOrganisation, createServer, getServer, listVersions, softDeleteServer, type ServerRecord } from '@toolmark/db';
import { createTestDatabase, type TestDatabase } from '@toolmark/db/testing';
import type PgBoss from 'pg-boss';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bossSender, createBoss, stopBoss } from '../../src/jobs/boss.js';
import { captureServer, type CaptureServerDeps } from '../../src/jobs/capture-server.js';
import { startWorkers, type StopWorkers } from '../../src/jobs/workers.js';
import { freePort, startEverything, startHttp } from '../helpers.js';
import { FAST, jobsOf, lintRows, recordingLog, waitFor } from './helpers.js';

let t: TestDatabase;
let orgId: string;
let everything: ChildProcess;
let url: string;
let boss: PgBoss;
let stop: StopWorkers | undefined;
const log = recordingLog();
let slugs = 0;

async function register(source: 'url' | 'npm' | 'upload', extra: Partial<Parameters<typeof createServer>[1]> = {}): Promise<ServerRecord> {
  const slug = `server-${++slugs}`;
  return createServer(t.db, { name: slug, slug, source, organisationId: orgId, public: true, ...extra });
}

async function work(deps: Pick<CaptureServerDeps, 'allowPrivateUrls' | 'allowNpmCapture'>): Promise<void> {
  stop = await startWorkers(boss, { db: t.db, sender: bossSender(boss), log, concurrency: 2, ...deps });
}

/** Wait until every job of `queue` for this server has finished, and return the server. */
async function settled(serverId: string): Promise<ServerRecord> {
  await waitFor('the capture jobs to finish', async () => {
    const jobs = (await jobsOf(t, 'capture-server')).filter((j) => j.data.serverId === serverId);
    return jobs.length > 0 && jobs.every((j) => j.state === 'completed' || j.state === 'failed');
  });
  return (await getServer(t.db, serverId))!;
}

beforeAll(async () => {
  t = await createTestDatabase();
  orgId = (await createOrganisation(t.db, { name: 'Acme', slug: 'acme' })).id;
  const started = await startEverything('streamableHttp');
  everything = started.child;
  url = `http://127.0.0.1:${started.port}/mcp`;
  boss = await createBoss({ url: t.url, log, ...FAST, queues: { 'capture-server': { retryDelay: 1 } } });
});
afterEach(async () => {
  await stop?.({ timeoutMs: 10_000 });
  stop = undefined;
});
afterAll(async () => {
  everything?.kill();
  if (boss) await stopBoss(boss, { graceful: false });
  await t?.drop();
});

describe('capture-server through the queue', () => {
  it('captures a URL, lints the new version, and adds no version when the tools did not change', async () => {
    await work({ allowPrivateUrls: true, allowNpmCapture: false });
    const server = await register('url', { sourceUrl: url });
    const sender = bossSender(boss);
    await sender.send('capture-server', { serverId: server.id, reason: 'registered' });

    const captured = await settled(server.id);
    expect(captured.captureStatus).toBe('captured');
    expect(captured.captureError).toBeNull();
    const [version, ...older] = await listVersions(t.db, server.id);
    expect(older).toHaveLength(0);
    expect(version).toMatchObject({ seq: 1, origin: 'capture', id: captured.latestVersionId });
    expect(version!.toolCount).toBeGreaterThan(5);
    // The capture queued lint-version, which scored the version under every rules version.
    await waitFor('the lint of the captured version', async () => (await lintRows(t, version!.id)).length === publishedRuleSetIds().length);

    // Asked again: same tools, so the same version, and nothing new to lint.
    await sender.send('capture-server', { serverId: server.id, reason: 'requested' });
    await waitFor('the second capture', async () => (await jobsOf(t, 'capture-server')).filter((j) => j.data.serverId === server.id && j.state === 'completed').length === 2);
    const again = (await getServer(t.db, server.id))!;
    expect(again.captureStatus).toBe('unchanged');
    expect(again.lastCapturedAt!.getTime()).toBeGreaterThan(captured.lastCapturedAt!.getTime());
    expect(await listVersions(t.db, server.id)).toHaveLength(1);
    const second = (await jobsOf(t, 'capture-server')).filter((j) => j.data.serverId === server.id)[1]!;
    expect(second.output).toMatchObject({ status: 'unchanged', versionId: version!.id, lintQueued: false });
  });

  it('the schedule tick re-captures public live servers only, without adding versions for unchanged tools', async () => {
    await work({ allowPrivateUrls: true, allowNpmCapture: false });
    const live = await register('url', { sourceUrl: url });
    const hidden = await register('url', { sourceUrl: url, public: false });
    const npm = await register('npm', { sourcePackage: '@modelcontextprotocol/server-everything' });
    const upload = await register('upload');
    const sender = bossSender(boss);
    await sender.send('capture-server', { serverId: live.id, reason: 'registered' });
    expect((await settled(live.id)).captureStatus).toBe('captured');

    const tick = await sender.send('recapture-public', {});
    const done = await waitFor('the tick', async () => (await jobsOf(t, 'recapture-public')).find((j) => j.id === tick && j.state === 'completed'));
    // Public URL servers of earlier tests are recaptured too; npm is skipped while npm capture is off.
    expect(done.output).toMatchObject({ skippedNpm: 1, alreadyWaiting: 0 });
    const scheduled = (await jobsOf(t, 'capture-server')).filter((j) => j.data.reason === 'scheduled');
    expect(scheduled.map((j) => j.data.serverId)).toContain(live.id);
    for (const id of [hidden.id, npm.id, upload.id]) expect(scheduled.map((j) => j.data.serverId)).not.toContain(id);
    expect(scheduled.every((j) => j.singleton_key === j.data.serverId)).toBe(true);

    const after = await settled(live.id);
    expect(after.captureStatus).toBe('unchanged');
    expect(await listVersions(t.db, live.id)).toHaveLength(1);
    expect((await getServer(t.db, npm.id))!.captureStatus).toBeNull();
  });

  it('without allowPrivateUrls a loopback URL is refused: failed status, job completed, no retry', async () => {
    await work({ allowPrivateUrls: false, allowNpmCapture: false });
    const server = await register('url', { sourceUrl: url });
    const id = await bossSender(boss).send('capture-server', { serverId: server.id, reason: 'registered' });
    const refused = await settled(server.id);
    expect(refused.captureStatus).toBe('failed');
    expect(refused.captureError).toMatchObject({ code: 'address_refused', willRetry: false });
    expect(JSON.stringify(refused.captureError)).toContain('127.0.0.1');
    const [job] = (await jobsOf(t, 'capture-server')).filter((j) => j.id === id);
    expect(job).toMatchObject({ state: 'completed', retry_count: 0, output: { status: 'failed' } });
    expect(await listVersions(t.db, server.id)).toHaveLength(0);
  });
});

describe('capture-server called directly', () => {
  const deps = (over: Partial<CaptureServerDeps> = {}): CaptureServerDeps => ({
    db: t.db,
    sender: bossSender(boss),
    log,
    allowPrivateUrls: true,
    allowNpmCapture: false,
    ...over,
  });

  it('npm capture turned off: a permanent failure that says how to turn it on', async () => {
    const server = await register('npm', { sourcePackage: '@modelcontextprotocol/server-everything' });
    const outcome = await captureServer(deps(), { serverId: server.id, reason: 'registered' }, { retryCount: 0, retryLimit: 3, expireInSeconds: 120 });
    expect(outcome).toMatchObject({ status: 'failed', error: { code: 'npm_capture_disabled', willRetry: false } });
    const stored = (await getServer(t.db, server.id))!;
    expect(stored.captureStatus).toBe('failed');
    expect((stored.captureError as { message: string }).message).toContain('TOOLMARK_ALLOW_NPM_CAPTURE');
  });

  it('a server that cannot be reached is retried (the job throws) until the last attempt, which records and completes', async () => {
    const server = await register('url', { sourceUrl: `http://127.0.0.1:${await freePort()}/mcp` });
    const job = { serverId: server.id, reason: 'requested' as const };
    const before = Date.now();
    await expect(captureServer(deps(), job, { retryCount: 1, retryLimit: 3, expireInSeconds: 30 })).rejects.toMatchObject({ code: 'connection_failed' });
    const failed = (await getServer(t.db, server.id))!.captureError as { willRetry: boolean; retry: { notBefore: string; by: string } };
    expect(failed).toMatchObject({ code: 'connection_failed', willRetry: true });
    // When pg-boss runs it again (the queue's 30 s base delay, second retry with backoff: 60–120 s later), for the progress page.
    const { notBefore, by } = failed.retry;
    expect(Date.parse(notBefore) - before).toBeGreaterThanOrEqual(60_000);
    expect(Date.parse(notBefore) - Date.now()).toBeLessThanOrEqual(60_000);
    expect(Date.parse(by) - Date.parse(notBefore)).toBe(60_000);
    const last = await captureServer(deps(), job, { retryCount: 3, retryLimit: 3, expireInSeconds: 30 });
    expect(last).toMatchObject({ status: 'failed', error: { code: 'connection_failed', willRetry: false } });
    expect((await getServer(t.db, server.id))!.captureError).toMatchObject({ code: 'connection_failed', willRetry: false });
    expect((await getServer(t.db, server.id))!.captureError).not.toHaveProperty('retry');
  });

  it('a server whose tools/list holds a NUL or a lone surrogate: a permanent failure at its place, no version, no retry', async () => {
    // A Streamable HTTP server in JSON mode, written against the wire format so it can send what the SDK never would.
    let tools: unknown[] = [];
    const mcp = await startHttp((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        if (req.method !== 'POST') return void res.writeHead(405).end();
        const msg = JSON.parse(body) as { id?: number; method: string; params?: { protocolVersion?: string } };
        if (msg.id === undefined) return void res.writeHead(202).end();
        const result =
          msg.method === 'initialize'
            ? { protocolVersion: msg.params?.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'odd', version: '1.0.0' } }
            : { tools };
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: msg.id, result }));
      });
    });
    try {
      for (const [bad, code, path] of [
        [{ name: 'read\u0000file', inputSchema: { type: 'object' } }, 'nul_character', '$.tools[0].name'],
        [{ name: 'read', inputSchema: { type: 'object', properties: { 'k\ud800': {} } } }, 'unpaired_surrogate', '$.tools[0].inputSchema.properties["k\\ud800"]'],
      ] as const) {
        tools = [bad];
        const server = await register('url', { sourceUrl: mcp.url });
        const outcome = await captureServer(deps(), { serverId: server.id, reason: 'registered' }, { retryCount: 0, retryLimit: 3, expireInSeconds: 30 });
        expect(outcome).toMatchObject({ status: 'failed', error: { code, willRetry: false, detail: { path } } });
        const stored = (await getServer(t.db, server.id))!;
        expect(stored.captureStatus).toBe('failed');
        expect((stored.captureError as { message: string }).message).toContain(`text at ${path}`);
        expect(await listVersions(t.db, server.id)).toEqual([]);
      }
    } finally {
      mcp.server.close();
    }
  });

  it('uploads have nothing to capture, and a deleted server is skipped', async () => {
    const server = await register('upload');
    expect(await captureServer(deps(), { serverId: server.id, reason: 'requested' })).toEqual({ status: 'skipped', serverId: server.id, reason: 'upload' });
    expect((await getServer(t.db, server.id))!.captureStatus).toBeNull();
    const gone = await register('url', { sourceUrl: url });
    await softDeleteServer(t.db, gone.id, new Date());
    expect(await captureServer(deps(), { serverId: gone.id, reason: 'requested' })).toEqual({ status: 'skipped', serverId: gone.id, reason: 'missing' });
    expect((await getServer(t.db, gone.id))!.captureStatus).toBeNull();
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(await captureServer(deps(), { serverId: missing, reason: 'requested' })).toEqual({ status: 'skipped', serverId: missing, reason: 'missing' });
  });
});
