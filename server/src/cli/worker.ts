// `toolmark worker`: a process that only runs jobs (captures, lints, the drift schedule) against the
// service's database, so captures (network, npm installs) can run on other machines than the API.
import process from 'node:process';
import type { Command } from 'commander';
import type { JobLog } from '../jobs/boss.js';
import { EXIT } from './errors.js';
import { serviceConfig } from './service-config.js';
import type { CliIo } from './io.js';

/** Resolves with the first of SIGINT/SIGTERM; a second one ends the process at once. */
function firstSignal(log: JobLog): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    let seen = false;
    const on = (signal: NodeJS.Signals) => {
      if (seen) {
        log.warn({ signal }, 'second signal: exiting without waiting for jobs (a worker that starts on this host retries them at once, a live one elsewhere within a minute)');
        process.exit(EXIT.error);
      }
      seen = true;
      resolve(signal);
    };
    process.on('SIGINT', on);
    process.on('SIGTERM', on);
  });
}

async function runWorker(io: CliIo): Promise<number> {
  const config = await serviceConfig(io, 'worker');
  if (typeof config === 'number') return config;
  if (config.DATABASE_URL === undefined) {
    io.stderr.write(
      'toolmark worker: DATABASE_URL is not set.\n' +
        'A worker process needs the database the service uses: the embedded PostgreSQL that `npm start` runs ' +
        'without DATABASE_URL belongs to that one process and cannot be shared. Set DATABASE_URL (postgres://…) ' +
        'for both the service and its workers, or keep workers inside `npm start` (TOOLMARK_WORKERS=inline, the default).\n',
    );
    return EXIT.error;
  }
  // The service's logger (pino: JSON lines on stdout, secrets redacted by name); nothing logs the URL.
  const { createLogger } = await import('../logger.js');
  const log = createLogger(config, 'toolmark-worker');
  // As in `npm start` (process-faults.ts): rejections and uncaught I/O errors are logged, counted and
  // survived; any other uncaught exception stops the worker as SIGTERM does (jobs finish or go back), exit 1.
  const { installProcessGuards } = await import('../process-faults.js');
  let fatal = false;
  installProcessGuards(log, () => {
    fatal = true;
    process.kill(process.pid, 'SIGTERM');
  });
  const { LOCKS, migrateDatabase, openDatabase, registerSigningKey, withAdvisoryLock } = await import('@toolmark/db');
  const { bossSender, createBoss, stopBoss } = await import('../jobs/boss.js');
  const { startWorkers } = await import('../jobs/workers.js');
  const { publicUrl } = await import('../config.js');
  const { dataDir, datasetsDir } = await import('../datasets/dir.js');
  const { loadSigningKey } = await import('../datasets/signing.js');
  const { mkdir } = await import('node:fs/promises');

  const stopping = firstSignal(log);
  let handle: Awaited<ReturnType<typeof openDatabase>> | undefined;
  let boss: Awaited<ReturnType<typeof createBoss>> | undefined;
  let stopWorkers;
  try {
    handle = await openDatabase({ url: config.DATABASE_URL, maxConnections: config.TOOLMARK_DB_POOL });
    // Workers may start before the API after a deploy; migrations are advisory-locked, so running them from
    // both is safe and whichever comes first brings the schema up to date.
    await migrateDatabase(handle);
    const db = handle;
    // pg-boss's schema and queue setup deadlocks when two processes run it at once (a worker and `npm start`
    // starting together): the same lock as the service's start-up makes it one at a time.
    boss = await withAdvisoryLock(db.sql, LOCKS.queues, () => createBoss({ url: db.url, log }));
    // This process signs the manifests it builds with the key in its data folder (made when absent; its public key registered).
    await mkdir(dataDir(config), { recursive: true });
    const signer = await loadSigningKey(dataDir(config), (id, pem) => registerSigningKey(db.db, id, pem));
    stopWorkers = await startWorkers(boss, {
      db: handle.db,
      sender: bossSender(boss),
      log,
      allowPrivateUrls: config.TOOLMARK_ALLOW_PRIVATE_URLS,
      allowNpmCapture: config.TOOLMARK_ALLOW_NPM_CAPTURE,
      concurrency: config.TOOLMARK_WORKER_CONCURRENCY,
      instance: { heartbeatSeconds: config.TOOLMARK_WORKER_HEARTBEAT_S, deadAfterSeconds: config.TOOLMARK_WORKER_DEAD_AFTER_S },
      recaptureCron: config.TOOLMARK_RECAPTURE_CRON,
      datasets: { root: datasetsDir(config), license: config.TOOLMARK_DATASETS_LICENSE, siteUrl: publicUrl(config), cron: config.TOOLMARK_DATASETS_CRON, csvBom: config.TOOLMARK_DATASETS_CSV_BOM, signer },
    });
  } catch (error) {
    // The drivers' messages name host and port at most, never the password.
    log.error({ err: { message: error instanceof Error ? error.message : String(error) } }, 'cannot start the workers');
    if (boss) await stopBoss(boss, { graceful: false }).catch(() => undefined);
    await handle?.close().catch(() => undefined);
    return EXIT.error;
  }

  const signal = await stopping;
  log.info({ signal }, 'stopping: finishing jobs in progress');
  // Captures get most of a typical 30 s termination grace period; what is still running then is failed
  // back to the queue by stopBoss and retried by another worker.
  await stopWorkers({ timeoutMs: 20_000 });
  await stopBoss(boss, { graceful: true, timeoutMs: 5_000 });
  await handle.close();
  log.info({}, 'stopped');
  return fatal ? EXIT.error : EXIT.ok;
}

/** Register `toolmark worker`. */
export function registerWorker(program: Command, io: CliIo, done: (code: number) => void): void {
  program
    .command('worker')
    .summary('run the service\'s background jobs (captures, lints, the drift schedule)')
    .description(
      'Run job workers against the service database (DATABASE_URL, required) until SIGINT or SIGTERM, then ' +
        'finish jobs in progress. Settings come from the environment like the service\'s: ' +
        'TOOLMARK_WORKER_CONCURRENCY, TOOLMARK_WORKER_HEARTBEAT_S, TOOLMARK_WORKER_DEAD_AFTER_S, TOOLMARK_ALLOW_PRIVATE_URLS, TOOLMARK_ALLOW_NPM_CAPTURE, TOOLMARK_RECAPTURE_CRON, ' +
        'TOOLMARK_LOG_LEVEL, TOOLMARK_DB_POOL. Logs are JSON lines on stdout.',
    )
    .action(async () => {
      done(await runWorker(io));
    });
}
