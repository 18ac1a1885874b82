import { InputError, parseSurfaceValue, surfaceHash } from '@toolmark/benchmarks';
import { isReservedSlug, UUID_FORM, type RegisterServerBody } from '@toolmark/benchmarks/api';
import { randomBytes } from 'node:crypto';
import { addVersionIfChanged, createServer, isUniqueViolation, refreshSearchOf, setCaptureStatus, type AuthenticatedKey, type ServerRecord } from '@toolmark/db';
import { CaptureError } from '../capture/errors.js';
import { parseNpmPackageSpec } from '../capture/npm-spec.js';
import { npmCaptureOffReason } from '../capture/sandbox-probe.js';
import { checkRegisteredUrl } from '../capture/url-policy.js';
import { nodeSha256Hex } from '../native-hash.js';
import type { PipelineDeps } from './deps.js';
import { PipelineError } from './errors.js';

/**
 * A slug from a name: lower case, runs of other characters as one dash; never in the form of a UUID. A
 * reserved one (a page of the site, a part of the API: `admin`, `new`, `v1`) is returned as is: the
 * candidates skip it (`admin-2`), see {@link slugCandidate}.
 */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63)
    .replace(/-+$/, '');
  return slug.length >= 2 && !UUID_FORM.test(slug) ? slug : `server-${slug || 'x'}`;
}

/** Derived slugs tried with a number before a random suffix: `name`, `name-2` … `name-9`. */
const NUMBERED_SLUGS = 9;

/**
 * The slug to try on the given attempt (0 first) when the slug was derived from the name: the name's own,
 * then `-2` … `-9`, then a random suffix, each cut to fit 63 characters. A slug is never changed once
 * given, so a server's link stays the same across renames.
 */
export function slugCandidate(base: string, attempt: number): string {
  if (attempt === 0) return base;
  const suffix = attempt < NUMBERED_SLUGS ? `-${attempt + 1}` : `-${randomBytes(3).toString('hex')}`;
  return `${base.slice(0, 63 - suffix.length).replace(/-+$/, '')}${suffix}`;
}

/**
 * Register a server. An upload is parsed now (a bad `tools/list` is a 422 naming the place) and stored as
 * the first version in the same transaction as the server; URL and npm sources are captured by a
 * `capture-server` job (npm only when the operator allows it). A URL is checked against the address policy
 * now (a 400 naming why; the job checks the address it connects to again). Either way a job takes it from
 * there, so the answer is 202 with the server and the job id.
 */
export async function registerServer(ctx: Pick<PipelineDeps, 'db' | 'jobs' | 'config' | 'now'>, input: { key: Pick<AuthenticatedKey, 'organisationId'>; body: RegisterServerBody }): Promise<{ server: ServerRecord; jobId: string | null }> {
  const { body } = input;
  const base = body.slug ?? slugify(body.name);
  // The body's schema refuses a reserved slug asked for; a caller that skipped it (a pipeline test, the MCP) too.
  if (body.slug !== undefined && isReservedSlug(body.slug)) {
    throw new PipelineError('invalid', 'invalid_request', `slug: ${body.slug} is reserved (it names a page of the site or a part of the API); choose another`, { path: 'body.slug' });
  }
  let sourcePackage: string | null = null;
  if (body.source.kind === 'npm') {
    if (!ctx.config.TOOLMARK_ALLOW_NPM_CAPTURE) {
      throw new PipelineError('forbidden', 'npm_capture_disabled', `this toolmark does not run npm packages: ${npmCaptureOffReason()}. Register the server by URL or upload its tools/list`, { key: 'source.kind' });
    }
    try {
      sourcePackage = parseNpmPackageSpec(body.source.package).spec;
    } catch (error) {
      if (error instanceof CaptureError) throw new PipelineError('invalid', 'invalid_package_spec', error.message, { path: 'body.source.package' });
      throw error;
    }
  }
  if (body.source.kind === 'url') {
    try {
      await checkRegisteredUrl(body.source.url, { allowPrivate: ctx.config.TOOLMARK_ALLOW_PRIVATE_URLS });
    } catch (error) {
      if (error instanceof CaptureError) throw new PipelineError('invalid', error.code, error.message, { ...error.detail, path: 'body.source.url' });
      throw error;
    }
  }
  let upload: Upload = null;
  if (body.source.kind === 'upload') {
    try {
      const surface = parseSurfaceValue(body.source.tools);
      upload = { surface, hash: surfaceHash(surface, nodeSha256Hex) };
    } catch (error) {
      if (error instanceof InputError) throw new InputError(error.code, `source.tools: ${error.message}`, { ...error.detail, field: 'body.source.tools' });
      throw error;
    }
  }
  // A slug asked for is taken or not (409); one derived from the name moves on to the next candidate.
  const tries = body.slug === undefined ? NUMBERED_SLUGS + 3 : 1;
  for (let attempt = 0; ; attempt++) {
    const slug = slugCandidate(base, attempt);
    // A derived slug that is reserved is skipped (an asked-for one was refused by the body's schema).
    if (isReservedSlug(slug)) continue;
    const created = await createWithVersion(ctx, input, slug, upload, sourcePackage).catch((error: unknown) => {
      if (!isUniqueViolation(error)) throw error;
      if (attempt + 1 < tries) return null;
      throw new PipelineError('conflict', 'conflict', `the slug ${slug} is taken; choose another with "slug"`, { key: 'slug', slug });
    });
    if (created) return queueFirstJob(ctx, created);
  }
}

type Upload = { surface: ReturnType<typeof parseSurfaceValue>; hash: string } | null;

/** The server row and, for an upload, its first version, in one transaction. */
async function createWithVersion(ctx: Pick<PipelineDeps, 'db'>, input: { key: Pick<AuthenticatedKey, 'organisationId'>; body: RegisterServerBody }, slug: string, upload: Upload, sourcePackage: string | null) {
  const { body } = input;
  return ctx.db.transaction(async (tx) => {
    const server = await createServer(tx, {
      name: body.name,
      slug,
      description: body.description ?? null,
      source: body.source.kind,
      sourceUrl: body.source.kind === 'url' ? body.source.url : null,
      sourcePackage,
      homepage: body.homepage ?? null,
      repository: body.repository ?? null,
      organisationId: input.key.organisationId,
      public: body.public,
    });
    if (!upload) return { server, versionId: null };
    const { version } = await addVersionIfChanged(tx, {
      serverId: server.id,
      surfaceHash: upload.hash,
      tools: { tools: upload.surface.tools },
      toolCount: upload.surface.tools.length,
      label: null,
      origin: 'upload',
    });
    return { server: { ...server, latestVersionId: version.id }, versionId: version.id };
  });
}

/** Lint an uploaded first version, or capture a URL or npm server: the job that takes it from here. */
async function queueFirstJob(ctx: Pick<PipelineDeps, 'db' | 'jobs' | 'now'>, { server, versionId }: { server: ServerRecord; versionId: string | null }) {
  const at = ctx.now();
  // Found by full-text search from now on (name and description; an upload's tools too).
  await refreshSearchOf(ctx.db, server.id);
  if (versionId) {
    const jobId = await ctx.jobs.send('lint-version', { versionId }, { singletonKey: `lint:${versionId}` });
    await setCaptureStatus(ctx.db, server.id, { status: 'captured', error: null, at });
    return { server: { ...server, captureStatus: 'captured', lastCapturedAt: at }, jobId };
  }
  const jobId = await ctx.jobs.send('capture-server', { serverId: server.id, reason: 'registered' }, { singletonKey: `capture:${server.id}` });
  await setCaptureStatus(ctx.db, server.id, { status: 'queued', error: null, at });
  return { server: { ...server, captureStatus: 'queued' }, jobId };
}
