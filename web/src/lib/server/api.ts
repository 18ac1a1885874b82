// The site's only way to the server: the public REST API over HTTP (loopback when mounted in `npm start`).
// Every page's data comes through these functions. Requests carry the signed-in key when there is one,
// and the process's site token with the visitor's address so the API rate-limits per visitor.
import { error } from '@sveltejs/kit';
import type { Answer, Body, Query } from '@toolmark/benchmarks/api';

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

// Every shape below is inferred from the API's contracts (the same zod schemas the server's routes declare),
// as JSON on the wire: timestamps are ISO strings. Nothing here is written by hand.
/** A route's success answer. */
export type { Answer } from '@toolmark/benchmarks/api';
export type StoredLint = Answer<'GET /v1/versions/{id}/lint'>;
export type ApiKey = Answer<'DELETE /v1/keys/{id}'>;
export type RegisterBody = Body<'POST /v1/servers'>;
export type BoardQuery = Query<'GET /v1/leaderboards/lint'>;
export type OpenApiDoc = Answer<'GET /v1/openapi.json'>;
export type ModelBoardQuery = Query<'GET /v1/leaderboards/evaluations'>;
export type EvaluationBody = Body<'POST /v1/servers/{id}/evaluations'>;
export type CaseQuery = Query<'GET /v1/evaluations/{id}/cases'>;

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
  rules: (c: Caller) => keep('rules', 5_000, () => call<Answer<'GET /v1/rules'>>({ clientAddress: c.clientAddress }, 'GET', '/v1/rules')),
  rulesDetail: (c: Caller, id: string) => keep(`rules:${id}`, 60_000, () => call<Answer<'GET /v1/rules/{id}'>>({ clientAddress: c.clientAddress }, 'GET', `/v1/rules/${enc(id)}`)),
  leaderboard: (c: Caller, q: BoardQuery) => call<Answer<'GET /v1/leaderboards/lint'>>(c, 'GET', `/v1/leaderboards/lint${qs({ ...q })}`),
  server: (c: Caller, id: string) => call<Answer<'GET /v1/servers/{id}'>>(c, 'GET', `/v1/servers/${enc(id)}`),
  myServers: (c: Caller, offset = 0) => call<Answer<'GET /v1/servers'>>(c, 'GET', `/v1/servers${qs({ mine: 'true', limit: 100, offset })}`),
  version: (c: Caller, id: string) => call<Answer<'GET /v1/versions/{id}'>>(c, 'GET', `/v1/versions/${enc(id)}`),
  versionLint: (c: Caller, id: string, rules: string, hash?: string) => call<StoredLint>(c, 'GET', `/v1/versions/${enc(id)}/lint${qs({ rules, hash })}`),
  /** Without `rules` the API compares under its latest rules version. */
  diff: (c: Caller, id: string, base: string, rules: string | undefined, hash?: string) => call<Answer<'GET /v1/versions/{id}/diff'>>(c, 'GET', `/v1/versions/${enc(id)}/diff${qs({ base, rules, hash })}`),
  register: (c: Caller, body: RegisterBody) => call<Answer<'POST /v1/servers'>>(c, 'POST', '/v1/servers', body),
  me: (c: Caller) => call<Answer<'GET /v1/me'>>(c, 'GET', '/v1/me'),
  keys: (c: Caller) => call<Answer<'GET /v1/keys'>>(c, 'GET', '/v1/keys'),
  createKey: (c: Caller, body: Body<'POST /v1/keys'>) => call<Answer<'POST /v1/keys'>>(c, 'POST', '/v1/keys', body),
  revokeKey: (c: Caller, id: string) => call<ApiKey>(c, 'DELETE', `/v1/keys/${enc(id)}`),
  openapi: (c: Caller) => call<OpenApiDoc>(c, 'GET', '/v1/openapi.json'),
  usage: (c: Caller) => call<Answer<'GET /v1/me/usage'>>(c, 'GET', '/v1/me/usage'),
  updateServer: (c: Caller, id: string, body: Body<'PATCH /v1/servers/{id}'>) => call<Answer<'PATCH /v1/servers/{id}'>>(c, 'PATCH', `/v1/servers/${enc(id)}`, body),
  deleteServer: (c: Caller, id: string) => call<Answer<'DELETE /v1/servers/{id}'>>(c, 'DELETE', `/v1/servers/${enc(id)}`),
  failures: (c: Caller, id: string) => call<Answer<'GET /v1/servers/{id}/failures'>>(c, 'GET', `/v1/servers/${enc(id)}/failures`),
  addFailureCases: (c: Caller, id: string, body: Body<'POST /v1/servers/{id}/failures/cases'>) =>
    call<Answer<'POST /v1/servers/{id}/failures/cases'>>(c, 'POST', `/v1/servers/${enc(id)}/failures/cases`, body),
  datasets: (c: Caller) => call<Answer<'GET /v1/datasets'>>({ clientAddress: c.clientAddress }, 'GET', '/v1/datasets'),
  /** One model's leaderboard of public servers (GET /v1/leaderboards/evaluations). */
  modelBoard: (c: Caller, q: ModelBoardQuery) => call<Answer<'GET /v1/leaderboards/evaluations'>>(c, 'GET', `/v1/leaderboards/evaluations${qs({ ...q })}`),
  /** The models leaderboard on the suite and every model's curve. */
  modelsBoard: (c: Caller, distractors: string) => call<Answer<'GET /v1/leaderboards/models'>>(c, 'GET', `/v1/leaderboards/models${qs({ distractors })}`),
  models: (c: Caller) => call<Answer<'GET /v1/models'>>(c, 'GET', '/v1/models'),
  estimate: (c: Caller, serverId: string, body: EvaluationBody) => call<Answer<'POST /v1/servers/{id}/evaluations/estimate'>>(c, 'POST', `/v1/servers/${enc(serverId)}/evaluations/estimate`, body),
  startEvaluation: (c: Caller, serverId: string, body: EvaluationBody) => call<Answer<'POST /v1/servers/{id}/evaluations'>>(c, 'POST', `/v1/servers/${enc(serverId)}/evaluations`, body),
  serverEvaluations: (c: Caller, serverId: string, limit = 20) => call<Answer<'GET /v1/servers/{id}/evaluations'>>(c, 'GET', `/v1/servers/${enc(serverId)}/evaluations${qs({ limit })}`),
  evaluation: (c: Caller, id: string) => call<Answer<'GET /v1/evaluations/{id}'>>(c, 'GET', `/v1/evaluations/${enc(id)}`),
  comparison: (c: Caller, id: string) => call<Answer<'GET /v1/evaluations/{id}/comparison'>>(c, 'GET', `/v1/evaluations/${enc(id)}/comparison`),
  evaluationCases: (c: Caller, id: string, q: CaseQuery) => call<Answer<'GET /v1/evaluations/{id}/cases'>>(c, 'GET', `/v1/evaluations/${enc(id)}/cases${qs({ ...q })}`),
  recapture: (c: Caller, id: string) => call<Answer<'POST /v1/servers/{id}/capture'>>(c, 'POST', `/v1/servers/${enc(id)}/capture`),
  subscriptions: (c: Caller, id: string) => call<Answer<'GET /v1/servers/{id}/subscriptions'>>(c, 'GET', `/v1/servers/${enc(id)}/subscriptions`),
  subscribe: (c: Caller, id: string, body: Body<'POST /v1/servers/{id}/subscriptions'>) => call<Answer<'POST /v1/servers/{id}/subscriptions'>>(c, 'POST', `/v1/servers/${enc(id)}/subscriptions`, body),
  unsubscribe: (c: Caller, id: string) => call<Answer<'DELETE /v1/subscriptions/{id}'>>(c, 'DELETE', `/v1/subscriptions/${enc(id)}`),
  deliveries: (c: Caller, id: string) => call<Answer<'GET /v1/subscriptions/{id}/deliveries'>>(c, 'GET', `/v1/subscriptions/${enc(id)}/deliveries${qs({ limit: 10 })}`),
};
