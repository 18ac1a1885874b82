// The site's only way to the server: the public REST API over HTTP (loopback when mounted in `npm start`).
// Every page's data comes through these functions. Requests carry the signed-in key when there is one,
// and the process's site token with the visitor's address so the API rate-limits per visitor.
import { error } from '@sveltejs/kit';
import type { LintChanges, LintResult } from '@toolmark/benchmarks';

/** An error answer of the API, in its uniform shape. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly detail: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/**
 * End a page's load with the status an API failure deserves: the `notFound` statuses as 404, 429 and 503
 * passed on (the visitor may retry; a 503 page says the database is away), anything else as 502.
 */
export function pageError(e: ApiFailure, notFound: readonly number[] = [404]): never {
  error(notFound.includes(e.status) ? 404 : e.status === 429 || e.status === 503 ? e.status : 502, e.message);
}

/** Who asks: the visitor's address and, when signed in, their key. */
export interface Caller {
  clientAddress: string;
  key?: string | undefined;
}

const base = (): string => process.env.TOOLMARK_API_URL ?? 'http://127.0.0.1:3000';

async function call<T>(caller: Caller, method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', 'x-toolmark-client': caller.clientAddress };
  if (process.env.TOOLMARK_SITE_TOKEN) headers['x-toolmark-site'] = process.env.TOOLMARK_SITE_TOKEN;
  if (caller.key) headers.authorization = `Bearer ${caller.key}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(`${base()}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiFailure(503, 'api_unreachable', 'the API did not answer');
  }
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    throw new ApiFailure(502, 'bad_api_answer', `the API answered ${res.status} with something that is not JSON`);
  }
  if (!res.ok) {
    const e = (json as { error?: { code?: string; message?: string; detail?: Record<string, unknown> } } | null)?.error;
    throw new ApiFailure(res.status, e?.code ?? 'error', e?.message ?? `the API answered ${res.status}`, e?.detail ?? {});
  }
  return json as T;
}

const qs = (params: Record<string, string | number | undefined | null>): string => {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') s.set(k, String(v));
  const text = s.toString();
  return text ? `?${text}` : '';
};

export interface RulesRef {
  id: string;
  hash: string;
}
export interface RulesList {
  latest: string;
  items: (RulesRef & { active: boolean; results: number; firstScoredAt: string | null })[];
}
export interface BoardItem {
  rank: number;
  id: string;
  slug: string;
  name: string;
  description: string | null;
  score: number | null;
  band: string | null;
  toolCount: number;
  critical: number;
  required: number;
  minor: number;
  securityFindings: number;
  tokens: number;
  versionId: string;
  versionSeq: number;
  versionLabel: string | null;
  capturedAt: string;
}
export interface Board {
  rules: RulesRef;
  comparabilityKey: string;
  total: number;
  limit: number;
  offset: number;
  items: BoardItem[];
}
export interface BoardQuery {
  rules?: string | undefined;
  hash?: string | undefined;
  q?: string | undefined;
  band?: string | undefined;
  security?: string | undefined;
  sort?: string | undefined;
  order?: string | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
}
export interface Server {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  source: 'url' | 'npm' | 'upload';
  sourceUrl: string | null;
  sourcePackage: string | null;
  homepage: string | null;
  repository: string | null;
  organisationId: string;
  public: boolean;
  latestVersionId: string | null;
  captureStatus: string | null;
  captureError: unknown;
  lastCapturedAt: string | null;
  createdAt: string;
}
export interface VersionScore {
  rulesId: string;
  rulesHash: string;
  score: number | null;
  band: string | null;
  critical: number;
  required: number;
  minor: number;
  tokens: number;
  createdAt: string;
}
export interface VersionSummary {
  id: string;
  seq: number;
  surfaceHash: string;
  label: string | null;
  toolCount: number;
  origin: string;
  capturedAt: string;
  scores: VersionScore[];
}
export interface VersionDetail {
  id: string;
  serverId: string;
  seq: number;
  surfaceHash: string;
  label: string | null;
  toolCount: number;
  origin: string;
  capturedAt: string;
  tools: unknown;
}
export type StoredLint = LintResult & { version: { id: string; seq: number; label: string | null; capturedAt: string } };
export interface Bilingual {
  en: string;
  ja: string;
}
export interface FindingDoc {
  code: string;
  scope: 'tool' | 'server';
  severities: ('critical' | 'required' | 'minor')[];
  security: boolean;
  title: Bilingual;
  trigger: Bilingual;
  fix: Bilingual;
  example: string;
  before: string;
  after: string;
}
export interface RulesDetail extends RulesRef {
  latest: boolean;
  bands: { sunny: number; cloudy: number };
  categories: { id: string; max: number; title: Bilingual; fullMarks: Bilingual }[];
  findings: FindingDoc[];
  changelog: string;
}
export interface VersionSide {
  id: string;
  seq: number;
  label: string | null;
  capturedAt: string;
  score: number | null;
  band: string | null;
  toolCount: number;
}
export interface Diff {
  rules: RulesRef;
  base: VersionSide;
  target: VersionSide;
  changes: LintChanges;
}
export interface Me {
  organisation: { id: string; slug: string; name: string };
  key: { id: string; purpose: string; name: string; prefix: string };
}
export interface ApiKey {
  id: string;
  organisationId: string;
  purpose: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}
export interface RegisterBody {
  name: string;
  slug?: string | undefined;
  description?: string | undefined;
  homepage?: string | undefined;
  repository?: string | undefined;
  public: boolean;
  source: { kind: 'url'; url: string } | { kind: 'npm'; package: string } | { kind: 'upload'; tools: unknown };
}

const enc = encodeURIComponent;

/**
 * The rules list and each rule set's explanation change only when a new rules hash is first scored (or
 * with a new build), yet every leaderboard and server page needs them: they are kept for a few seconds
 * per process, so a page costs one API call for its own data instead of two.
 */
const kept = new Map<string, { until: number; value: Promise<unknown> }>();
function keep<T>(key: string, ms: number, load: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const hit = kept.get(key);
  if (hit && hit.until > now) return hit.value as Promise<T>;
  const value = load();
  kept.set(key, { until: now + ms, value });
  value.catch(() => kept.delete(key));
  return value;
}

/** The API, as the site uses it. */
export const api = {
  rules: (c: Caller) => keep('rules', 5_000, () => call<RulesList>({ clientAddress: c.clientAddress }, 'GET', '/v1/rules')),
  rulesDetail: (c: Caller, id: string) => keep(`rules:${id}`, 60_000, () => call<RulesDetail>({ clientAddress: c.clientAddress }, 'GET', `/v1/rules/${enc(id)}`)),
  leaderboard: (c: Caller, q: BoardQuery) => call<Board>(c, 'GET', `/v1/leaderboards/lint${qs({ ...q })}`),
  server: (c: Caller, id: string) => call<{ server: Server; versions: VersionSummary[] }>(c, 'GET', `/v1/servers/${enc(id)}`),
  myServers: (c: Caller, offset = 0) => call<{ total: number; items: (Server & { toolCount: number | null; latestSeq: number | null })[] }>(c, 'GET', `/v1/servers${qs({ mine: 'true', limit: 100, offset })}`),
  version: (c: Caller, id: string) => call<VersionDetail>(c, 'GET', `/v1/versions/${enc(id)}`),
  versionLint: (c: Caller, id: string, rules: string, hash?: string) => call<StoredLint>(c, 'GET', `/v1/versions/${enc(id)}/lint${qs({ rules, hash })}`),
  diff: (c: Caller, id: string, base: string, rules: string, hash?: string) => call<Diff>(c, 'GET', `/v1/versions/${enc(id)}/diff${qs({ base, rules, hash })}`),
  register: (c: Caller, body: RegisterBody) => call<{ server: Server; jobId: string | null }>(c, 'POST', '/v1/servers', body),
  me: (c: Caller) => call<Me>(c, 'GET', '/v1/me'),
  keys: (c: Caller) => call<{ items: ApiKey[] }>(c, 'GET', '/v1/keys'),
  createKey: (c: Caller, purpose: string, name: string) => call<{ key: string; record: ApiKey }>(c, 'POST', '/v1/keys', { purpose, name }),
  revokeKey: (c: Caller, id: string) => call<ApiKey>(c, 'DELETE', `/v1/keys/${enc(id)}`),
  openapi: (c: Caller) => call<OpenApiDoc>(c, 'GET', '/v1/openapi.json'),
};

export interface OpenApiOperation {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: { type?: string; enum?: unknown[]; default?: unknown } }[];
  requestBody?: unknown;
  responses?: Record<string, { description?: string }>;
}
export interface OpenApiDoc {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
}
