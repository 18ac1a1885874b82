// `toolmark datasets verify` (the built CLI, a real process) against a release folder, a folder of
// releases, a tampered copy, and the service listening on 127.0.0.1 (its latest releases, downloaded and
// compared with its live leaderboard).
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { generateKeyPairSync } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LATEST_RULES, lintSurface, parseSurfaceValue, ruleSets } from '@toolmark/benchmarks';
import { registerSigningKey, storeLintResult } from '@toolmark/db';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildLintRelease } from '../../src/datasets/build-lint.js';
import { bearer, startTestApp, tool, type TestApp } from '../api/helpers.js';
import { runCli } from '../helpers.js';
import { TEST_SIGNER } from './signer.js';

let h: TestApp;
let root: string;
let id: string;
let base: string;
/** The instance's public key as an operator hands it out. */
let keyFile: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'toolmark-verify-cli-'));
  h = await startTestApp({ TOOLMARK_DATASETS_DIR: root });
  for (const name of ['alpha', 'beta', 'gamma']) {
    const tools = [tool(`${name}_search`, `Search the ${name} index for entries matching a query.${name === 'alpha' ? ' Use this before creating one. Returns up to 20 entries with id and title.' : ''}`)];
    const { server } = (await h.app.inject({ method: 'POST', url: '/v1/servers', headers: bearer(h.keys.script), payload: { name, public: true, source: { kind: 'upload', tools: { tools } } } })).json();
    await storeLintResult(h.t.db, server.latestVersionId, await lintSurface(parseSurfaceValue({ tools })));
  }
  id = (await buildLintRelease({ db: h.t.db, root, license: 'CC-BY-4.0', siteUrl: 'http://127.0.0.1:9', codeVersion: 'test', signer: TEST_SIGNER, now: () => new Date() }, { id: LATEST_RULES, hash: ruleSets[LATEST_RULES].hash })).releaseId;
  base = await h.app.listen({ host: '127.0.0.1', port: 0 });
  await registerSigningKey(h.t.db, TEST_SIGNER.keyId, TEST_SIGNER.publicKeyPem);
  keyFile = join(root, '.instance-key.pem');
  await writeFile(keyFile, TEST_SIGNER.publicKeyPem);
}, 60_000);
afterAll(async () => {
  await h?.close();
  await rm(root, { recursive: true, force: true });
});

it('exits 0 on a release folder and on a folder of releases', async () => {
  const one = await runCli(['datasets', 'verify', join(root, id), '--key', keyFile]);
  expect(one.stderr).toBe('');
  expect(one.code).toBe(0);
  expect(one.stdout).toMatch(new RegExp(`^ok +${id} `));
  expect((await runCli(['datasets', 'verify', root, '--key', keyFile])).code).toBe(0);
});

it('exits 1 on a tampered copy and prints the file, row, field, expected and found', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'toolmark-verify-cli-tampered-'));
  try {
    await cp(join(root, id), dir, { recursive: true });
    const lines = (await readFile(join(dir, 'servers.jsonl'), 'utf8')).split('\n');
    const row = JSON.parse(lines[0]!) as { toolCount: number };
    row.toolCount = 7;
    lines[0] = JSON.stringify(row);
    await writeFile(join(dir, 'servers.jsonl'), lines.join('\n'));
    const run = await runCli(['datasets', 'verify', dir, '--key', keyFile]);
    expect(run.code).toBe(1);
    expect(run.stdout.startsWith('FAIL ')).toBe(true);
    expect(run.stdout).toContain('servers.jsonl:1  toolCount: expected 1, found 7');
    expect(run.stdout).toMatch(/servers\.jsonl {2}sha256: expected "[0-9a-f]{64}", found "[0-9a-f]{64}"/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

it('downloads and verifies the latest releases of a running site, and one release by its URL', async () => {
  const site = await runCli(['datasets', 'verify', base]);
  expect(site.stderr).toBe('');
  expect(site.code).toBe(0);
  expect(site.stdout).toContain(`ok   ${id}  ${base}/v1/datasets/${id}`);
  expect(site.stdout).toContain('3 servers against the live leaderboard');
  const json = await runCli(['datasets', 'verify', `${base}/v1/datasets/${id}`, '--json']);
  expect(json.code).toBe(0);
  expect(JSON.parse(json.stdout)[0].report.ok).toBe(true);
});

it("a folder fetched with the API's `downloads` list verifies", async () => {
  const dir = await mkdtemp(join(tmpdir(), 'toolmark-verify-cli-downloads-'));
  try {
    const item = ((await (await fetch(`${base}/v1/datasets`)).json()) as { items: { id: string; downloads: string[] }[] }).items.find((r) => r.id === id)!;
    // The list names the instance's public URL; here the same service answers on the test's port.
    const paths = item.downloads.map((u) => new URL(u).pathname);
    expect(paths).toEqual(expect.arrayContaining([`/v1/datasets/${id}/files/manifest.json`, `/v1/datasets/${id}/files/manifest.json.sig`, `/v1/datasets/${id}/files/servers.parquet`]));
    for (const path of paths) await writeFile(join(dir, path.split('/').pop()!), Buffer.from(await (await fetch(`${base}${path}`)).arrayBuffer()));
    const run = await runCli(['datasets', 'verify', dir, '--key', keyFile]);
    expect(run.stdout).toMatch(/^ok /);
    expect(run.code).toBe(0);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

it('exits 2 for a folder that holds no release, an unknown release and a site that is not there', async () => {
  const none = await runCli(['datasets', 'verify', join(root, 'nothing-here'), '--key', keyFile]);
  expect(none.code).toBe(2);
  expect(none.stderr).toContain('file_not_found');
  const unknown = await runCli(['datasets', 'verify', `${base}/v1/datasets/lint-none-v1`]);
  expect(unknown.code).toBe(2);
  expect(unknown.stderr).toContain('answered 404');
  const gone = await runCli(['datasets', 'verify', 'http://127.0.0.1:9/v1/datasets/x']);
  expect(gone.code).toBe(2);
  expect(gone.stderr).toContain('download_failed');
});

it('--help documents the exit codes these tests check (one definition, VERIFY_EXIT_CODES)', async () => {
  const help = await runCli(['datasets', 'verify', '--help']);
  expect(help.code).toBe(0);
  const text = help.stdout.replace(/\s+/g, ' ');
  expect(text).toContain('Exit codes: 0 everything matches; 1 a difference');
  expect(text).toContain('2 unreadable (a manifest that is not JSON, a folder without a release) or unreachable');
  const notAKey = join(root, '.not-a-key.pem');
  await writeFile(notAKey, 'not a key');
  const bad = await runCli(['datasets', 'verify', join(root, id), '--key', notAKey]);
  expect(bad.code).toBe(2);
  expect(bad.stderr).toContain('not an Ed25519 public key');
});

it("checks the signature against the instance's key set (fetched) or --key, and needs --key for a folder", async () => {
  const keySet = await (await fetch(`${base}/.well-known/toolmark-datasets-keys.json`)).json();
  expect(keySet).toEqual({ keys: [{ keyId: TEST_SIGNER.keyId, algorithm: 'ed25519', publicKey: TEST_SIGNER.publicKeyPem, createdAt: expect.any(String) }] });
  expect((await runCli(['datasets', 'verify', `${base}/v1/datasets/${id}`, '--key', keyFile])).code).toBe(0);
  const other = join(root, '.other-key.pem');
  await writeFile(other, generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }).toString());
  const wrong = await runCli(['datasets', 'verify', `${base}/v1/datasets/${id}`, '--key', other]);
  expect(wrong.code).toBe(1);
  expect(wrong.stdout).toContain(`manifest.json.sig  signature: expected a valid Ed25519 signature of manifest.json by the instance's key, found signed by key ${TEST_SIGNER.keyId}, which is not among the keys given`);
  const notJson = await mkdtemp(join(tmpdir(), 'toolmark-verify-cli-notjson-'));
  await writeFile(join(notJson, 'manifest.json'), '{ not json');
  const bad = await runCli(['datasets', 'verify', notJson, '--key', keyFile]);
  await rm(notJson, { recursive: true, force: true });
  expect(bad.code).toBe(2);
  expect(bad.stderr).toContain('unreadable_manifest');
  const noKey = await runCli(['datasets', 'verify', join(root, id)]);
  expect(noKey.code).toBe(2);
  expect(noKey.stderr).toContain('--key <file>');
});

it('exits 1 when the live leaderboard shows another number for a server still at the release version', async () => {
  // Board rows are derived data kept by triggers; written here by hand to stand for a board that drifted.
  await h.t.sql`UPDATE board_entries SET score = score + 1 WHERE slug = 'alpha'`;
  const run = await runCli(['datasets', 'verify', base]);
  expect(run.code).toBe(1);
  expect(run.stdout).toMatch(/servers\.jsonl:\d+ {2}leaderboard\.score: expected [\d.]+, found [\d.]+/);
});
