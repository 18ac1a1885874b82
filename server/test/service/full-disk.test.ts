// The real service (`server/dist/start.js`) on a disk that fills up: its log (stdout) is a file on a
// 256 KiB tmpfs of 64 inodes, and so is its TMPDIR, where npm captures make their folders. With the disk full (every
// block and every inode) a capture fails as `storage_failed` and leaves nothing, log writes fail and are
// counted, and the same process keeps answering, then stops on SIGTERM (pino's asynchronous default
// retried the failed write for ever at exit). As root: the test mounts the tmpfs (tmpfs.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@toolmark/db/testing';
import { fill, mountTmpfs, unmountTmpfs } from '../tmpfs.js';
import { START_JS } from './service-process.js';

let t: TestDatabase;
let disk: string;
const state = mkdtempSync(join(tmpdir(), 'toolmark-full-disk-'));
beforeAll(async () => {
  t = await createTestDatabase(2);
  disk = mountTmpfs(256, 64);
});
afterAll(async () => {
  if (disk !== undefined) unmountTmpfs(disk);
  await t?.drop();
  rmSync(state, { recursive: true, force: true });
});

/** Every inode of the tmpfs taken (empty files) once its blocks are: no file or folder can be made. */
function fillInodes(dir: string): number {
  let n = 0;
  try {
    for (;; n++) closeSync(openSync(join(dir, `inode-${n}`), 'w'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  }
  return n;
}

const t0 = Date.now();
const mark = (what: string) => process.stderr.write(`${((Date.now() - t0) / 1000).toFixed(1)} s ${what}\n`);
const waitFor = async <T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 60_000): Promise<T> => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

describe('the service on a full disk', () => {
  it('an npm capture fails as storage_failed and leaves nothing; log writes fail and are counted; the process answers and stops', async () => {
    const log = join(disk, 'service.log');
    const temp = join(disk, 'tmp');
    mkdirSync(temp);
    const out = openSync(log, 'w');
    const env = {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: t.url,
      PORT: '0',
      TOOLMARK_DATA_DIR: state,
      TOOLMARK_SEED: 'false',
      TOOLMARK_WORKERS: 'inline',
      TOOLMARK_ALLOW_NPM_CAPTURE: 'true',
      TMPDIR: temp,
    };
    const child: ChildProcess = spawn(process.execPath, [START_JS], { env, stdio: ['ignore', out, 'pipe'] });
    closeSync(out);
    let stderr = '';
    child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
    let exitCode: number | null | undefined;
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done((exitCode = code))));
    try {
      const url = await waitFor('the service to serve', () => /toolmark is serving on (http:\/\/[^"\s]+)/.exec(readFileSync(log, 'utf8'))?.[1] ?? (exitCode !== undefined ? 'exited' : undefined), 90_000);
      expect(url, `${readFileSync(log, 'utf8')}\n${stderr}`).not.toBe('exited');
      mark('serving');
      const admin = readFileSync(join(state, 'first-admin-key'), 'utf8').trim();
      const api = (path: string, init: RequestInit = {}) =>
        fetch(`${url}${path}`, { ...init, headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json', ...init.headers } });

      // The disk fills up: blocks first, then inodes.
      fill(join(disk, 'filler'));
      expect(fillInodes(disk)).toBeLessThan(64);
      const logSize = readFileSync(log).length;

      const registered = await api('/v1/servers', { method: 'POST', body: JSON.stringify({ name: 'On a full disk', source: { kind: 'npm', package: 'toolmark-fixture-never-installed@1.0.0' } }) });
      expect(registered.status).toBe(202);
      const { server } = (await registered.json()) as { server: { id: string } };
      const failed = await waitFor('the capture to fail', async () => {
        const s = ((await (await api(`/v1/servers/${server.id}`)).json()) as { server: { captureStatus: string | null; captureError: { code: string; message: string; willRetry: boolean } | null } }).server;
        return s.captureStatus === 'failed' ? s.captureError : undefined;
      });
      mark('capture failed');
      expect(failed).toMatchObject({ code: 'storage_failed', willRetry: true });
      expect(failed!.message).toContain('no space left on the device (ENOSPC)');
      expect(readdirSync(temp)).toEqual([]);

      // Each request logs a line; none of it reaches the disk, all of it is answered.
      for (let i = 0; i < 20; i++) expect((await api('/v1/me')).status).toBe(200);
      const health = await fetch(`${url}/health`);
      expect(health.status).toBe(200);
      const body = (await health.json()) as { status: string; process: Record<string, number> };
      expect(body.status).toBe('ok');
      expect(body.process.logWriteErrors).toBeGreaterThan(0);
      expect(body.process).toMatchObject({ unhandledRejections: 0, uncaughtExceptions: 0 });
      // At most the rest of the log file's last page was written (tmpfs pages are 4 KiB).
      expect(readFileSync(log).length).toBeLessThanOrEqual(Math.ceil(logSize / 4096) * 4096);
      expect(exitCode).toBeUndefined();

      // Still full: SIGTERM stops it, cleanly.
      child.kill('SIGTERM');
      const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r('still running 30 s after SIGTERM'), 30_000))]);
      mark('stopped');
      expect(code, stderr).toBe(0);
    } finally {
      if (exitCode === undefined) child.kill('SIGKILL');
      await exited;
      for (const f of readdirSync(disk)) if (f.startsWith('inode-') || f === 'filler') rmSync(join(disk, f));
    }
  }, 180_000);
});
