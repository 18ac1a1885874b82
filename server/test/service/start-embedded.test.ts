// `npm start` on the embedded default, end to end, as a real process: a fresh data directory → start →
// migrate → seed → first admin key → keys and a lint save over HTTP → SIGTERM → start again → the data is
// still there. Then `toolmark bootstrap` against the stopped install.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..', '..');
const startJs = join(root, 'server', 'dist', 'start.js');
const cliJs = join(root, 'server', 'dist', 'cli', 'main.js');
const base = mkdtempSync(join(tmpdir(), 'toolmark-start-'));
chmodSync(base, 0o755); // as root the cluster runs as the postgres user, which must be able to enter it
const dataDir = join(base, 'data');
afterAll(() => rmSync(base, { recursive: true, force: true }));

// Only what the service needs: no DATABASE_URL from the caller's environment leaks in.
const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? base, TOOLMARK_DATA_DIR: dataDir, PORT: '0', TOOLMARK_LOG_LEVEL: 'info', TOOLMARK_SEED_CATALOGUE: 'false' };

async function start(): Promise<{ child: ChildProcess; url: string; logs: () => string }> {
  const child = spawn(process.execPath, [startJs], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const url = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`no start within 90 s:\n${out}`)), 90_000);
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /toolmark is serving on (http:\/\/[^"\s]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        done(m[1]!);
      }
    });
    child.once('exit', (code) => fail(new Error(`exited with ${code} before serving:\n${out}`)));
  });
  return { child, url, logs: () => out };
}

async function stop(child: ChildProcess): Promise<number | null> {
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  child.kill('SIGTERM');
  return exited;
}

const json = async (url: string, init: RequestInit = {}) => {
  const res = await fetch(url, init);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are checked field by field below
  return { status: res.status, body: (await res.json()) as Record<string, any> };
};

describe('npm start on the embedded database', () => {
  it('starts fresh, seeds, saves a score over HTTP, stops cleanly, and keeps the data across a restart', async () => {
    const first = await start();
    let serverId: string;
    let versionId: string;
    try {
      const health = await json(`${first.url}/health`);
      expect(health.body).toMatchObject({ status: 'ok', database: 'ok', process: { unhandledRejections: 0, uncaughtExceptions: 0 } });
      const board = await json(`${first.url}/v1/leaderboards/lint?limit=100`);
      expect(board.body.total).toBe(8); // six distractor sets and two reference servers
      expect(board.body.items.map((i: { slug: string }) => i.slug)).toContain('notion');

      const keyFile = join(dataDir, 'first-admin-key');
      expect((statSync(keyFile).mode & 0o777).toString(8)).toBe('600');
      const admin = readFileSync(keyFile, 'utf8').trim();
      expect(first.logs()).not.toContain(admin); // the key is in the file, never in the logs
      const ci = await json(`${first.url}/v1/keys`, { method: 'POST', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' }, body: JSON.stringify({ purpose: 'ci', name: 'ci' }) });
      expect(ci.status).toBe(201);
      const registered = await json(`${first.url}/v1/servers`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Mine', source: { kind: 'upload', tools: { tools: [{ name: 'ping', description: 'Ping.', inputSchema: { type: 'object' } }] } } }),
      });
      expect(registered.status).toBe(202);
      serverId = registered.body.server.id;
      // The tools/list a CI job dumps, sent the way the README's curl recipe sends it.
      const saved = await json(`${first.url}/v1/servers/${serverId}/lint?label=abc123`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ci.body.key}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: readFileSync(join(root, 'distractors', 'memory', 'tools.json')),
      });
      expect(saved.status).toBe(200);
      expect(saved.body.tools).toHaveLength(9);
      versionId = saved.body.version.id;
      expect(first.logs()).not.toContain(ci.body.key);
    } finally {
      expect(await stop(first.child)).toBe(0);
    }
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);

    const second = await start();
    try {
      const latest = await json(`${second.url}/v1/servers/${serverId}/lint/latest`);
      expect(latest.status).toBe(200);
      expect(latest.body.version).toMatchObject({ id: versionId, label: 'abc123' });
      expect((await json(`${second.url}/v1/leaderboards/lint?limit=100`)).body.total).toBe(9);
      expect(second.logs()).toContain('"created":0'); // the seed found its servers
    } finally {
      expect(await stop(second.child)).toBe(0);
    }

    // The stopped install: bootstrap refuses while an admin key exists, and --new makes another.
    const refused = spawnSync(process.execPath, [cliJs, 'bootstrap'], { env, encoding: 'utf8' });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('already has an admin key');
    const made = spawnSync(process.execPath, [cliJs, 'bootstrap', '--new'], { env, encoding: 'utf8' });
    expect(made.status, made.stderr).toBe(0);
    expect(made.stdout.trim()).toMatch(/^tm_admin_[A-Za-z0-9_-]{32}$/);
  });
});
