import { InputError, parseSurfaceValue, surfaceHash } from '@toolmark/benchmarks';
import type { RegisterServerBody } from '@toolmark/benchmarks/api';
import { addVersionIfChanged, createServer, isUniqueViolation, setCaptureStatus, type AuthenticatedKey, type ServerRecord } from '@toolmark/db';
import { CaptureError } from '../capture/errors.js';
import { parseNpmPackageSpec } from '../capture/npm-spec.js';
import { checkRegisteredUrl } from '../capture/url-policy.js';
import { nodeSha256Hex } from '../native-hash.js';
import type { PipelineDeps } from './deps.js';
import { PipelineError } from './errors.js';

/** A slug from a name: lower case, runs of other characters as one dash. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63)
    .replace(/-+$/, '');
  return slug.length >= 2 ? slug : `server-${slug || 'x'}`;
}

/**
 * Register a server. An upload is parsed now (a bad `tools/list` is a 422 naming the place) and stored as
 * the first version in the same transaction as the server; URL and npm sources are captured by a
 * `capture-server` job (npm only when the operator allows it). A URL is checked against the address policy
 * now (a 400 naming why; the job checks the address it connects to again). Either way a job takes it from
 * there, so the answer is 202 with the server and the job id.
 */
export async function registerServer(ctx: Pick<PipelineDeps, 'db' | 'jobs' | 'config' | 'now'>, input: { key: AuthenticatedKey; body: RegisterServerBody }): Promise<{ server: ServerRecord; jobId: string | null }> {
  const { body } = input;
  const slug = body.slug ?? slugify(body.name);
  let sourcePackage: string | null = null;
  if (body.source.kind === 'npm') {
    if (!ctx.config.TOOLMARK_ALLOW_NPM_CAPTURE) {
      throw new PipelineError('forbidden', 'npm_capture_disabled', 'this toolmark does not run npm packages; register the server by URL or upload its tools/list', { key: 'source.kind' });
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
  let upload: { surface: ReturnType<typeof parseSurfaceValue>; hash: string } | null = null;
  if (body.source.kind === 'upload') {
    try {
      const surface = parseSurfaceValue(body.source.tools);
      upload = { surface, hash: surfaceHash(surface, nodeSha256Hex) };
    } catch (error) {
      if (error instanceof InputError) throw new InputError(error.code, `source.tools: ${error.message}`, { ...error.detail, field: 'body.source.tools' });
      throw error;
    }
  }
  const { server, versionId } = await ctx.db
    .transaction(async (tx) => {
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
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) {
        throw new PipelineError('conflict', 'conflict', `the slug ${slug} is taken; choose another with "slug"`, { key: 'slug', slug });
      }
      throw error;
    });
  const at = ctx.now();
  if (versionId) {
    const jobId = await ctx.jobs.send('lint-version', { versionId }, { singletonKey: `lint:${versionId}` });
    await setCaptureStatus(ctx.db, server.id, { status: 'captured', error: null, at });
    return { server: { ...server, captureStatus: 'captured', lastCapturedAt: at }, jobId };
  }
  const jobId = await ctx.jobs.send('capture-server', { serverId: server.id, reason: 'registered' }, { singletonKey: `capture:${server.id}` });
  await setCaptureStatus(ctx.db, server.id, { status: 'queued', error: null, at });
  return { server: { ...server, captureStatus: 'queued' }, jobId };
}
