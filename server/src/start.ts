// `npm start`: one process serving the API and the site with the job workers inside, on
// DATABASE_URL or the embedded PostgreSQL. Start-up: config → database → migrations → seed → first admin
// key → job queue (+ workers) → HTTP. SIGINT/SIGTERM: stop accepting requests, let in-flight requests and
// jobs finish (or return jobs to the queue), stop the database.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { LOCKS, migrateDatabase, openDatabase, registerSigningKey, withAdvisoryLock, type DatabaseHandle } from '@toolmark/db';
import { buildApp, cpuPoolFor } from './app.js';
import { npmCaptureOffReason } from './capture/sandbox-probe.js';
import { ConfigError, loadConfig, publicUrl } from './config.js';
import { datasetsDir } from './datasets/dir.js';
import { bossSender, createBoss, stopBoss } from './jobs/boss.js';
import { startWorkers, type StopWorkers } from './jobs/workers.js';
import { createLogger } from './logger.js';
import { installProcessGuards } from './process-faults.js';
import { writeFirstAdminKey } from './pipelines/first-admin-key.js';
import { loadSigningKey } from './datasets/signing.js';
import { loadCatalogue } from './model-catalogue.js';
import { cliTokenCounter } from './native-tokens.js';
import { seedDatabase } from './pipelines/seed.js';
import { seedCatalogue } from './pipelines/seed-catalogue.js';
import { backfillLints } from './jobs/backfill-lints.js';
import { seedBaselineCurve, seedBaselineEvaluations } from './pipelines/seed-evaluations.js';
import { siteMount } from './site.js';

async function main(): Promise<number> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`toolmark: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  const log = createLogger(config);
  // Unhandled rejections and uncaught I/O errors are logged and counted (GET /health), the process stays
  // up; any other uncaught exception stops it as SIGTERM would, then exits 1 (process-faults.ts).
  let stopForFatal: (() => void) | undefined;
  let fatal = false;
  installProcessGuards(log, () => {
    fatal = true;
    stopForFatal?.();
  });
  let catalogue;
  try {
    // The model catalogue is validated before anything starts: a bad entry stops the start, named.
    catalogue = loadCatalogue(config.TOOLMARK_MODELS, { loopbackPorts: config.TOOLMARK_MODELS_LOOPBACK_PORTS });
  } catch (error) {
    process.stderr.write(`toolmark: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  let handle: DatabaseHandle | undefined;
  let boss: Awaited<ReturnType<typeof createBoss>> | undefined;
  let stopWorkers: StopWorkers | undefined;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let curveSeed: Promise<unknown> | undefined;
  let catalogueSeed: Promise<unknown> | undefined;
  // A stop ends the catalogue seed between lints instead of waiting for every server (the next start resumes).
  const seedStop = new AbortController();
  // One CPU pool for the API's lints and the inline workers' lint jobs: neither runs a lint on the event loop.
  const cpu = cpuPoolFor(config);
  const shutdown = async (): Promise<void> => {
    seedStop.abort();
    await app?.close();
    await curveSeed;
    await catalogueSeed;
    await stopWorkers?.({ timeoutMs: 20_000 });
    await cpu.close();
    if (boss) await stopBoss(boss, { graceful: true, timeoutMs: 5_000 });
    await handle?.close();
  };
  try {
    const pgLog = log.child({ component: 'postgres' });
    handle = await openDatabase({
      url: config.DATABASE_URL,
      dataDir: config.TOOLMARK_DATA_DIR,
      maxConnections: config.TOOLMARK_DB_POOL,
      connectTimeoutMs: config.TOOLMARK_DB_CONNECT_TIMEOUT_MS,
      log: (message, level) => (level === 'warn' ? pgLog.warn(message) : pgLog.debug(message)),
    });
    log.info({ database: handle.embeddedDataDir ? `embedded (${handle.embeddedDataDir})` : 'DATABASE_URL' }, 'database open');
    await migrateDatabase(handle);
    if (config.TOOLMARK_SEED) {
      const seeded = await seedDatabase(handle);
      log.info(seeded, 'seeded public servers');
    }
    const stateDir = handle.embeddedDataDir ?? config.TOOLMARK_DATA_DIR ?? resolve(fileURLToPath(import.meta.url), '..', '..', '..', '.toolmark');
    mkdirSync(stateDir, { recursive: true });
    const db = handle;
    // Two processes starting at once would race on the first key: the seed lock makes it one.
    const keyFile = await withAdvisoryLock(db.sql, LOCKS.seed, () => writeFirstAdminKey(db.db, stateDir));
    if (keyFile) log.warn({ file: keyFile }, `first start: the first admin key is in ${keyFile}; read it, keep it somewhere safe, delete the file`);
    // The dataset signing key beside it (made on the first start, 0600; its public key registered).
    const signer = await loadSigningKey(stateDir, (id, pem) => registerSigningKey(db.db, id, pem));

    const jobLog = log.child({ component: 'jobs' });
    // pg-boss installs its schema and our queues on start; two processes doing it at once deadlock.
    boss = await withAdvisoryLock(db.sql, LOCKS.queues, () => createBoss({ url: db.url, log: jobLog }));
    const sender = bossSender(boss);
    if (config.TOOLMARK_WORKERS === 'inline') {
      stopWorkers = await startWorkers(boss, {
        db: handle.db,
        sender,
        log: jobLog,
        allowPrivateUrls: config.TOOLMARK_ALLOW_PRIVATE_URLS,
        allowNpmCapture: config.TOOLMARK_ALLOW_NPM_CAPTURE,
        concurrency: config.TOOLMARK_WORKER_CONCURRENCY,
        instance: { heartbeatSeconds: config.TOOLMARK_WORKER_HEARTBEAT_S, deadAfterSeconds: config.TOOLMARK_WORKER_DEAD_AFTER_S },
        cpu,
        recaptureCron: config.TOOLMARK_RECAPTURE_CRON,
        datasets: { root: datasetsDir(config), license: config.TOOLMARK_DATASETS_LICENSE, siteUrl: publicUrl(config), cron: config.TOOLMARK_DATASETS_CRON, csvBom: config.TOOLMARK_DATASETS_CSV_BOM, signer },
      });
    }
    if (config.TOOLMARK_SEED) {
      const tokens = await cliTokenCounter();
      const seeded = await withAdvisoryLock(db.sql, LOCKS.seed, () =>
        seedBaselineEvaluations({ db: db.db, jobs: sender, catalogue, env: process.env, tokens, now: () => new Date() }, (m) => log.warn(m)),
      );
      if (seeded.started > 0) log.info(seeded, 'seed: lexical baseline evaluations of the seeded servers queued');
    }
    // The first start builds the dataset releases at once (the seeded board's lint releases); the seeded
    // baseline evaluations' releases follow as soon as their runs settle (jobs/first-release.ts), so
    // /datasets and /methodology are not empty on a fresh install.
    if (keyFile && config.TOOLMARK_SEED) await sender.send('build-release', { reason: 'requested' }).catch(() => null);
    app = await buildApp({ database: handle, jobs: sender, config, catalogue, logger: log, cpu, site: siteMount({ config, stateDir, log: log.child({ component: 'site' }) }) });
    const address = await app.listen({ host: config.HOST, port: config.PORT });
    const url = config.PORT === 0 || config.TOOLMARK_PUBLIC_URL === undefined ? address : publicUrl(config);
    log.info({ address: url, workers: config.TOOLMARK_WORKERS }, `toolmark is serving on ${url}`);
    log.info(
      { npmCapture: config.TOOLMARK_ALLOW_NPM_CAPTURE },
      config.TOOLMARK_ALLOW_NPM_CAPTURE ? 'registration by npm package: on (captures run in the bubblewrap sandbox)' : `registration by npm package: off: ${npmCaptureOffReason()}`,
    );
    if (config.TOOLMARK_SEED && config.TOOLMARK_SEED_CATALOGUE) {
      // The frozen catalogue (catalogue/servers/, 200+ captured npm servers) is seeded once the site serves:
      // the first page answers at once and fills as the servers are linted (docs/operators.md).
      // The seed lints under the latest rules only; the backfill then queues the older published rules
      // versions of its new versions as low-priority lint-version jobs.
      catalogueSeed = seedCatalogue(db, (m) => log.info(m), undefined, { cpu, signal: seedStop.signal })
        .then(() => backfillLints({ db: db.db, sender, log }))
        .then(() => undefined)
        .catch((error: unknown) => log.error({ err: { message: error instanceof Error ? error.message : String(error) } }, 'seed: the catalogue could not be seeded'));
    }
    if (config.TOOLMARK_SEED) {
      // The models leaderboard's curve steps are priced once the site serves, so the start stays short.
      const tokens = await cliTokenCounter();
      curveSeed = withAdvisoryLock(db.sql, LOCKS.seed, () => seedBaselineCurve({ db: db.db, jobs: sender, catalogue, env: process.env, tokens, now: () => new Date() }, (m) => log.warn(m)))
        .then((seeded) => seeded.started > 0 && log.info(seeded, 'seed: lexical baseline on the suite\'s distractor steps queued'))
        .catch((error: unknown) => log.error({ err: { message: error instanceof Error ? error.message : String(error) } }, 'seed: the baseline curve could not be queued'));
    }
  } catch (error) {
    log.error({ err: { message: error instanceof Error ? error.message : String(error) } }, 'toolmark could not start');
    await shutdown().catch(() => undefined);
    return 1;
  }

  const signal = await new Promise<NodeJS.Signals | 'uncaughtException'>((done) => {
    process.once('SIGINT', done);
    process.once('SIGTERM', done);
    stopForFatal = () => done('uncaughtException');
    if (fatal) done('uncaughtException');
  });
  log.info({ signal }, 'stopping: finishing requests and jobs in progress');
  process.once('SIGINT', () => process.exit(1));
  process.once('SIGTERM', () => process.exit(1));
  // After an uncaught exception the stop itself may hang on what broke: it gets 30 s, then the exit.
  if (signal === 'uncaughtException') setTimeout(() => process.exit(1), 30_000).unref();
  await shutdown();
  log.info({}, 'stopped');
  return signal === 'uncaughtException' ? 1 : 0;
}

// Exit explicitly: after a failed start a half-started pool or timer must not keep the process alive.
// pino writes synchronously to stdout, so nothing logged is lost.
process.exit(await main());
