// `toolmark datasets verify <URL>`: a release (or a site's latest releases) downloaded into a temporary
// folder — streamed to disk — and verified there like a folder, then checked against what the instance says
// live: the manifest it publishes from its database (every field), its key set, and its leaderboards (a lint
// release against the lint board; an evaluation release against its model's board and the models board).
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { Findings, ManifestSchema, reportOf, type VerifyReport } from '@toolmark/benchmarks';
import { KEY_SET_PATH, keySetFrom, SIGNATURE_FILE, type KeySet } from './signing.js';
import { folderContext, verifyFolderInto } from './verify-folder.js';
import { compareWithBoards } from './verify-boards.js';
import { DownloadError, get, getJson } from './verify-http.js';

export { DownloadError } from './verify-http.js';

async function download(url: string, to: string): Promise<void> {
  const res = await get(url);
  if (res.status !== 200 || res.body === null) throw new DownloadError('download_failed', `GET ${url} answered ${res.status}`, { url, status: res.status });
  await pipeline(Readable.fromWeb(res.body as WebReadableStream), createWriteStream(to));
}

/**
 * The release URLs a URL names: a release (`…/v1/datasets/<id>`) is itself; the service's root or
 * `…/v1/datasets` is every latest release it lists.
 */
export async function releaseUrls(url: string): Promise<string[]> {
  const u = new URL(url);
  const m = /^(.*)\/v1\/datasets\/([a-z0-9][a-z0-9-]*)\/?$/.exec(u.pathname);
  if (m) return [`${u.origin}${m[1]}/v1/datasets/${m[2]}`];
  const base = `${u.origin}${u.pathname.replace(/\/v1\/datasets\/?$/, '').replace(/\/$/, '')}`;
  const list = (await getJson(`${base}/v1/datasets?latest=true`)) as { items: { id: string }[] };
  return list.items.map((r) => `${base}/v1/datasets/${r.id}`);
}

/** The public keys an instance signs its manifests with (its key set at the well-known URL). */
export async function instanceKeys(origin: string): Promise<KeySet> {
  const url = `${origin}${KEY_SET_PATH}`;
  const res = await get(url);
  if (res.status !== 200) throw new DownloadError('download_failed', `GET ${url} answered ${res.status}`, { url, status: res.status });
  return keySetFrom(await res.text());
}

/** The instance a release URL belongs to (`https://host/prefix` of `https://host/prefix/v1/datasets/<id>`). */
export const originOf = (releaseUrl: string): string => releaseUrl.replace(/\/v1\/datasets\/[^/]+$/, '');

/**
 * Verify a release folder against a live instance: the folder's checks, every manifest field against the
 * manifest the instance publishes for that id, and the instance's leaderboards.
 */
export async function verifyAgainst(dir: string, origin: string, keys: KeySet): Promise<VerifyReport> {
  const text = await readFile(join(dir, 'manifest.json'), 'utf8');
  const parsed = ManifestSchema.safeParse((() => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return null;
    }
  })());
  const instanceManifest = parsed.success ? await getJson(`${origin}/v1/datasets/${encodeURIComponent(parsed.data.id)}`) : undefined;
  const f = new Findings();
  const manifest = await verifyFolderInto(dir, keys, f, folderContext(instanceManifest === undefined ? {} : { instanceManifest }));
  if (manifest === null) return reportOf(null, f);
  const boards = await compareWithBoards(origin, dir, manifest, f);
  return reportOf(manifest.id, f, { boardServers: boards });
}

/**
 * Download a release (manifest, its signature and every file it lists) into a fresh temporary folder and
 * verify it there against its instance, the signature against `keys` or else the instance's key set; the
 * folder is removed.
 */
export async function verifyUrl(releaseUrl: string, keys?: KeySet): Promise<VerifyReport> {
  const dir = await mkdtemp(join(tmpdir(), 'toolmark-verify-'));
  try {
    const origin = originOf(releaseUrl);
    const trusted = keys ?? (await instanceKeys(origin));
    await download(`${releaseUrl}/files/manifest.json`, join(dir, 'manifest.json'));
    // An unsigned release has no signature file: verify reports it.
    await download(`${releaseUrl}/files/${SIGNATURE_FILE}`, join(dir, SIGNATURE_FILE)).catch((e: unknown) => (e instanceof DownloadError ? undefined : Promise.reject(e)));
    const text = await readFile(join(dir, 'manifest.json'), 'utf8');
    const parsed = ManifestSchema.safeParse((() => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return null;
      }
    })());
    // Not JSON: verifyFolderInto says so (exit 2) without downloading anything else.
    if (parsed.success) for (const file of parsed.data.files) await download(`${releaseUrl}/files/${file.path}`, join(dir, file.path)).catch((e: unknown) => (e instanceof DownloadError ? undefined : Promise.reject(e)));
    return await verifyAgainst(dir, origin, trusted);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
