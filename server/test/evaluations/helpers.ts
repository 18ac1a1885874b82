// The evaluation service on a fresh database with real pg-boss queues and workers in this process, fake
// providers on 127.0.0.1 (the official SDKs talk to them), and an organisation with a key of each purpose.
import type { FastifyInstance } from 'fastify';
import { createApiKey, createOrganisation, type KeyPurpose } from '@toolmark/db';
import { createTestDatabase, type TestDatabase } from '@toolmark/db/testing';
import type PgBoss from 'pg-boss';
import { buildApp } from '../../src/app.js';
import { parseCatalogue } from '../../src/model-catalogue.js';
import { loadConfig } from '../../src/config.js';
import { bossSender, createBoss, stopBoss } from '../../src/jobs/boss.js';
import { startWorkers, type StopWorkers } from '../../src/jobs/workers.js';
import { FAST, recordingLog, waitFor } from '../jobs/helpers.js';

export interface EvalService {
  app: FastifyInstance;
  t: TestDatabase;
  boss: PgBoss;
  orgId: string;
  keys: Record<KeyPurpose, string>;
  /** Stop the workers (jobs already running finish) and everything else. */
  close(): Promise<void>;
  stopWorkers(): Promise<void>;
}

/** Start the service with this catalogue (`models` entries; the baseline is added), environment and, in `options.config`, TOOLMARK_* settings. */
export async function startEvalService(catalogue: { models: unknown[]; generator?: unknown; generatorModel?: unknown; maxTrials?: number }, env: Record<string, string> = {}, options: { workers?: boolean; config?: Record<string, string> } = {}): Promise<EvalService> {
  const t = await createTestDatabase(20);
  const log = recordingLog();
  const boss = await createBoss({ url: t.url, log, ...FAST });
  const sender = bossSender(boss);
  // The fake providers listen on OS-chosen loopback ports: allowed here as an operator would list them.
  const parsed = parseCatalogue({ version: 1, ...catalogue }, 'test-catalogue.json', { loopbackPorts: 'any' });
  let stop: StopWorkers | undefined;
  if (options.workers !== false) stop = await startWorkers(boss, { db: t.db, sender, log, allowPrivateUrls: true, allowNpmCapture: false, concurrency: 2, env });
  const config = loadConfig({ TOOLMARK_LOG_LEVEL: 'silent', TOOLMARK_READ_CACHE_MS: '0', ...options.config });
  const app = await buildApp({ database: t, jobs: sender, config, logger: false, catalogue: parsed, env });
  const org = await createOrganisation(t.db, { name: 'Operators', slug: 'operators' });
  const keys = {} as Record<KeyPurpose, string>;
  for (const purpose of ['admin', 'ci', 'script', 'agent'] as const) keys[purpose] = (await createApiKey(t.db, { organisationId: org.id, purpose, name: `${purpose} key` })).key;
  const stopWorkers = async () => {
    await stop?.({ timeoutMs: 10_000 });
    stop = undefined;
  };
  return {
    app,
    t,
    boss,
    orgId: org.id,
    keys,
    stopWorkers,
    async close() {
      await stopWorkers();
      await stopBoss(boss, { graceful: false });
      await app.close();
      await t.drop();
    },
  };
}

export const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

/** A small surface whose tools the offline generator can write 8 cases for. */
export const SURFACE = {
  tools: [
    { name: 'search_issues', description: 'Search the issue tracker for issues whose title or body matches a query. Returns up to 20 issues with number and title.', inputSchema: { type: 'object', properties: { query: { type: 'string', description: 'Words to match, e.g. "login timeout".' } }, required: ['query'] } },
    { name: 'create_issue', description: 'Create a new issue in the tracker with a title and a body. Returns the new issue number.', inputSchema: { type: 'object', properties: { title: { type: 'string', description: 'One line.' }, body: { type: 'string', description: 'Markdown text.' } }, required: ['title'] } },
    { name: 'close_issue', description: 'Close an open issue by its number, with an optional comment. Returns the closed issue.', inputSchema: { type: 'object', properties: { number: { type: 'integer', description: 'The issue number.' }, comment: { type: 'string' } }, required: ['number'] } },
  ],
};

/** Register a server by upload (its first version is stored at once); returns its id. */
export async function uploadServer(s: EvalService, name: string, tools: unknown = SURFACE, key = s.keys.script, publicServer = true): Promise<string> {
  const res = await s.app.inject({ method: 'POST', url: '/v1/servers', headers: bearer(key), payload: { name, public: publicServer, source: { kind: 'upload', tools } } });
  if (res.statusCode !== 202) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json().server.id as string;
}

/** POST JSON with a key. */
export async function post(s: EvalService, url: string, key: string | undefined, payload?: unknown) {
  return s.app.inject({ method: 'POST', url, headers: key ? bearer(key) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
}

/** GET with an optional key. */
export async function get(s: EvalService, url: string, key?: string) {
  return s.app.inject({ method: 'GET', url, headers: key ? bearer(key) : {} });
}

/** Poll an evaluation until `done(answer)` holds. */
export async function waitForEvaluation(s: EvalService, id: string, done: (e: EvaluationAnswer) => boolean, timeoutMs = 30_000): Promise<EvaluationAnswer> {
  return waitFor(`evaluation ${id}`, async () => {
    const e = (await get(s, `/v1/evaluations/${id}`, s.keys.script)).json() as EvaluationAnswer;
    return done(e) ? e : undefined;
  }, timeoutMs, 100);
}

/** The parts of `GET /v1/evaluations/{id}` the tests read. */
export interface EvaluationAnswer {
  id: string;
  status: string;
  caseCount: number | null;
  units: number;
  refundedUnits: number;
  runs: {
    id: string;
    model: { id: string; baseline: boolean };
    status: string;
    units: number;
    refundedUnits: number;
    trials: number;
    answeredTrials: number;
    answeredCases: number;
    reusedTrials: number;
    error: { code: string; message: string } | null;
    metrics: null | { selectionAcc: Rate; argValidity: Rate; falseCallRate: Rate; errors: number; scored: number; confusion: { rows: string[]; columns: string[]; cells: unknown[] } };
  }[];
}

interface Rate {
  numerator: number;
  denominator: number;
  value: number | null;
  ci95: [number, number] | null;
}

/** This month's script units used and the live credits of an organisation, read from the tables. */
export async function spent(s: EvalService): Promise<{ used: number; creditUnits: number; credits: number }> {
  const [u] = await s.t.sql<{ used: number; credit_units: number }[]>`SELECT coalesce(sum(units), 0)::int AS used, coalesce(sum(credit_units), 0)::int AS credit_units FROM usage WHERE organisation_id = ${s.orgId} AND purpose = 'script'`;
  const [c] = await s.t.sql<{ credits: number }[]>`SELECT coalesce(sum(remaining), 0)::int AS credits FROM credits WHERE organisation_id = ${s.orgId} AND expires_at > now()`;
  return { used: u!.used, creditUnits: u!.credit_units, credits: c!.credits };
}
