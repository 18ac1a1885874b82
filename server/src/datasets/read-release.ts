// What `toolmark datasets verify` reads: a release folder (manifest.json beside its files), or a release
// URL whose manifest and files are downloaded into a temporary folder first (streamed to disk, then read
// like a folder). The checks themselves are the core's `verifyRelease`.
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { compareWithBoard, LintServerRowSchema, ManifestSchema, MAX_DIFFERENCES, ToolmarkError, verifyRelease, type BoardEntry, type VerifyReport } from '@toolmark/benchmarks';
import { compareFormats, fileLines } from './read-formats.js';
import { fileFacts } from './file-facts.js';
import { KEY_SET_PATH, keySetFrom, SIGNATURE_FILE, signatureProblem, type KeySet } from './signing.js';

/** Verify the release in a folder, its signature against these public keys. */
export async function verifyFolder(dir: string, keys: KeySet): Promise<VerifyReport> {
  const manifestBytes = await readFile(join(dir, 'manifest.json'));
  const manifestText = manifestBytes.toString('utf8');
  const signature = await readFile(join(dir, SIGNATURE_FILE), 'utf8').catch(() => null);
  const facts = new Map<string, { bytes: number; sha256: string } | null>();
  const lines = new Map<string, string[] | null>();
  let json: unknown;
  try {
    json = JSON.parse(manifestText);
  } catch (e) {
    throw new UnreadableRelease('unreadable_manifest', `${join(dir, 'manifest.json')} is not JSON: ${(e as Error).message}`, { path: join(dir, 'manifest.json') });
  }
  const parsed = ManifestSchema.safeParse(json);
  const names = parsed.success ? parsed.data.files.map((f) => f.path) : [];
  for (const name of names) facts.set(name, await fileFacts(join(dir, name)).catch(() => null));
  for (const name of names.filter((n) => n.endsWith('.jsonl'))) {
    // Line by line: a file past V8's longest string (~512 MB) used to read as empty.
    const rows: string[] = [];
    const read = await (async () => {
      for await (const line of fileLines(join(dir, name))) rows.push(line);
    })().then(() => true, () => false);
    lines.set(name.slice(0, -'.jsonl'.length), read ? rows : null);
  }
  const report = verifyRelease({ manifestText, signatureProblem: signatureProblem(manifestBytes, signature, keys), fileFacts: (p) => facts.get(p) ?? null, lines: (t) => lines.get(t) ?? null });
  if (!parsed.success) return report;
  // Files the manifest does not list are refused (only the manifest and its signature stand beside them).
  const listed = new Set([...names, 'manifest.json', SIGNATURE_FILE]);
  const extra = (await readdir(dir)).filter((f) => !listed.has(f)).sort().map((f) => ({ file: f, row: null, field: 'file', expected: 'absent (not listed in the manifest)', found: 'present' }));
  const formats = await compareFormats(dir, parsed.data);
  const all = [...report.differences, ...extra, ...formats.differences];
  const shown = all.slice(0, MAX_DIFFERENCES);
  if (all.length > MAX_DIFFERENCES) shown.push({ file: '(more)', row: null, field: '(more)', expected: '', found: `${all.length - MAX_DIFFERENCES} more differences` });
  return { ...report, ok: all.length === 0, checkedNumbers: report.checkedNumbers + extra.length + formats.checked, differences: shown };
}

/** A release that cannot be read at all (its manifest is not JSON): exit 2, like an unreachable one. */
export class UnreadableRelease extends ToolmarkError<'unreadable_manifest', { path: string }> {
  override readonly name = 'UnreadableRelease';
}

/** Release folders under `dir`: itself when it holds a manifest, else its sub-folders that do. */
export async function releaseFolders(dir: string): Promise<string[]> {
  if (await stat(join(dir, 'manifest.json')).then(() => true, () => false)) return [dir];
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    if (e.isDirectory() && !e.name.startsWith('.') && (await stat(join(dir, e.name, 'manifest.json')).then(() => true, () => false))) out.push(join(dir, e.name));
  }
  return out.sort();
}

/** A release that could not be fetched: the site unreachable, or an answer other than 200. */
export class DownloadError extends ToolmarkError<'download_failed', { url: string; status: number | null }> {
  override readonly name = 'DownloadError';
}

/** GET a URL, a failure to connect as a DownloadError. */
async function get(url: string): Promise<Response> {
  try {
    return await fetch(url);
  } catch (e) {
    throw new DownloadError('download_failed', `GET ${url} failed: ${(e as Error).cause instanceof Error ? ((e as Error).cause as Error).message : (e as Error).message}`, { url, status: null });
  }
}

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
  const res = await get(`${base}/v1/datasets?latest=true`);
  if (res.status !== 200) throw new DownloadError('download_failed', `GET ${base}/v1/datasets?latest=true answered ${res.status}`, { url: `${base}/v1/datasets?latest=true`, status: res.status });
  const list = (await res.json()) as { items: { id: string }[] };
  return list.items.map((r) => `${base}/v1/datasets/${r.id}`);
}

/** The site's lint board of a rules id and hash, every page. */
async function boardOf(origin: string, rules: { id: string; hash: string }): Promise<BoardEntry[]> {
  const out: BoardEntry[] = [];
  for (let offset = 0; ; offset += 100) {
    const url = `${origin}/v1/leaderboards/lint?rules=${encodeURIComponent(rules.id)}&hash=${encodeURIComponent(rules.hash)}&limit=100&offset=${offset}`;
    const res = await get(url);
    if (res.status !== 200) throw new DownloadError('download_failed', `GET ${url} answered ${res.status}`, { url, status: res.status });
    const page = (await res.json()) as { total: number; items: BoardEntry[] };
    out.push(...page.items);
    if (page.items.length === 0 || out.length >= page.total) return out;
  }
}

/** A lint release's report with the live board compared too (servers still at the release's version). */
async function withBoard(report: VerifyReport, releaseUrl: string, dir: string, rules: { id: string; hash: string }): Promise<VerifyReport> {
  const origin = releaseUrl.replace(/\/v1\/datasets\/[^/]+$/, '');
  const rows = (await readFile(join(dir, 'servers.jsonl'), 'utf8').catch(() => '')).split('\n').filter((l) => l !== '');
  const servers = rows.flatMap((l) => {
    const p = LintServerRowSchema.safeParse(JSON.parse(l));
    return p.success ? [p.data] : [];
  });
  const board = compareWithBoard(servers, await boardOf(origin, rules));
  const differences = [...report.differences, ...board.differences];
  return { ...report, ok: differences.length === 0, checkedNumbers: report.checkedNumbers + board.checked, differences, boardServers: board.servers };
}

/** The public keys an instance signs its manifests with (its key set at the well-known URL). */
export async function instanceKeys(origin: string): Promise<KeySet> {
  const url = `${origin}${KEY_SET_PATH}`;
  const res = await get(url);
  if (res.status !== 200) throw new DownloadError('download_failed', `GET ${url} answered ${res.status}`, { url, status: res.status });
  return keySetFrom(await res.text());
}

/**
 * Download a release (manifest, its signature and every file it lists) into a fresh temporary folder and
 * verify it there, the signature against `keys` or else the instance's key set; the folder is removed.
 */
export async function verifyUrl(releaseUrl: string, keys?: KeySet): Promise<VerifyReport> {
  const dir = await mkdtemp(join(tmpdir(), 'toolmark-verify-'));
  try {
    const origin = releaseUrl.replace(/\/v1\/datasets\/[^/]+$/, '');
    const trusted = keys ?? (await instanceKeys(origin));
    await download(`${releaseUrl}/files/manifest.json`, join(dir, 'manifest.json'));
    // An unsigned release has no signature file: verify reports it.
    await download(`${releaseUrl}/files/${SIGNATURE_FILE}`, join(dir, SIGNATURE_FILE)).catch((e: unknown) => (e instanceof DownloadError ? undefined : Promise.reject(e)));
    const text = await readFile(join(dir, 'manifest.json'), 'utf8');
    // Not JSON: verifyFolder says so (exit 2) without downloading anything else.
    const parsed = ManifestSchema.safeParse((() => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return null;
      }
    })());
    if (parsed.success) for (const f of parsed.data.files) await download(`${releaseUrl}/files/${f.path}`, join(dir, f.path)).catch((e: unknown) => (e instanceof DownloadError ? undefined : Promise.reject(e)));
    const report = await verifyFolder(dir, trusted);
    if (parsed.success && parsed.data.kind === 'lint' && parsed.data.rules[0]) return await withBoard(report, releaseUrl, dir, parsed.data.rules[0]);
    return report;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
