// toolmark's public board as an MCP Registry (issue 27): each ranked public server as a ServerResponse of
// the registry's API (version 2025-12-01), with toolmark's score, band, security status and rules under
// `_meta["io.toolmark/quality"]`. Names are `io.toolmark/<slug>` (a slug never changes, so neither does
// the name); cursors are opaque (base64url of the last row's sort key).
import { ruleSets, LATEST_RULES, type RuleSetId } from '@toolmark/benchmarks';
import { OFFICIAL_META, SERVER_JSON_SCHEMA, TOOLMARK_META, type RegistryServerList, type RegistryServerResponse } from '@toolmark/benchmarks/api';
import { registryPage, type Database } from '@toolmark/db';
import { PipelineError } from './errors.js';

export const REGISTRY_NAMESPACE = 'io.toolmark';
const SECRET_NAME = /(KEY|TOKEN|SECRET|PASSWORD|PASS|CREDENTIALS?|AUTH)$/;

type Row = Awaited<ReturnType<typeof registryPage>>['rows'][number];

/** The registry's description is at most 100 characters. */
const shortDescription = (text: string | null, name: string): string => {
  const t = (text ?? '').replace(/\s+/g, ' ').trim() || `MCP server ${name}`;
  return t.length > 100 ? `${t.slice(0, 99)}…` : t;
};

const repositoryOf = (url: string | null): { url: string; source: string } | undefined => {
  if (url === null) return undefined;
  const host = /^https?:\/\/(?:www\.)?([^/]+)/.exec(url)?.[1] ?? '';
  return { url, source: host.replace(/\.(com|org|io)$/, '') || 'git' };
};

/** `name@version` -> [name, version]. */
const splitSpec = (spec: string): [string, string | undefined] => {
  const at = spec.lastIndexOf('@');
  return at > 0 ? [spec.slice(0, at), spec.slice(at + 1)] : [spec, undefined];
};

export function registryEntry(row: Row, rules: { id: string; hash: string }): RegistryServerResponse {
  const version = row.versionLabel ?? `0.0.0-toolmark.${row.versionSeq}`;
  const env = row.facts?.env ?? [];
  const server: RegistryServerResponse['server'] = {
    $schema: SERVER_JSON_SCHEMA,
    name: `${REGISTRY_NAMESPACE}/${row.slug}`,
    title: row.name.slice(0, 100),
    description: shortDescription(row.description, row.name),
    version,
  };
  const repository = repositoryOf(row.repository);
  if (repository) server.repository = repository;
  if (row.homepage) server.websiteUrl = row.homepage;
  if (row.source === 'npm' && row.sourcePackage) {
    const [identifier, pinned] = splitSpec(row.sourcePackage);
    server.packages = [
      {
        registryType: 'npm',
        registryBaseUrl: 'https://registry.npmjs.org',
        identifier,
        ...(pinned ? { version: pinned } : {}),
        runtimeHint: 'npx',
        transport: { type: 'stdio' },
        ...(env.length > 0 ? { environmentVariables: env.map((name) => ({ name, isRequired: true, isSecret: SECRET_NAME.test(name) })) } : {}),
      },
    ];
  }
  if (row.source === 'url' && row.sourceUrl) server.remotes = [{ type: 'streamable-http', url: row.sourceUrl }];
  return {
    server,
    _meta: {
      [OFFICIAL_META]: { status: 'active', publishedAt: row.createdAt.toISOString(), updatedAt: row.capturedAt.toISOString(), isLatest: true },
      [TOOLMARK_META]: {
        rules: rules.id,
        rulesHash: rules.hash,
        score: row.score,
        band: row.band,
        security: row.securityFindings > 0 ? 'findings' : 'clean',
        toolCount: row.toolCount,
        licence: row.license,
        page: `/servers/${row.slug}`,
      },
    },
  };
}

const encodeCursor = (row: Row): string => Buffer.from(JSON.stringify([row.nameLower, row.id])).toString('base64url');
function decodeCursor(cursor: string): { name: string; id: string } {
  try {
    const [name, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof name === 'string' && typeof id === 'string' && /^[0-9a-f-]{36}$/.test(id)) return { name, id };
  } catch {
    // fall through
  }
  throw new PipelineError('invalid', 'invalid_cursor', 'cursor is not one this registry returned; use metadata.nextCursor as given', { where: 'cursor' });
}

const latestRules = (): { id: RuleSetId; hash: string } => ({ id: LATEST_RULES, hash: ruleSets[LATEST_RULES].hash });

/** GET /v0/servers: a page in name order. */
export async function registryList(db: Database, q: { cursor?: string | undefined; limit: number; search?: string | undefined; version?: string | undefined }): Promise<RegistryServerList> {
  const rules = latestRules();
  const page = await registryPage(db, { rulesId: rules.id, rulesHash: rules.hash, limit: q.limit, after: q.cursor ? decodeCursor(q.cursor) : undefined, search: q.search?.trim() || undefined });
  const rows = q.version && q.version !== 'latest' ? page.rows.filter((r) => r.versionLabel === q.version) : page.rows;
  const last = page.rows[page.rows.length - 1];
  return { servers: rows.map((r) => registryEntry(r, rules)), metadata: { ...(page.more && last ? { nextCursor: encodeCursor(last) } : {}), count: rows.length } };
}

/** One server by registry name (`io.toolmark/<slug>`), or the 404. */
export async function registryServer(db: Database, serverName: string, version = 'latest'): Promise<RegistryServerResponse> {
  const prefix = `${REGISTRY_NAMESPACE}/`;
  const slug = serverName.startsWith(prefix) ? serverName.slice(prefix.length) : '';
  const rules = latestRules();
  const page = slug === '' ? { rows: [] } : await registryPage(db, { rulesId: rules.id, rulesHash: rules.hash, limit: 1, slug });
  const row = page.rows[0];
  if (!row) throw new PipelineError('not_found', 'server_not_found', `no public server ${JSON.stringify(serverName)} on this registry`, { where: 'serverName' });
  const entry = registryEntry(row, rules);
  if (version !== 'latest' && entry.server.version !== version) {
    throw new PipelineError('not_found', 'version_not_found', `${serverName} has no version ${JSON.stringify(version)} here (only its latest, ${entry.server.version})`, { where: 'version' });
  }
  return entry;
}
