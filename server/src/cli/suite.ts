// `toolmark suite run`: the operator runs or refreshes the models leaderboard — every enabled model of the
// catalogue (or --models) on the fixed suite (MODELS_SUITE) at every distractor step of its curve (or
// --step), against the service's database. By default it also runs the queued jobs in this process until
// they finish and prints each model's curve; --no-wait only queues them for the service's workers.
import type { Command } from 'commander';
import type { JobLog } from '../jobs/boss.js';
import { EXIT } from './errors.js';
import type { CliIo } from './io.js';
import { serviceConfig } from './service-config.js';

interface SuiteOptions {
  models?: string;
  step?: string[];
  refresh?: boolean;
  wait: boolean;
  timeout: string;
}

const pct = (v: number | null) => (v === null ? '—' : `${(v * 100).toFixed(1)} %`);

async function runSuiteCommand(io: CliIo, options: SuiteOptions): Promise<number> {
  const { MODELS_SUITE, suiteLabel } = await import('@toolmark/benchmarks');
  const steps: string[][] = [];
  for (const s of options.step ?? []) {
    const i = Number(s);
    if (!Number.isInteger(i) || i < 0 || i >= MODELS_SUITE.steps.length) {
      io.stderr.write(`toolmark suite run: --step ${s}: the suite has steps 0 to ${MODELS_SUITE.steps.length - 1} (${MODELS_SUITE.steps.map((d, j) => `${j}: ${d.join('+') || 'no distractor set'}`).join(', ')})\n`);
      return EXIT.error;
    }
    steps.push([...MODELS_SUITE.steps[i]!]);
  }
  const timeoutMs = Number(options.timeout) * 1000;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    io.stderr.write(`toolmark suite run: --timeout ${options.timeout}: a number of seconds above 0\n`);
    return EXIT.error;
  }
  const config = await serviceConfig(io, 'suite run');
  if (typeof config === 'number') return config;
  const { loadCatalogue } = await import('../model-catalogue.js');
  let catalogue;
  try {
    catalogue = loadCatalogue(config.TOOLMARK_MODELS, { loopbackPorts: config.TOOLMARK_MODELS_LOOPBACK_PORTS });
  } catch (error) {
    io.stderr.write(`toolmark suite run: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT.error;
  }
  const { getEvaluationRecord, LOCKS, migrateDatabase, openDatabase, withAdvisoryLock } = await import('@toolmark/db');
  const { bossSender, createBoss, stopBoss } = await import('../jobs/boss.js');
  const { startWorkers } = await import('../jobs/workers.js');
  const { runSuite } = await import('../pipelines/run-suite.js');
  const { modelsBoard } = await import('../pipelines/models-board.js');
  const { cliTokenCounter } = await import('../native-tokens.js');
  const env = io.env as NodeJS.ProcessEnv;
  // Job logs as plain lines on stderr (warnings and errors only): stdout carries the command's answer.
  const log: JobLog = {
    info: () => undefined,
    warn: (_f, m) => io.stderr.write(`warning: ${m}\n`),
    error: (_f, m) => io.stderr.write(`error: ${m}\n`),
  };
  let handle;
  try {
    handle = await openDatabase({ url: config.DATABASE_URL, dataDir: config.TOOLMARK_DATA_DIR, maxConnections: 6 });
  } catch (error) {
    io.stderr.write(
      `toolmark suite run: cannot open the database: ${error instanceof Error ? error.message : String(error)}\n` +
        'Without DATABASE_URL this opens the embedded database, which only one process can hold: stop `npm start` first, or set DATABASE_URL.\n',
    );
    return EXIT.error;
  }
  const db = handle;
  let boss;
  let stopWorkers;
  try {
    await migrateDatabase(db);
    boss = await withAdvisoryLock(db.sql, LOCKS.queues, () => createBoss({ url: db.url, log, maxConnections: 4 }));
    const sender = bossSender(boss);
    const deps = { db: db.db, jobs: sender, catalogue, env, tokens: await cliTokenCounter(), now: () => new Date() };
    let run;
    try {
      run = await runSuite(deps, {
        models: options.models?.split(',').map((m) => m.trim()).filter(Boolean),
        steps: steps.length > 0 ? steps : undefined,
        onlyMissing: options.refresh !== true,
        name: 'models leaderboard',
        keyId: null,
      });
    } catch (error) {
      io.stderr.write(`toolmark suite run: ${error instanceof Error ? error.message : String(error)}\n`);
      return EXIT.error;
    }
    io.stdout.write(`suite ${suiteLabel(run.suite)}: ${run.evaluations.filter((e) => e.evaluationId).length} evaluations queued, ${run.units} units\n`);
    for (const e of run.evaluations) {
      const where = `${e.slug} [${e.distractors.join('+') || 'no distractor set'}]`;
      io.stdout.write(e.evaluationId ? `  queued   ${where}: evaluation ${e.evaluationId}, ${e.units} units\n` : `  skipped  ${where}: ${e.skipped}\n`);
    }
    const started = run.evaluations.flatMap((e) => (e.evaluationId ? [e.evaluationId] : []));
    if (run.evaluations.every((e) => e.serverId === null)) {
      // A database the service has never seeded (or one whose operators removed the suite's servers).
      io.stderr.write(`toolmark suite run: this install has none of the suite's servers (${MODELS_SUITE.servers.join(', ')}); start the service once with TOOLMARK_SEED on (the default) to seed them\n`);
      return 1;
    }
    if (!options.wait) {
      io.stdout.write('not waiting: the service\'s workers (npm start, toolmark worker) run the queued evaluations.\n');
      return EXIT.ok;
    }
    stopWorkers = await startWorkers(boss, { db: db.db, sender, log, allowPrivateUrls: config.TOOLMARK_ALLOW_PRIVATE_URLS, allowNpmCapture: config.TOOLMARK_ALLOW_NPM_CAPTURE, concurrency: config.TOOLMARK_WORKER_CONCURRENCY, env, tokens: deps.tokens });
    const until = Date.now() + timeoutMs;
    let failed = 0;
    for (;;) {
      const rows = [];
      for (const id of started) rows.push((await getEvaluationRecord(db.db, id))!);
      const open = rows.filter((r) => r.status === 'queued' || r.status === 'running').length;
      failed = rows.filter((r) => r.status === 'failed').length;
      if (open === 0) break;
      if (Date.now() > until) {
        io.stderr.write(`toolmark suite run: ${open} of ${started.length} evaluations still running after ${options.timeout} s; they stay queued for the service's workers\n`);
        return EXIT.error;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    const board = await modelsBoard(deps, { distractors: '', language: MODELS_SUITE.language });
    io.stdout.write(`selectionAcc on the suite by tools shown (${board.suite.servers.filter((s) => s.id).length} servers):\n`);
    for (const c of board.curve) {
      const points = c.points.map((p) => `${p.toolsShown.toFixed(1)} tools ${pct(p.selectionAcc.value)}`).join(' · ');
      io.stdout.write(`  ${c.model.id}${c.model.baseline ? ' (baseline, not a model)' : ''}: ${points}\n`);
    }
    if (failed > 0) io.stderr.write(`toolmark suite run: ${failed} evaluations failed (GET /v1/evaluations/{id} says why)\n`);
    return failed > 0 ? 1 : EXIT.ok;
  } finally {
    await stopWorkers?.({ timeoutMs: 10_000 });
    if (boss) await stopBoss(boss, { graceful: true, timeoutMs: 5_000 }).catch(() => undefined);
    await db.close();
  }
}

/** Register `toolmark suite run`. */
export function registerSuite(program: Command, io: CliIo, done: (code: number) => void): void {
  const suite = program.command('suite').summary('the models leaderboard\'s suite (operators)');
  suite
    .command('run')
    .summary('run or refresh the models leaderboard on the suite')
    .description(
      'Evaluate every enabled model of the catalogue (TOOLMARK_MODELS, else the checked-in one) on the fixed suite of seeded public servers ' +
        'at every distractor step of its accuracy curve, as the operator organisation (which pays; 402-like refusal, nothing started, when it cannot). ' +
        'Starts only what is missing unless --refresh. Uses DATABASE_URL, or the embedded database while the service is stopped; ' +
        'runs the jobs in this process until they finish unless --no-wait.',
    )
    .option('--models <ids>', 'comma-separated model ids (default: every enabled model)')
    .option('--step <n...>', 'only these steps of the curve (0 = the server alone)')
    .option('--refresh', 'start new evaluations even where runs exist (answers already held are reused, not charged)')
    .option('--no-wait', 'only queue the evaluations')
    .option('--timeout <seconds>', 'how long to wait for the evaluations', '600')
    .action(async (options: SuiteOptions) => {
      done(await runSuiteCommand(io, options));
    });
}
