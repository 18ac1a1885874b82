// A build whose process is SIGKILLed in the middle (after its first batch of rows is written) publishes
// nothing: no release is listed, the reserved row stays `building` and its files stay under `.building/`.
// The next build removes both and publishes the release, whole. The killed build is a real child process
// on the BUILT code (`npx tsc -b` first).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LATEST_RULES, lintSurface, parseSurfaceValue, ruleSets } from '@toolmark/benchmarks';
import { publishedReleases, releasesOf, storeLintResult } from '@toolmark/db';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildReleases } from '../../src/datasets/build.js';
import { verifyFolder } from '../../src/datasets/read-release.js';
import { bearer, startTestApp, tool, type TestApp } from '../api/helpers.js';
import { TEST_KEYS, TEST_SIGNER } from './signer.js';

const BUILD_JS = new URL('../../dist/datasets/build-lint.js', import.meta.url).href;
const DB_JS = new URL('../../../db/dist/index.js', import.meta.url).href;

// The child: a lint build that says when its first batch is written, then waits forever (to be killed).
const CHILD = `
const { buildLintRelease } = await import(${JSON.stringify(BUILD_JS)});
const { openDatabase } = await import(${JSON.stringify(DB_JS)});
const handle = await openDatabase({ url: process.env.TM_URL, maxConnections: 2 });
await buildLintRelease({
  db: handle.db, root: process.env.TM_ROOT, license: 'CC-BY-4.0', siteUrl: 'http://127.0.0.1:9', codeVersion: 'child', now: () => new Date(),
  onBatch: async () => { process.stdout.write('batch written\\n'); await new Promise(() => {}); },
}, JSON.parse(process.env.TM_RULES));
`;

let h: TestApp;
let root: string;
const rules = { id: LATEST_RULES, hash: ruleSets[LATEST_RULES].hash };

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'toolmark-killed-build-'));
  h = await startTestApp({ TOOLMARK_DATASETS_DIR: root });
  for (const name of ['one', 'two']) {
    const tools = [tool(`${name}_search`, `Search the ${name} index for entries matching a query.`)];
    const { server } = (await h.app.inject({ method: 'POST', url: '/v1/servers', headers: bearer(h.keys.script), payload: { name, public: true, source: { kind: 'upload', tools: { tools } } } })).json();
    await storeLintResult(h.t.db, server.latestVersionId, await lintSurface(parseSurfaceValue({ tools })));
  }
});
afterAll(async () => {
  await h?.close();
  await rm(root, { recursive: true, force: true });
});

it('a SIGKILLed build leaves nothing published, and the next build removes its remains and publishes', async () => {
  const child = spawn(process.execPath, ['--input-type=module', '-e', CHILD], {
    env: { PATH: process.env.PATH ?? '', TM_URL: h.t.url, TM_ROOT: root, TM_RULES: JSON.stringify(rules) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the child build wrote no batch: ${stderr}`)), 30_000);
    child.stdout.on('data', (c: Buffer) => {
      if (c.toString().includes('batch written')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => reject(new Error(`the child exited (${code}): ${stderr}`)));
  });
  child.kill('SIGKILL');
  await new Promise((resolve) => child.once('exit', resolve));

  // Nothing visible: no published release, the API lists none, the half-written files are only under .building/.
  const key = `${rules.id}:${rules.hash}`;
  const rows = await releasesOf(h.t.db, 'lint', key);
  expect(rows.map((r) => r.status)).toEqual(['building']);
  const killedId = rows[0]!.releaseId;
  expect(await publishedReleases(h.t.db)).toEqual([]);
  expect((await h.app.inject({ method: 'GET', url: '/v1/datasets' })).json().items).toEqual([]);
  expect((await h.app.inject({ method: 'GET', url: `/v1/datasets/${killedId}` })).statusCode).toBe(404);
  expect(existsSync(join(root, '.building', killedId, 'servers.jsonl'))).toBe(true);
  expect(existsSync(join(root, killedId))).toBe(false);

  // Run again: the remains go, the release is published whole and verifies.
  const [outcome] = await buildReleases({ db: h.t.db, root, license: 'CC-BY-4.0', siteUrl: 'http://127.0.0.1:9', codeVersion: 'test', signer: TEST_SIGNER, now: () => new Date() }, 'lint').then((o) => o.filter((x) => x.key === key));
  expect(outcome!.status).toBe('published');
  // The killed build's version was never published, so the rerun takes it again: one row, published.
  expect((await releasesOf(h.t.db, 'lint', key)).map((r) => [r.version, r.status])).toEqual([[1, 'published']]);
  expect(outcome!.releaseId).toBe(killedId);
  expect(await readdir(join(root, '.building'))).toEqual([]);
  const report = await verifyFolder(join(root, outcome!.releaseId), TEST_KEYS);
  expect(report.differences).toEqual([]);
  expect(outcome!.rows.servers).toBe(2);
});
