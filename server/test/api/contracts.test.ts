// Every route's answers against the contract it declares (benchmarks/src/contracts/api): each route is
// called through app.inject on a seeded database, with successful and error answers, and each body must
// parse with the route's response schema for that status, made strict all the way down — a field the
// contract lacks fails, a field it names that the route does not send fails. The route list comes from
// routes/index.ts itself, so a new route without a case here fails too.
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LATEST_RULES, lintSurface, parseSurfaceValue, ruleSets } from '@toolmark/benchmarks';
import { endpoints, ServerSchema, type EndpointKey } from '@toolmark/benchmarks/api';
import { storeLintResult } from '@toolmark/db';
import type { ApiContext } from '../../src/api/context.js';
import { routes } from '../../src/api/routes/index.js';
import { loadConfig } from '../../src/config.js';
import { buildLintRelease } from '../../src/datasets/build-lint.js';
import { bearer, startTestApp, tool, type TestApp } from './helpers.js';
import { TEST_SIGNER } from '../datasets/signer.js';

interface DeclaredRoute {
  key: string;
  method: string;
  url: string;
  hide: boolean;
  response: Record<number, z.ZodType>;
}

/** The routes of routes/index.ts as they register with Fastify: method, URL (as `METHOD /path/{param}`) and schemas. */
async function declaredRoutes(): Promise<DeclaredRoute[]> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const found: DeclaredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      const schema = (route.schema ?? {}) as { hide?: boolean; response?: Record<number, z.ZodType> };
      const url = route.url.replace(/:(\w+)/g, '{$1}');
      found.push({ key: `${method} ${url}`, method, url, hide: schema.hide === true, response: schema.response ?? {} });
    }
  });
  // Route modules only read configuration while registering (the badge's limiter); handlers never run here.
  const ctx = { config: loadConfig({ TOOLMARK_LOG_LEVEL: 'silent' }) } as unknown as ApiContext;
  for (const route of routes) route(app.withTypeProvider<ZodTypeProvider>(), ctx);
  await app.ready();
  await app.close();
  return found;
}

/** The schema with every object made strict (loose objects stay loose): unknown keys fail instead of being dropped. */
function strict(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodObject) {
    const shape = Object.fromEntries(Object.entries(schema.shape as Record<string, z.ZodType>).map(([k, v]) => [k, strict(v)]));
    return schema.def.catchall ? z.object(shape).catchall(schema.def.catchall) : z.strictObject(shape);
  }
  if (schema instanceof z.ZodArray) return z.array(strict(schema.element as z.ZodType));
  if (schema instanceof z.ZodNullable) return strict(schema.unwrap() as z.ZodType).nullable();
  if (schema instanceof z.ZodOptional) return strict(schema.unwrap() as z.ZodType).optional();
  if (schema instanceof z.ZodRecord) return z.record(schema.keyType as z.ZodString, strict(schema.valueType as z.ZodType));
  if (schema instanceof z.ZodTuple) return z.tuple((schema.def.items as z.ZodType[]).map(strict) as [z.ZodType, ...z.ZodType[]]);
  if (schema instanceof z.ZodUnion) return z.union((schema.options as z.ZodType[]).map(strict) as [z.ZodType, z.ZodType, ...z.ZodType[]]);
  return schema;
}

interface Case {
  route: EndpointKey;
  why: string;
  status: number;
  url: string;
  key?: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

let h: TestApp;
let declared: DeclaredRoute[];
const cases: Case[] = [];

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const good = (name: string) =>
  tool(name, `Search the ${name} index for entries matching a query. Use this before creating one. Returns up to 20 entries with id and title. Example: query "crash on start".`, {
    query: { type: 'string', description: 'Words to match, e.g. "login timeout".', maxLength: 200 },
  });

beforeAll(async () => {
  declared = await declaredRoutes();
  const datasetsRoot = mkdtempSync(join(tmpdir(), 'toolmark-contract-datasets-'));
  h = await startTestApp({ TOOLMARK_DATASETS_DIR: datasetsRoot });
  const admin = h.keys.admin;
  const post = async (url: string, key: string, payload: unknown) => {
    const res = await h.app.inject({ method: 'POST', url, headers: bearer(key), payload: payload as object });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json();
  };
  const upload = async (name: string, tools: unknown[], publicServer: boolean, lint = true) => {
    const { server } = await post('/v1/servers', h.keys.script, { name, public: publicServer, source: { kind: 'upload', tools: { tools } } });
    // What the lint-version job does: lint the stored tools and store the result.
    if (lint) await storeLintResult(h.t.db, server.latestVersionId, await lintSurface(parseSurfaceValue({ tools })));
    return { id: server.id as string, slug: server.slug as string, versionId: server.latestVersionId as string };
  };

  const open = await upload('Contract Public', [good('issues')], true);
  const hidden = await upload('Contract Private', [good('notes')], false);
  const unscored = await upload('Contract Unscored', [good('tasks')], true, false);
  // A second version of the public server, saved from CI: a diff and `changes` to answer.
  const saved = await h.app.inject({ method: 'POST', url: `/v1/servers/${open.id}/lint?label=v2`, headers: bearer(h.keys.ci), payload: JSON.stringify({ tools: [good('issues'), good('labels')] }) });
  expect(saved.statusCode, saved.body).toBe(200);
  const second = saved.json().version.id as string;
  const other = await post('/v1/organisations', admin, { name: 'Other team', slug: 'other-team' });
  const otherAdmin = other.key as string;
  const otherCi = (await post('/v1/keys', otherAdmin, { purpose: 'ci', name: 'their CI' })).key as string;
  const spare = (await post('/v1/keys', admin, { purpose: 'ci', name: 'to revoke' })).record.id as string;
  const badge = await h.app.inject({ method: 'GET', url: `/v1/servers/${open.id}/badge.svg` });
  const tools = JSON.stringify({ tools: [good('issues'), good('labels')] });

  const add = (route: EndpointKey, status: number, why: string, url: string, extra: Partial<Case> = {}) => cases.push({ route, status, why, url, ...extra });
  add('GET /health', 200, 'database up', '/health');
  add('GET /health', 401, 'unknown key', '/health', { key: 'tm_ci_unknown' });
  add('GET /v1/openapi.json', 200, 'the document', '/v1/openapi.json');
  add('GET /v1/openapi.json', 401, 'unknown key', '/v1/openapi.json', { key: 'tm_ci_unknown' });
  add('GET /v1/docs', 200, 'the page', '/v1/docs');
  add('GET /v1/docs', 403, 'agent key', '/v1/docs', { key: h.keys.agent });
  add('GET /cli/{file}', 200, 'the tarball (packed by npm run build)', '/cli/toolmark.tgz');
  add('GET /cli/{file}', 404, 'no such file', '/cli/other.tgz');
  add('GET /v1/me', 200, 'a ci key', '/v1/me', { key: h.keys.ci });
  add('GET /v1/me', 401, 'no key', '/v1/me');
  add('GET /v1/me', 403, 'agent key', '/v1/me', { key: h.keys.agent });
  add('GET /v1/keys', 200, 'admin', '/v1/keys', { key: admin });
  add('GET /v1/keys', 403, 'ci key', '/v1/keys', { key: h.keys.ci });
  add('POST /v1/keys', 201, 'created', '/v1/keys', { key: admin, payload: { purpose: 'script', name: 'Nightly' } });
  add('POST /v1/keys', 400, 'unknown purpose', '/v1/keys', { key: admin, payload: { purpose: 'root', name: 'x' } });
  add('POST /v1/keys', 415, 'not JSON', '/v1/keys', { key: admin, payload: '<key/>', headers: { 'content-type': 'application/xml' } });
  add('POST /v1/keys', 401, 'no key', '/v1/keys', { payload: { purpose: 'ci', name: 'x' } });
  add('DELETE /v1/keys/{id}', 200, 'revoked', `/v1/keys/${spare}`, { key: admin });
  add('DELETE /v1/keys/{id}', 404, 'unknown key id', `/v1/keys/${UNKNOWN}`, { key: admin });
  add('DELETE /v1/keys/{id}', 400, 'not a UUID', '/v1/keys/nope', { key: admin });
  add('POST /v1/organisations', 201, 'created', '/v1/organisations', { key: admin, payload: { name: 'Third', slug: 'third' } });
  add('POST /v1/organisations', 409, 'slug taken', '/v1/organisations', { key: admin, payload: { name: 'Again', slug: 'other-team' } });
  add('POST /v1/organisations', 403, 'not the operator', '/v1/organisations', { key: otherAdmin, payload: { name: 'X', slug: 'x-team' } });
  add('POST /v1/organisations', 400, 'bad slug', '/v1/organisations', { key: admin, payload: { name: 'X', slug: 'X' } });
  add('GET /v1/servers', 200, 'public servers', '/v1/servers?q=contract');
  add('GET /v1/servers', 200, 'mine', '/v1/servers?mine=true', { key: h.keys.ci });
  add('GET /v1/servers', 400, 'limit 0', '/v1/servers?limit=0');
  add('GET /v1/servers', 401, 'mine without a key', '/v1/servers?mine=true');
  add('POST /v1/servers', 202, 'upload', '/v1/servers', { key: admin, payload: { name: 'Contract New', source: { kind: 'upload', tools: [good('files')] } } });
  add('POST /v1/servers', 202, 'by URL', '/v1/servers', { key: admin, payload: { name: 'Contract Remote', source: { kind: 'url', url: 'https://mcp.example.com/mcp' } } });
  add('POST /v1/servers', 422, 'bad tools/list', '/v1/servers', { key: admin, payload: { name: 'Bad', source: { kind: 'upload', tools: { tools: [{ name: 1 }] } } } });
  add('POST /v1/servers', 409, 'slug taken', '/v1/servers', { key: admin, payload: { name: 'Contract Public', slug: 'contract-public', source: { kind: 'upload', tools: [] } } });
  add('POST /v1/servers', 400, 'no name', '/v1/servers', { key: admin, payload: { source: { kind: 'upload', tools: [] } } });
  add('POST /v1/servers', 403, 'ci key', '/v1/servers', { key: h.keys.ci, payload: { name: 'C', source: { kind: 'upload', tools: [] } } });
  add('GET /v1/servers/{id}', 200, 'public, no key', `/v1/servers/${open.id}`);
  add('GET /v1/servers/{id}', 200, 'private, own key', `/v1/servers/${hidden.id}`, { key: h.keys.ci });
  add('GET /v1/servers/{id}', 404, 'private, other key', `/v1/servers/${hidden.id}`, { key: otherCi });
  add('GET /v1/servers/{id}', 200, 'by slug', `/v1/servers/${open.slug}`);
  add('GET /v1/servers/{id}', 400, 'neither a UUID nor a slug', '/v1/servers/Not_A_Slug');
  const doomed = await upload('Contract Doomed', [good('boards')], true);
  const remote = (await post('/v1/servers', admin, { name: 'Contract Capturable', source: { kind: 'url', url: 'https://mcp.example.com/capturable' } })).server.id as string;
  add('PATCH /v1/servers/{id}', 200, 'edited by its admin', `/v1/servers/${open.id}`, { key: admin, payload: { description: 'Edited.\nTwo lines.', homepage: null } });
  add('PATCH /v1/servers/{id}', 400, 'nothing to change', `/v1/servers/${open.id}`, { key: admin, payload: {} });
  add('PATCH /v1/servers/{id}', 403, 'another organisation', `/v1/servers/${open.id}`, { key: otherAdmin, payload: { name: 'Mine now' } });
  add('PATCH /v1/servers/{id}', 404, 'private, another organisation', `/v1/servers/${hidden.id}`, { key: otherAdmin, payload: { name: 'Mine now' } });
  add('DELETE /v1/servers/{id}', 200, 'soft-deleted by its admin', `/v1/servers/${doomed.id}`, { key: admin });
  add('DELETE /v1/servers/{id}', 403, 'a ci key', `/v1/servers/${open.id}`, { key: h.keys.ci });
  add('DELETE /v1/servers/{id}', 404, 'unknown', `/v1/servers/${UNKNOWN}`, { key: admin });
  add('POST /v1/servers/{id}/capture', 202, 'a URL server', `/v1/servers/${remote}/capture`, { key: admin });
  add('POST /v1/servers/{id}/capture', 409, 'uploaded: nothing to read', `/v1/servers/${open.id}/capture`, { key: admin });
  add('POST /v1/servers/{id}/capture', 403, 'another organisation', `/v1/servers/${open.id}/capture`, { key: otherAdmin });
  add('GET /v1/me/usage', 200, 'a ci key', '/v1/me/usage', { key: h.keys.ci });
  add('GET /v1/me/usage', 401, 'no key', '/v1/me/usage');
  add('GET /v1/servers/{id}/badge.svg', 200, 'public', `/v1/servers/${open.id}/badge.svg`);
  add('GET /v1/servers/{id}/badge.svg', 304, 'unchanged', `/v1/servers/${open.id}/badge.svg`, { headers: { 'if-none-match': String(badge.headers.etag) } });
  add('GET /v1/servers/{id}/badge.svg', 404, 'private', `/v1/servers/${hidden.id}/badge.svg`);
  add('GET /v1/servers/{id}/badge.svg', 404, 'unknown rules', `/v1/servers/${open.id}/badge.svg?rules=v9`);
  add('POST /v1/servers/{id}/lint', 200, 'saved again', `/v1/servers/${open.id}/lint`, { key: h.keys.ci, payload: tools });
  add('POST /v1/servers/{id}/lint', 200, 'first save of a private server', `/v1/servers/${hidden.id}/lint`, { key: h.keys.ci, payload: tools });
  add('POST /v1/servers/{id}/lint', 422, 'not a tools/list', `/v1/servers/${open.id}/lint`, { key: h.keys.ci, payload: '{"tools": 3}' });
  add('POST /v1/servers/{id}/lint', 400, 'label with a control character', `/v1/servers/${open.id}/lint?label=a%00b`, { key: h.keys.ci, payload: tools });
  add('POST /v1/servers/{id}/lint', 403, 'public, other organisation', `/v1/servers/${open.id}/lint`, { key: otherCi, payload: tools });
  add('POST /v1/servers/{id}/lint', 404, 'private, other organisation', `/v1/servers/${hidden.id}/lint`, { key: otherCi, payload: tools });
  add('GET /v1/servers/{id}/lint/latest', 200, 'scored', `/v1/servers/${open.id}/lint/latest`);
  add('GET /v1/servers/{id}/lint/latest', 404, 'not scored', `/v1/servers/${unscored.id}/lint/latest`);
  add('GET /v1/versions/{id}', 200, 'public', `/v1/versions/${open.versionId}`);
  add('GET /v1/versions/{id}', 404, 'private, no key', `/v1/versions/${hidden.versionId}`);
  add('GET /v1/versions/{id}/lint', 200, 'scored', `/v1/versions/${open.versionId}/lint`);
  add('GET /v1/versions/{id}/lint', 404, 'unknown rules', `/v1/versions/${open.versionId}/lint?rules=v9`);
  add('GET /v1/versions/{id}/lint', 404, 'not scored', `/v1/versions/${unscored.versionId}/lint`);
  add('GET /v1/versions/{id}/diff', 200, 'two versions', `/v1/versions/${second}/diff?base=${open.versionId}`);
  add('GET /v1/versions/{id}/diff', 404, 'unknown rules', `/v1/versions/${second}/diff?base=${open.versionId}&rules=v9`);
  add('GET /v1/versions/{id}/diff', 400, 'base is not a UUID', `/v1/versions/${second}/diff?base=x`);
  add('GET /v1/leaderboards/lint', 200, 'the board', '/v1/leaderboards/lint');
  add('GET /v1/leaderboards/lint', 404, 'unknown rules', '/v1/leaderboards/lint?rules=v9');
  add('GET /v1/leaderboards/lint', 400, 'unknown band', '/v1/leaderboards/lint?band=fog');
  add('GET /v0/servers', 200, 'the registry list', '/v0/servers?limit=5');
  add('GET /v0/servers', 400, 'a cursor it did not make', '/v0/servers?cursor=nonsense');
  add('GET /v0/servers/{serverName}/versions', 200, 'a ranked server', `/v0/servers/${encodeURIComponent(`io.toolmark/${open.slug}`)}/versions`);
  add('GET /v0/servers/{serverName}/versions', 404, 'unknown name', `/v0/servers/${encodeURIComponent('io.toolmark/nope')}/versions`);
  add('GET /v0/servers/{serverName}/versions/{version}', 200, 'latest', `/v0/servers/${encodeURIComponent(`io.toolmark/${open.slug}`)}/versions/latest`);
  add('GET /v0/servers/{serverName}/versions/{version}', 404, 'a version it does not keep', `/v0/servers/${encodeURIComponent(`io.toolmark/${open.slug}`)}/versions/0.0.1-none`);
  add('POST /v1/registry/imports', 200, 'one server.json', '/v1/registry/imports', { key: admin, payload: { serverJson: { name: 'com.example/contract', description: 'A remote server', version: '1.0.0', remotes: [{ type: 'streamable-http', url: 'https://contract.example.com/mcp' }] } } });
  add('POST /v1/registry/imports', 400, 'not a server.json', '/v1/registry/imports', { key: admin, payload: { serverJson: { name: 'x/y' } } });
  add('GET /v1/rules', 200, 'the list', '/v1/rules');
  add('GET /v1/rules', 401, 'unknown key', '/v1/rules', { key: 'tm_ci_unknown' });
  add('GET /v1/rules/{id}', 200, 'v1', '/v1/rules/v1');
  add('GET /v1/rules/{id}', 404, 'unknown', '/v1/rules/v9');
  // Evaluations: the start only queues (this app's job sender records), so the evaluation stays queued.
  const started = await post(`/v1/servers/${open.id}/evaluations`, h.keys.script, { name: 'contract' });
  add('GET /v1/models', 200, 'the catalogue', '/v1/models');
  add('GET /v1/models', 401, 'unknown key', '/v1/models', { key: 'tm_ci_unknown' });
  add('POST /v1/servers/{id}/evaluations/estimate', 200, 'no body', `/v1/servers/${open.id}/evaluations/estimate`, { key: h.keys.script });
  add('POST /v1/servers/{id}/evaluations/estimate', 200, 'a body', `/v1/servers/${open.id}/evaluations/estimate`, { key: h.keys.ci, payload: { distractors: ['memory'], language: 'ja', casesPerTool: 3 } });
  add('POST /v1/servers/{id}/evaluations/estimate', 400, 'unknown model', `/v1/servers/${open.id}/evaluations/estimate`, { key: h.keys.script, payload: { models: ['openai/none'] } });
  add('POST /v1/servers/{id}/evaluations/estimate', 404, 'private, other organisation', `/v1/servers/${hidden.id}/evaluations/estimate`, { key: otherCi });
  add('POST /v1/servers/{id}/evaluations/estimate', 403, 'public, other organisation', `/v1/servers/${open.id}/evaluations/estimate`, { key: otherCi });
  add('POST /v1/servers/{id}/evaluations', 202, 'started', `/v1/servers/${open.id}/evaluations`, { key: h.keys.script, payload: {} });
  add('POST /v1/servers/{id}/evaluations', 403, 'ci key', `/v1/servers/${open.id}/evaluations`, { key: h.keys.ci, payload: {} });
  add('POST /v1/servers/{id}/evaluations', 400, 'unknown field', `/v1/servers/${open.id}/evaluations`, { key: h.keys.script, payload: { modles: [] } });
  add('GET /v1/servers/{id}/evaluations', 200, 'the list', `/v1/servers/${open.id}/evaluations`);
  add('GET /v1/servers/{id}/evaluations', 404, 'private, no key', `/v1/servers/${hidden.id}/evaluations`);
  add('GET /v1/evaluations/{id}', 200, 'queued', `/v1/evaluations/${started.id}`);
  add('GET /v1/evaluations/{id}', 404, 'unknown', `/v1/evaluations/${UNKNOWN}`);
  add('GET /v1/evaluations/{id}/comparison', 200, 'nothing finished yet', `/v1/evaluations/${started.id}/comparison`);
  add('GET /v1/evaluations/{id}/comparison', 404, 'unknown', `/v1/evaluations/${UNKNOWN}/comparison`);
  add('GET /v1/evaluations/{id}/cases', 200, 'no cases yet', `/v1/evaluations/${started.id}/cases`, { key: h.keys.ci });
  add('GET /v1/evaluations/{id}/cases', 403, 'another organisation', `/v1/evaluations/${started.id}/cases`, { key: otherCi });
  add('GET /v1/leaderboards/evaluations', 200, 'the baseline', '/v1/leaderboards/evaluations?model=lexical/baseline');
  add('GET /v1/leaderboards/evaluations', 400, 'no model', '/v1/leaderboards/evaluations');
  add('POST /v1/leaderboards/models/runs', 202, 'the operator runs the suite with the baseline', '/v1/leaderboards/models/runs', { key: admin, payload: { models: ['lexical/baseline'] } });
  add('POST /v1/leaderboards/models/runs', 403, 'not the operator', '/v1/leaderboards/models/runs', { key: otherAdmin, payload: {} });
  add('POST /v1/leaderboards/models/runs', 400, 'unknown model', '/v1/leaderboards/models/runs', { key: admin, payload: { models: ['openai/none'] } });
  add('GET /v1/leaderboards/models', 200, 'the suite', '/v1/leaderboards/models');
  add('GET /v1/leaderboards/models', 400, 'unknown distractor set', '/v1/leaderboards/models?distractors=nosuch');
  // The failure knowledge base (reports come from agent keys over MCP; here the routes answer on an empty base).
  add('GET /v1/servers/{id}/failures', 200, 'public, no key', `/v1/servers/${open.id}/failures`);
  add('GET /v1/servers/{id}/failures', 200, 'its organisation sees its utterances', `/v1/servers/${open.slug}/failures`, { key: admin });
  add('GET /v1/servers/{id}/failures', 404, 'private, other organisation', `/v1/servers/${hidden.id}/failures`, { key: otherCi });
  add('GET /v1/servers/{id}/failures/cases', 200, 'the empty task set', `/v1/servers/${open.id}/failures/cases`, { key: h.keys.script });
  add('GET /v1/servers/{id}/failures/cases', 403, 'ci key', `/v1/servers/${open.id}/failures/cases`, { key: h.keys.ci });
  add('POST /v1/servers/{id}/failures/cases', 200, 'an unknown report refused', `/v1/servers/${open.id}/failures/cases`, { key: admin, payload: { reportIds: [UNKNOWN] } });
  add('POST /v1/servers/{id}/failures/cases', 400, 'no reports', `/v1/servers/${open.id}/failures/cases`, { key: admin, payload: { reportIds: [] } });
  add('POST /v1/failures/removals', 200, 'the operator, nothing to remove', '/v1/failures/removals', { key: admin, payload: { keyId: UNKNOWN } });
  add('POST /v1/failures/removals', 403, 'not the operator', '/v1/failures/removals', { key: otherAdmin, payload: { keyId: UNKNOWN } });
  const mcpHeaders = { accept: 'application/json, text/event-stream' };
  const rpc = (method: string, params: Record<string, unknown> = {}) => ({ jsonrpc: '2.0', id: 1, method, params });
  add('POST /mcp', 200, 'tools/list, anonymous', '/mcp', { payload: rpc('tools/list'), headers: mcpHeaders });
  add('POST /mcp', 200, 'tools/list with an agent key (refused by every REST route)', '/mcp', { key: h.keys.agent, payload: rpc('tools/list'), headers: mcpHeaders });
  add('POST /mcp', 202, 'a notification', '/mcp', { payload: { jsonrpc: '2.0', method: 'notifications/initialized' }, headers: mcpHeaders });
  add('POST /mcp', 400, 'a key twice in the body', '/mcp', { payload: '{"jsonrpc":"2.0","jsonrpc":"2.0","id":1,"method":"ping"}', headers: { ...mcpHeaders, 'content-type': 'application/json' } });
  add('POST /mcp', 406, 'does not accept JSON', '/mcp', { payload: rpc('ping'), headers: { accept: 'text/html' } });
  add('POST /mcp', 401, 'unknown key', '/mcp', { key: 'tm_agent_unknown', payload: rpc('ping'), headers: mcpHeaders });
  add('GET /mcp', 405, 'stateless: no stream to open', '/mcp', { headers: { accept: 'text/event-stream' } });
  add('GET /mcp', 401, 'unknown key', '/mcp', { key: 'tm_ci_unknown' });
  add('DELETE /mcp', 405, 'stateless: no session to end', '/mcp');
  add('DELETE /mcp', 401, 'unknown key', '/mcp', { key: 'tm_ci_unknown' });
  const release = await buildLintRelease({ db: h.t.db, root: datasetsRoot, license: 'CC-BY-4.0', siteUrl: 'http://127.0.0.1:9', codeVersion: 'test', signer: TEST_SIGNER, now: () => new Date() }, { id: LATEST_RULES, hash: ruleSets[LATEST_RULES].hash });
  add('GET /v1/datasets', 200, 'the lint release', '/v1/datasets');
  add('GET /v1/datasets', 400, 'unknown kind', '/v1/datasets?kind=other');
  add('GET /v1/datasets/{id}', 200, 'its manifest', `/v1/datasets/${release.releaseId}`);
  add('GET /v1/datasets/{id}', 404, 'no such release', '/v1/datasets/lint-none-v1');
  add('GET /v1/datasets/{id}/files/{file}', 200, 'a CSV file', `/v1/datasets/${release.releaseId}/files/servers.csv`);
  add('GET /v1/datasets/{id}/files/{file}', 206, 'a range of it', `/v1/datasets/${release.releaseId}/files/servers.csv`, { headers: { range: 'bytes=0-9' } });
  add('GET /v1/datasets/{id}/files/{file}', 416, 'a range past its end', `/v1/datasets/${release.releaseId}/files/servers.csv`, { headers: { range: 'bytes=99999999-' } });
  add('GET /v1/datasets/{id}/files/{file}', 404, 'not a file of the release', `/v1/datasets/${release.releaseId}/files/secrets.txt`);
  add('POST /v1/datasets/builds', 202, 'the operator asks for a build', '/v1/datasets/builds', { key: admin, payload: {} });
  add('POST /v1/datasets/builds', 403, 'not the operator', '/v1/datasets/builds', { key: otherAdmin, payload: { kind: 'lint' } });
  add('GET /.well-known/toolmark-datasets-keys.json', 200, 'the signing keys (none registered here)', '/.well-known/toolmark-datasets-keys.json');
  add('GET /.well-known/toolmark-datasets-keys.json', 401, 'unknown key', '/.well-known/toolmark-datasets-keys.json', { key: 'tm_ci_unknown' });
  add('POST /v1/datasets/withdrawals', 202, 'the operator withdraws the release', '/v1/datasets/withdrawals', { key: admin, payload: { release: release.releaseId, reason: 'a contract test' } });
  add('POST /v1/datasets/withdrawals', 404, 'no such release', '/v1/datasets/withdrawals', { key: admin, payload: { release: 'lint-none-v1', reason: 'x' } });
  add('POST /v1/datasets/withdrawals', 400, 'neither a server nor a release', '/v1/datasets/withdrawals', { key: admin, payload: { reason: 'x' } });
  add('GET /v1/datasets/{id}/files/{file}', 410, 'a file of the withdrawn release', `/v1/datasets/${release.releaseId}/files/servers.csv`);
  // Watch (issue 30).
  const hook = (await post(`/v1/servers/${open.id}/subscriptions`, admin, { url: 'https://hooks.example.com/toolmark' })).id as string;
  add('POST /v1/servers/{id}/subscriptions', 201, 'a webhook', `/v1/servers/${open.id}/subscriptions`, { key: admin, payload: { url: 'https://hooks.example.com/other', events: ['security.finding'] } });
  add('POST /v1/servers/{id}/subscriptions', 400, 'a loopback URL', `/v1/servers/${open.id}/subscriptions`, { key: admin, payload: { url: 'http://127.0.0.1:9/hook' } });
  add('POST /v1/servers/{id}/subscriptions', 403, 'a ci key', `/v1/servers/${open.id}/subscriptions`, { key: h.keys.ci, payload: { url: 'https://hooks.example.com/ci' } });
  add('POST /v1/servers/{id}/subscriptions', 404, "another organisation's private server", `/v1/servers/${hidden.id}/subscriptions`, { key: otherAdmin, payload: { url: 'https://hooks.example.com/x' } });
  add('GET /v1/servers/{id}/subscriptions', 200, 'the organisation’s webhooks', `/v1/servers/${open.id}/subscriptions`, { key: h.keys.ci });
  add('GET /v1/servers/{id}/subscriptions', 401, 'no key', `/v1/servers/${open.id}/subscriptions`);
  add('GET /v1/subscriptions/{id}/deliveries', 200, 'none yet', `/v1/subscriptions/${hook}/deliveries`, { key: admin });
  add('GET /v1/subscriptions/{id}/deliveries', 404, 'another organisation', `/v1/subscriptions/${hook}/deliveries`, { key: otherAdmin });
  add('DELETE /v1/subscriptions/{id}', 200, 'ended', `/v1/subscriptions/${hook}`, { key: admin });
  add('DELETE /v1/subscriptions/{id}', 404, 'already ended', `/v1/subscriptions/${hook}`, { key: admin });
  add('GET /v1/servers/{id}/feed.atom', 200, 'public', `/v1/servers/${open.slug}/feed.atom`);
  add('GET /v1/servers/{id}/feed.atom', 404, 'private, no key', `/v1/servers/${hidden.id}/feed.atom`);
  add('GET /v1/organisations/{slug}/feed.atom', 200, 'anyone', '/v1/organisations/operators/feed.atom');
  add('GET /v1/organisations/{slug}/feed.atom', 404, 'unknown', '/v1/organisations/nobody-here/feed.atom');
});
afterAll(async () => h?.close());

describe('the API answers what its contracts say', () => {
  it('the strict check itself refuses a field the contract lacks and a missing one', () => {
    const server = { id: 'a', name: 'n', slug: 's', description: null, source: 'upload', sourceUrl: null, sourcePackage: null, homepage: null, repository: null, license: null, organisationId: 'o', public: true, latestVersionId: null, captureStatus: null, captureError: null, lastCapturedAt: null, createdAt: '2025-01-01T00:00:00.000Z' };
    const check = strict(z.object({ items: z.array(ServerSchema) }));
    expect(check.safeParse({ items: [server] }).success).toBe(true);
    expect(check.safeParse({ items: [{ ...server, ownerKeyId: 'k' }] }).success).toBe(false);
    expect(check.safeParse({ items: [{ ...server, createdAt: undefined }] }).success).toBe(false);
    expect(check.safeParse({ items: [{ ...server, createdAt: 'yesterday' }] }).success).toBe(false);
  });

  it('every route of routes/index.ts declares its contract entry, and every contract entry is a route', () => {
    const keys = declared.map((r) => r.key).sort();
    expect(keys).toEqual(Object.keys(endpoints).sort());
    for (const route of declared) expect(route.response, route.key).toBe(endpoints[route.key as EndpointKey].response);
  });

  it('every route is called here with at least one success and one error answer (a route whose contract has no success, GET and DELETE /mcp, only errors)', () => {
    for (const route of declared) {
      const statuses = cases.filter((c) => c.route === route.key).map((c) => c.status);
      const succeeds = Object.keys(route.response).some((s) => Number(s) < 300);
      expect(statuses.some((s) => s < 300), `${route.key}: a success case`).toBe(succeeds);
      expect(statuses.some((s) => s >= 400), `${route.key}: an error case`).toBe(true);
    }
  });

  it('every answer has the expected status, declared by its route, and a body that parses strictly with that status schema', async () => {
    const failures: string[] = [];
    for (const c of cases) {
      const route = declared.find((r) => r.key === c.route)!;
      const method = c.route.split(' ')[0] as 'GET' | 'POST' | 'PATCH' | 'DELETE';
      const headers = { ...(c.key ? bearer(c.key) : {}), ...c.headers };
      const res = await h.app.inject({ method, url: c.url, headers, ...(c.payload === undefined ? {} : { payload: c.payload as string }) });
      const where = `${c.route} (${c.why}) → ${res.statusCode}`;
      if (res.statusCode !== c.status) {
        failures.push(`${where}: expected ${c.status}: ${res.body.slice(0, 300)}`);
        continue;
      }
      const schema = route.response[res.statusCode];
      if (!schema) {
        failures.push(`${where}: the route does not declare this status`);
        continue;
      }
      if (res.statusCode === 304) continue;
      const type = String(res.headers['content-type'] ?? '');
      const body: unknown = type.startsWith('application/json') ? res.json() : res.body;
      const parsed = strict(schema).safeParse(body);
      if (!parsed.success) failures.push(`${where}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}${'keys' in i ? ` ${String(i.keys)}` : ''}`).join('; ')}`);
    }
    expect(failures).toEqual([]);
  });

  it('the OpenAPI document lists every route that is not hidden, and nothing else', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const listed = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    expect(listed.sort()).toEqual(declared.filter((r) => !r.hide).map((r) => r.key).sort());
    expect(declared.filter((r) => r.hide).map((r) => r.key).sort()).toEqual(['DELETE /mcp', 'GET /cli/{file}', 'GET /mcp', 'GET /v1/docs', 'GET /v1/openapi.json', 'POST /mcp']);
  });
});
