// The datasets API on a fresh database: the list marks each kind and key's latest release, a release still
// being built is neither listed nor served, and a file download carries the manifest's sha256 as ETag and
// Repr-Digest and honours If-None-Match, Range (206: a-b, a-, -n; 416 past the end; several ranges or a
// stale If-Range: the whole file).
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LATEST_RULES, lintSurface, parseSurfaceValue, ruleSets } from '@toolmark/benchmarks';
import { reserveRelease, storeLintResult } from '@toolmark/db';
import { DatasetWithdrawalBodySchema } from '@toolmark/benchmarks/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLintRelease, type BuildDeps } from '../../src/datasets/build-lint.js';
import { bearer, startTestApp, tool, type TestApp } from './helpers.js';
import { TEST_SIGNER } from '../datasets/signer.js';

let h: TestApp;
let root: string;
let deps: BuildDeps;
let first: string;
let second: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'toolmark-api-datasets-'));
  h = await startTestApp({ TOOLMARK_DATASETS_DIR: root });
  deps = { db: h.t.db, root, license: 'CC-BY-4.0', siteUrl: 'http://127.0.0.1:9', codeVersion: 'test', signer: TEST_SIGNER, now: () => new Date() };
  const upload = async (name: string) => {
    const tools = [tool(`${name}_search`, `Search the ${name} index for entries matching a query. Returns up to 20 entries.`)];
    const res = await h.app.inject({ method: 'POST', url: '/v1/servers', headers: bearer(h.keys.script), payload: { name, public: true, source: { kind: 'upload', tools: { tools } } } });
    const { server } = res.json();
    await storeLintResult(h.t.db, server.latestVersionId, await lintSurface(parseSurfaceValue({ tools })));
  };
  await upload('alpha');
  first = (await buildLintRelease(deps, { id: LATEST_RULES, hash: ruleSets[LATEST_RULES].hash })).releaseId;
  await upload('beta');
  second = (await buildLintRelease(deps, { id: LATEST_RULES, hash: ruleSets[LATEST_RULES].hash })).releaseId;
});
afterAll(async () => {
  await h?.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => h.app.inject({ method: 'GET', url, headers });

describe('the release list', () => {
  it('lists both versions, newest first, and marks only the second latest; latest=true keeps it alone', async () => {
    const all = (await get('/v1/datasets')).json().items as { id: string; latest: boolean; version: number; verifyCommand: string }[];
    expect(all.map((r) => [r.id, r.version, r.latest])).toEqual([[second, 2, true], [first, 1, false]]);
    expect(all[0]!.verifyCommand).toBe(`npx -y http://127.0.0.1:3000/cli/toolmark.tgz datasets verify http://127.0.0.1:3000/v1/datasets/${second}`);
    expect((await get('/v1/datasets?latest=true')).json().items.map((r: { id: string }) => r.id)).toEqual([second]);
  });

  it('neither lists nor serves a release that is still being built', async () => {
    const building = await reserveRelease(h.t.db, 'lint', `${LATEST_RULES}:${ruleSets[LATEST_RULES].hash}`, (v) => `lint-half-v${v}`);
    mkdirSync(join(root, building.releaseId));
    writeFileSync(join(root, building.releaseId, 'manifest.json'), '{}');
    expect((await get('/v1/datasets')).json().items.map((r: { id: string }) => r.id)).not.toContain(building.releaseId);
    expect((await get(`/v1/datasets/${building.releaseId}`)).statusCode).toBe(404);
    expect((await get(`/v1/datasets/${building.releaseId}/files/manifest.json`)).statusCode).toBe(404);
  });
});

describe('a file download', () => {
  const url = () => `/v1/datasets/${second}/files/servers.jsonl`;
  const bytes = () => readFileSync(join(root, second, 'servers.jsonl'));

  it('sends the file with its sha256 as ETag and Repr-Digest, immutable, and 304 for the same ETag', async () => {
    const res = await get(url());
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes())).toBe(true);
    const sha = createHash('sha256').update(bytes()).digest();
    expect(res.headers.etag).toBe(`"sha256-${sha.toString('hex')}"`);
    expect(res.headers['repr-digest']).toBe(`sha-256=:${sha.toString('base64')}:`);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-type']).toBe('application/jsonl; charset=utf-8');
    expect(String(res.headers['cache-control'])).toContain('immutable');
    expect((await get(url(), { 'if-none-match': String(res.headers.etag) })).statusCode).toBe(304);
    expect((await get(url(), { 'if-none-match': '"sha256-other"' })).statusCode).toBe(200);
  });

  it('answers a range with 206 and exactly those bytes, in each form', async () => {
    const all = bytes();
    for (const [range, start, end] of [['bytes=0-9', 0, 9], ['bytes=10-', 10, all.length - 1], ['bytes=-7', all.length - 7, all.length - 1], ['bytes=5-99999999', 5, all.length - 1]] as const) {
      const res = await get(url(), { range });
      expect(res.statusCode, range).toBe(206);
      expect(res.headers['content-range'], range).toBe(`bytes ${start}-${end}/${all.length}`);
      expect(res.rawPayload.equals(all.subarray(start, end + 1)), range).toBe(true);
      // The digest is the whole file's, whatever part is sent.
      expect(res.headers['repr-digest']).toBe(`sha-256=:${createHash('sha256').update(all).digest('base64')}:`);
    }
  });

  it('answers 416 with the size for a range past the end; the whole file for several ranges or a stale If-Range', async () => {
    const size = bytes().length;
    const past = await get(url(), { range: `bytes=${size}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${size}`);
    expect(past.json().error.code).toBe('range_not_satisfiable');
    const several = await get(url(), { range: 'bytes=0-1,5-6' });
    expect(several.statusCode).toBe(200);
    expect(several.rawPayload.length).toBe(size);
    const stale = await get(url(), { range: 'bytes=0-1', 'if-range': '"sha256-old"' });
    expect(stale.statusCode).toBe(200);
  });

  it('serves the manifest itself and 404s a file the manifest does not list, and a path outside the release', async () => {
    const m = await get(`/v1/datasets/${second}/files/manifest.json`);
    expect(m.statusCode).toBe(200);
    expect(m.json().id).toBe(second);
    expect((await get(`/v1/datasets/${second}/files/..%2F..%2Fetc%2Fpasswd`)).statusCode).toBe(404);
    expect((await get(`/v1/datasets/${second}/files/notes.txt`)).statusCode).toBe(404);
  });

  it('refuses a NUL or another control character in a release id or file name with a 400 naming the parameter (it was PostgreSQL\'s 22021, a 500)', async () => {
    for (const [url, field] of [
      [`/v1/datasets/a%00b`, 'id'],
      [`/v1/datasets/a%00b/files/manifest.json`, 'id'],
      [`/v1/datasets/${second}/files/x%00.jsonl`, 'file'],
      [`/v1/datasets/${second}%1B/files/manifest.json`, 'id'],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(JSON.stringify(res.json().error), url).toContain(field);
    }
    // The operator's withdrawal names a release by the same id: refused before the lookup too.
    const body = DatasetWithdrawalBodySchema.safeParse({ release: 'lint-a\u0000b-v1', reason: 'test' });
    expect(body.success).toBe(false);
    expect(JSON.stringify(body.error?.issues)).toContain('release');
  });
});
