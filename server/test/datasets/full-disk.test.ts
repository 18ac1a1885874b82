// A dataset build into a full tmpfs (ENOSPC) and into a read-only one (EROFS), mounted for real (the tests
// run as root): the build rejects with a DatasetWriteError that names the release, the folder and the errno,
// its partial output under `.building/` is gone, nothing is published, and no stream left an unhandled
// rejection or an `error` event without a listener (either would end the process). Then, with room again,
// the next build publishes.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LATEST_RULES, lintSurface, parseSurfaceValue } from '@toolmark/benchmarks';
import { publishedReleases, storeLintResult } from '@toolmark/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildReleases, type BuildDeps } from '../../src/datasets/build.js';
import { DatasetWriteError } from '../../src/datasets/write-error.js';
import { bearer, startTestApp, tool, type TestApp } from '../api/helpers.js';
import { TEST_SIGNER } from './signer.js';

let h: TestApp;
const mounts: string[] = [];
const dirs: string[] = [];
const unhandled: unknown[] = [];
const record = (e: unknown) => unhandled.push(e);

/** A fresh tmpfs of 64 KiB (`ro`: read-only) at a new folder; `free` bytes left by a filler file. */
async function tmpfs(options: { ro?: boolean; free?: number } = {}): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'toolmark-tmpfs-'));
  dirs.push(dir);
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=64k${options.ro ? ',ro' : ''}`, 'tmpfs', dir]);
  mounts.push(dir);
  if (options.free !== undefined) await writeFile(join(dir, 'filler'), Buffer.alloc(64 * 1024 - options.free));
  return dir;
}

const depsAt = (root: string): BuildDeps => ({ db: h.t.db, root, license: 'CC-BY-4.0', siteUrl: 'http://127.0.0.1:9', codeVersion: 'test', signer: TEST_SIGNER, now: () => new Date() });

beforeAll(async () => {
  process.on('unhandledRejection', record);
  process.on('uncaughtException', record);
  h = await startTestApp();
  for (const name of ['alpha', 'beta', 'gamma']) {
    const tools = [tool(`${name}_search`, `Search the ${name} index for entries matching a query and return their ids and titles.`)];
    const { server } = (await h.app.inject({ method: 'POST', url: '/v1/servers', headers: bearer(h.keys.script), payload: { name, public: true, source: { kind: 'upload', tools: { tools } } } })).json();
    await storeLintResult(h.t.db, server.latestVersionId, await lintSurface(parseSurfaceValue({ tools })));
  }
}, 60_000);
afterAll(async () => {
  process.off('unhandledRejection', record);
  process.off('uncaughtException', record);
  await h?.close();
  for (const dir of mounts) execFileSync('umount', [dir]);
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** The build's failure (it must reject). */
async function failure(root: string): Promise<DatasetWriteError> {
  const e = await buildReleases(depsAt(root)).then(() => null, (x: unknown) => x);
  expect(e).toBeInstanceOf(DatasetWriteError);
  return e as DatasetWriteError;
}

describe('a build that cannot write', () => {
  it('a full disk (ENOSPC): a clear error, its partial output removed, nothing published, nothing unhandled', async () => {
    const root = await tmpfs({ free: 4096 });
    const e = await failure(root);
    expect(e.code).toBe('dataset_write_failed');
    expect(e.detail).toMatchObject({ root, errno: 'ENOSPC', removed: true });
    expect(e.detail.releaseId).toMatch(/^lint-/);
    expect(e.message).toMatch(new RegExp(`^dataset release lint-\\S+ could not be written in ${root}: ENOSPC \\(.*no space left on device.*\\); nothing was published and its partial output was removed$`));
    expect((await readdir(root)).sort()).toEqual(['.building', 'filler']);
    expect(await readdir(join(root, '.building'))).toEqual([]);
    expect(await publishedReleases(h.t.db)).toEqual([]);
    const [row] = await h.t.sql<{ status: string; error: { errno: string } }[]>`SELECT status, error FROM releases WHERE release_id = ${e.detail.releaseId}`;
    expect(row).toMatchObject({ status: 'failed', error: { errno: 'ENOSPC' } });
    // Let any late stream event arrive before counting.
    await new Promise((r) => setTimeout(r, 200));
    expect(unhandled).toEqual([]);
  });

  it('a read-only disk (EROFS): the same, and the build stops at the first release', async () => {
    const root = await tmpfs({ ro: true });
    const e = await failure(root);
    expect(e.detail).toMatchObject({ errno: 'EROFS', removed: true });
    const [n] = await h.t.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM releases WHERE status = 'failed' AND error->>'errno' = 'EROFS'`;
    expect(n!.n).toBe(1);
    expect(await publishedReleases(h.t.db)).toEqual([]);
    expect(unhandled).toEqual([]);
  });

  it('with room again (a folder on the ordinary disk) the next build publishes every release', async () => {
    const root = await mkdtemp(join(tmpdir(), 'toolmark-room-'));
    dirs.push(root);
    const out = await buildReleases(depsAt(root));
    expect(out.map((o) => o.status)).toEqual(out.map(() => 'published'));
    expect((await publishedReleases(h.t.db)).some((r) => r.key.startsWith(`${LATEST_RULES}:`))).toBe(true);
    expect(unhandled).toEqual([]);
  });
});
