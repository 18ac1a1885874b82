// Import servers from an MCP Registry (issue 27): read a registry API's `/v0.1/servers` pages (cursor
// pagination, registry OpenAPI 2025-12-01) or one server.json, and register every entry that has an npm
// package or a remote Streamable HTTP / SSE URL as a server to capture. Registration is the ordinary path
// (`registerServer`): npm captures run in the bubblewrap sandbox and only where the operator allows them,
// URLs pass the address policy; the registry itself is read through the network guard (no private or
// metadata addresses unless TOOLMARK_ALLOW_PRIVATE_URLS, no redirects, a size cap per page).
import { RegistryServerDetailSchema, RegistryServerListSchema, type RegistryImportBody, type RegistryServerDetail } from '@toolmark/benchmarks/api';
import type { AuthenticatedKey } from '@toolmark/db';
import { CaptureError } from '../capture/errors.js';
import { networkGuard } from '../capture/network-guard.js';
import type { PipelineDeps } from './deps.js';
import { PipelineError } from './errors.js';
import { registerServer } from './register-server.js';

const PAGE = 100;
const MAX_PAGE_BYTES = 4 * 1024 * 1024;

/** What one registry entry becomes: an npm package or a URL to capture, or why it is skipped. */
export type RegistryTarget = { kind: 'npm'; package: string } | { kind: 'url'; url: string } | { kind: 'skip'; reason: string };

export function registryTarget(detail: RegistryServerDetail): RegistryTarget {
  const npm = detail.packages?.find((p) => p.registryType === 'npm' && (p.transport.type === 'stdio' || p.transport.type === undefined));
  if (npm) return { kind: 'npm', package: npm.version && !/[\^~<>=*x ]/.test(npm.version) ? `${npm.identifier}@${npm.version}` : npm.identifier };
  const remote = detail.remotes?.find((r) => (r.type === 'streamable-http' || r.type === 'sse') && !r.url.includes('{'));
  if (remote) return { kind: 'url', url: remote.url };
  const kinds = [...(detail.packages ?? []).map((p) => p.registryType), ...(detail.remotes ?? []).map((r) => `remote ${r.type}`)];
  return { kind: 'skip', reason: kinds.length === 0 ? 'no package and no remote' : `only ${kinds.join(', ')}: toolmark captures npm packages and Streamable HTTP or SSE URLs without template variables` };
}

/** Read the entries of a registry API: `<base>/v0.1/servers` page by page, latest versions, at most `limit`. */
export async function readRegistry(base: string, options: { allowPrivate: boolean; limit: number; timeoutMs?: number }): Promise<RegistryServerDetail[]> {
  const guard = networkGuard({ allowPrivate: options.allowPrivate, maxResponseBytes: MAX_PAGE_BYTES, timeoutMs: options.timeoutMs ?? 30_000 });
  const root = base.replace(/\/+$/, '');
  const out: RegistryServerDetail[] = [];
  let cursor: string | undefined;
  for (let page = 0; out.length < options.limit && page < 1000; page++) {
    const url = new URL(`${root}/v0.1/servers`);
    url.searchParams.set('limit', String(Math.min(PAGE, options.limit - out.length)));
    url.searchParams.set('version', 'latest');
    if (cursor) url.searchParams.set('cursor', cursor);
    let body: unknown;
    try {
      const res = await guard.fetch(url, { headers: { accept: 'application/json' }, redirect: 'manual' });
      if (res.status !== 200) throw new PipelineError('invalid', 'registry_unreadable', `the registry answered ${res.status} for ${url.pathname}${url.search}`, { where: 'url', status: res.status });
      body = await res.json();
    } catch (error) {
      if (error instanceof PipelineError) throw error;
      const message = error instanceof CaptureError ? error.message : error instanceof Error ? error.message : String(error);
      throw new PipelineError('invalid', error instanceof CaptureError && error.code === 'address_refused' ? 'address_refused' : 'registry_unreadable', `could not read the registry at ${root}: ${message}`, { where: 'url' });
    }
    const parsed = RegistryServerListSchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new PipelineError('invalid', 'registry_unreadable', `the registry's answer is not a ServerList: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim(), { where: 'url' });
    }
    out.push(...parsed.data.servers.map((s) => s.server));
    cursor = parsed.data.metadata?.nextCursor ?? undefined;
    if (!cursor || parsed.data.servers.length === 0) break;
  }
  return out.slice(0, options.limit);
}

/** Register what a registry (or one server.json) lists; entries already registered (taken slug) are skipped. */
export async function importRegistry(ctx: Pick<PipelineDeps, 'db' | 'jobs' | 'config' | 'now'>, key: AuthenticatedKey, body: RegistryImportBody) {
  let details: RegistryServerDetail[];
  if ('serverJson' in body) {
    const parsed = RegistryServerDetailSchema.safeParse(body.serverJson);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new PipelineError('invalid', 'invalid_request', `serverJson is not a server.json: ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid'}`, { path: `body.serverJson.${issue?.path.join('.') ?? ''}` });
    }
    details = [parsed.data];
  } else {
    details = await readRegistry(body.url, { allowPrivate: ctx.config.TOOLMARK_ALLOW_PRIVATE_URLS, limit: body.limit });
  }
  const registered: { name: string; serverId: string; slug: string; source: 'npm' | 'url'; jobId: string | null }[] = [];
  const skipped: { name: string; reason: string }[] = [];
  for (const detail of details) {
    const target = registryTarget(detail);
    if (target.kind === 'skip') {
      skipped.push({ name: detail.name, reason: target.reason });
      continue;
    }
    const name = (detail.title ?? detail.name).slice(0, 100);
    const slug = detail.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 63).replace(/-+$/, '');
    try {
      const { server, jobId } = await registerServer(ctx, {
        key,
        body: {
          name,
          slug,
          description: detail.description.slice(0, 500),
          ...(detail.websiteUrl && /^https?:\/\//.test(detail.websiteUrl) ? { homepage: detail.websiteUrl } : {}),
          ...(detail.repository?.url && /^https?:\/\//.test(detail.repository.url) ? { repository: detail.repository.url } : {}),
          public: true,
          source: target.kind === 'npm' ? { kind: 'npm', package: target.package } : { kind: 'url', url: target.url },
        },
      });
      registered.push({ name: detail.name, serverId: server.id, slug: server.slug, source: target.kind, jobId });
    } catch (error) {
      if (error instanceof PipelineError || error instanceof CaptureError) skipped.push({ name: detail.name, reason: `${error.code}: ${error.message}` });
      else throw error;
    }
  }
  return { read: details.length, registered, skipped };
}
