// The Fastify application: external plugins (OpenAPI, rate limit) → app plugins (errors, auth) → routes.
// Built from its dependencies, so tests hand in a real test database and a real job queue.
import swagger from '@fastify/swagger';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { connectProbe, connectSavesPool, DatabaseAvailability, type DatabaseHandle } from '@toolmark/db';
import type { ApiContext } from './api/context.js';
import { registerAuth } from './api/plugins/auth.js';
import { httpTimeouts, registerClientLimits } from './api/plugins/client-limits.js';
import { closingOptions, registerClosing } from './api/plugins/closing.js';
import { registerDatabaseGate } from './api/plugins/database-gate.js';
import { registerErrorHandling } from './api/plugins/errors.js';
import { answerMissingHost, answerUnknownExpectations, httpErrorOptions } from './api/plugins/http-errors.js';
import { registerJsonBody } from './api/plugins/json-body.js';
import { registerSecurityHeaders } from './api/plugins/security-headers.js';
import { registerRateLimit } from './api/plugins/rate-limit.js';
import { OneLinePerRequest } from './api/plugins/request-log.js';
import { routes } from './api/routes/index.js';
import { registerReadRetry } from './api/plugins/read-retry.js';
import { loadCatalogue, type Catalogue } from './model-catalogue.js';
import { savesPoolSize, type Config } from './config.js';
import { CpuPool, threadsFor } from './cpu/pool.js';
import { cliTokenCounter } from './native-tokens.js';
import type { Env } from './pipelines/evaluation-plan.js';
import type { JobSender } from './jobs/sender.js';
import { createLogger } from './logger.js';
import { LintMemo } from './pipelines/lint-memo.js';
import { ReadCache } from './pipelines/read-cache.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's CPU pool (how much it holds: tests and operators' probes). */
    cpu: CpuPool;
  }
}

/** What the app is built from. */
export interface AppDeps {
  database: Pick<DatabaseHandle, 'db' | 'sql' | 'url'> & Partial<Pick<DatabaseHandle, 'embeddedStatus'>>;
  jobs: JobSender;
  config: Config;
  now?: () => Date;
  /** Mounts the public site (web/) for every path outside /v1, /health and /cli/; absent: the API alone (tests). */
  site?: (app: FastifyInstance) => void;
  /** The model catalogue; default: the file TOOLMARK_MODELS names, else server/models.json. */
  catalogue?: Catalogue;
  /** Where provider keys are read from; default: the process environment. */
  env?: Env;
  /** The process's pino logger, or `false` for none; default: JSON logs at the configured level. */
  logger?: false | FastifyBaseLogger;
  /** A CPU pool shared with inline workers (`npm start`), which its owner closes; default: the app's own. */
  cpu?: CpuPool;
}

/** The CPU pool the configuration asks for (the app's, and the one `npm start` shares with its inline workers). */
export const cpuPoolFor = (config: Config): CpuPool =>
  new CpuPool({ threads: threadsFor(config.TOOLMARK_CPU_THREADS), queue: config.TOOLMARK_CPU_QUEUE, budgetMs: config.TOOLMARK_CPU_BUDGET_MS, nice: config.TOOLMARK_CPU_NICE });

/** JSON bodies other than uploads: 256 KiB is plenty for keys and registrations by URL. */
const JSON_BODY_LIMIT = 256 * 1024;

/** Build the API (not listening). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const now = deps.now ?? (() => new Date());
  const catalogue = deps.catalogue ?? loadCatalogue(deps.config.TOOLMARK_MODELS, { loopbackPorts: deps.config.TOOLMARK_MODELS_LOOPBACK_PORTS });
  const tokens = await cliTokenCounter();
  const app = Fastify({
    ...(deps.logger === false ? { logger: false } : { loggerInstance: deps.logger ?? createLogger(deps.config) }),
    bodyLimit: JSON_BODY_LIMIT,
    // One line per request, not Fastify's two.
    logController: new OneLinePerRequest(),
    trustProxy: false,
    requestIdHeader: false,
    ...closingOptions,
    ...httpTimeouts(deps.config),
    // Node's and the router's own answers (400, 408, 414, 417, 431) in the uniform shape too.
    ...httpErrorOptions({ headersTimeoutMs: deps.config.TOOLMARK_HEADERS_TIMEOUT_MS, requestTimeoutMs: deps.config.TOOLMARK_REQUEST_TIMEOUT_MS }),
  });
  answerUnknownExpectations(app);
  answerMissingHost(app);
  // The per-address connection limit comes before everything, the site included.
  registerClientLimits(app, deps.config);
  registerClosing(app);
  registerSecurityHeaders(app);
  // Then a page of the site is handed to SvelteKit before authentication and rate limiting.
  deps.site?.(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'toolmark API',
        version: '1',
        description: 'Save lint scores from CI, read leaderboards, server pages and results. Errors: {"error":{"code","message","detail"}}.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'An API key: tm_<purpose>_…' } } },
    },
    transform: jsonSchemaTransform,
  });
  // The database's availability: a probe of its own (one connection) so it never queues behind requests.
  const connectTimeoutMs = deps.config.TOOLMARK_DB_CONNECT_TIMEOUT_MS;
  const probeSql = connectProbe(deps.database.url, connectTimeoutMs);
  const availability = new DatabaseAvailability({
    probe: () => probeSql`SELECT 1`,
    now,
    onLateProbe: (lateMs) => app.log.warn({ lateMs: Math.round(lateMs) }, 'a database probe timed out while the event loop ran late: not believed, probing again'),
    onChange: (state) =>
      state.up ? app.log.warn({ database: 'up' }, 'the database answers again') : app.log.error({ database: 'down', reason: state.reason }, 'the database cannot be reached; answering 503'),
  });
  app.addHook('onClose', async () => {
    availability.close();
    await probeSql.end({ timeout: 1 });
  });
  registerErrorHandling(app, availability);
  // Before any route: reads whose pooled connection died are read again (plugins/read-retry.ts).
  registerReadRetry(app, availability);
  registerJsonBody(app);
  // Before authentication: while the database is down a request fails at once instead of waiting for a pool
  // that cannot connect (the key lookup is a query too).
  registerDatabaseGate(app, availability);
  const auth = registerAuth(app, deps.database.db, now, deps.config.TOOLMARK_ANON_RATE_LIMIT);
  await registerRateLimit(app, deps.config.TOOLMARK_ANON_RATE_LIMIT);

  // Two small pools: a save of new tools (~50 KiB, a few ms in PostgreSQL) must not hold up the one-statement
  // saves of repeated tools pipelined behind it on the same connection.
  const asyncCommit = deps.config.TOOLMARK_SAVES_ASYNC_COMMIT;
  const savesPool = savesPoolSize(deps.config);
  const savesSql = connectSavesPool(deps.database.url, savesPool, connectTimeoutMs, asyncCommit);
  const newVersionsSql = connectSavesPool(deps.database.url, savesPool, connectTimeoutMs, asyncCommit);
  app.addHook('onClose', async () => {
    await Promise.all([savesSql.end({ timeout: 5 }), newVersionsSql.end({ timeout: 5 })]);
  });
  // CPU-heavy work of requests (lint) on worker threads; the app's own is stopped with the app.
  const cpu = deps.cpu ?? cpuPoolFor(deps.config);
  if (!deps.cpu) app.addHook('onClose', () => cpu.close());
  app.decorate('cpu', cpu);
  const ctx: ApiContext = {
    db: deps.database.db,
    sql: deps.database.sql,
    savesSql,
    newVersionsSql,
    jobs: deps.jobs,
    memo: new LintMemo(),
    boardCache: new ReadCache(deps.config.TOOLMARK_READ_CACHE_MS, () => now().getTime()),
    scoreCountsCache: new ReadCache(deps.config.TOOLMARK_READ_CACHE_MS, () => now().getTime(), 50),
    config: deps.config,
    now,
    forgetKey: auth.forget,
    availability,
    embeddedStatus: deps.database.embeddedStatus,
    catalogue,
    env: deps.env ?? process.env,
    tokens,
    cpu,
  };
  const typed = app.withTypeProvider<ZodTypeProvider>();
  for (const route of routes) route(typed, ctx);
  return app;
}
