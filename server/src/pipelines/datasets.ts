// Dataset releases as the API and the site see them: published releases with what they hold, their files'
// URLs, the licence, how to cite them and the command that verifies them, and whether they were withdrawn
// (never `latest` then); a release file's path on disk, or the withdrawal that makes it 410 Gone.
import { join } from 'node:path';
import { firstOrganisation, publishedRelease, publishedReleases, type Database, type ReleaseRecord, type WithdrawalReason } from '@toolmark/db';
import type { Manifest, ReleaseKind } from '@toolmark/benchmarks';
import { verifyCommandOf } from '../datasets/card.js';
import { SIGNATURE_FILE } from '../datasets/signing.js';
import { notFound, PipelineError } from './errors.js';

/** A release's withdrawal as it is listed (null: not withdrawn). */
export function withdrawalOf(r: ReleaseRecord): { at: Date; code: WithdrawalReason['code']; reason: string } | null {
  if (r.withdrawnAt === null) return null;
  const w = r.withdrawnReason as WithdrawalReason;
  return { at: r.withdrawnAt, code: w.code, reason: w.message };
}

/** A published release's summary (the shape of `GET /v1/datasets` items). */
function summaryOf(r: ReleaseRecord, latest: boolean, baseUrl: string) {
  const m = r.manifest as Manifest;
  const url = `${baseUrl}/v1/datasets/${r.releaseId}`;
  return {
    id: r.releaseId,
    kind: m.kind,
    key: r.key,
    version: r.version,
    latest,
    createdAt: new Date(m.createdAt),
    publishedAt: r.publishedAt ?? r.createdAt,
    bytes: r.bytes ?? 0,
    license: m.license,
    codeVersion: m.codeVersion,
    rules: m.rules,
    models: m.models.map((x) => ({ id: x.id, baseline: x.baseline })),
    settings: m.settings,
    rows: m.rows,
    formats: [...new Set(m.files.filter((f) => f.table !== null).map((f) => f.format))],
    files: m.files.map((f) => ({ ...f, url: `${url}/files/${f.path}` })),
    // Everything a folder that verifies needs: the files, the manifest and its signature.
    downloads: [...m.files.map((f) => `${url}/files/${f.path}`), `${url}/files/manifest.json`, `${url}/files/${SIGNATURE_FILE}`],
    url,
    verifyCommand: verifyCommandOf(baseUrl, url),
    citation: `toolmark (${m.createdAt.slice(0, 4)}). toolmark ${m.kind} dataset ${r.releaseId} (version ${r.version}) [Data set]. ${url}`,
    validity: m.validity,
    withdrawn: withdrawalOf(r),
  };
}

/** Published releases, newest first, each marked when it is its kind and key's latest. */
export async function listReleases(db: Database, q: { kind?: ReleaseKind; latest: boolean }, baseUrl: string) {
  const all = await publishedReleases(db, q.kind);
  const newest = new Map<string, number>();
  for (const r of all) if (r.withdrawnAt === null) newest.set(`${r.kind}\u0000${r.key}`, Math.max(newest.get(`${r.kind}\u0000${r.key}`) ?? 0, r.version));
  const items = all.map((r) => summaryOf(r, newest.get(`${r.kind}\u0000${r.key}`) === r.version, baseUrl));
  return { items: q.latest ? items.filter((i) => i.latest) : items };
}

/** A published release or the 404. */
export async function releaseOr404(db: Database, id: string): Promise<ReleaseRecord> {
  const r = await publishedRelease(db, id);
  if (!r) throw notFound('release', id);
  return r;
}

/** A release's file: its path on disk and what the manifest says of it, or the release's withdrawal (the file answers 410; the manifest stays). */
export type ReleaseFile = { path: string; sha256: string | null; bytes: number | null; withdrawn: null } | { withdrawn: NonNullable<ReturnType<typeof withdrawalOf>> };

/** The path of a published release's file (the manifest or a file it lists), its withdrawal, or the 404. */
export async function releaseFileOr404(db: Database, root: string, id: string, file: string): Promise<ReleaseFile> {
  const r = await releaseOr404(db, id);
  const m = r.manifest as Manifest;
  // The manifest and its signature are served whatever happened to the release (so its hashes stay checkable).
  if (file === 'manifest.json' || file === SIGNATURE_FILE) return { path: join(root, r.releaseId, file), sha256: null, bytes: null, withdrawn: null };
  const f = m.files.find((x) => x.path === file);
  if (!f) throw notFound('file', `${id}/${file}`);
  const withdrawn = withdrawalOf(r);
  if (withdrawn) return { withdrawn };
  return { path: join(root, r.releaseId, f.path), sha256: f.sha256, bytes: f.bytes, withdrawn: null };
}

/** Only the install's operator organisation (the first one) builds and withdraws dataset releases: a 403 for any other. */
export async function requireOperator(db: Database, organisationId: string, what: string): Promise<void> {
  const operator = await firstOrganisation(db);
  if (operator?.id !== organisationId) throw new PipelineError('forbidden', 'forbidden', `only the install's operator organisation ${what}`, { organisationId });
}
