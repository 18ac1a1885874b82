// npm run bench:eval-service — model trials through the service's queue and workers: an evaluation is
// started by the pipeline the API calls (priced, charged, stored), `generate-cases` and `run-model` run on
// real pg-boss workers of this process, every trial and answer is stored in PostgreSQL (a throwaway
// database on the machine's server: createTestDatabase, never real data). 2 000 trials (the filesystem
// set, 4 cases per tool = 80 cases × 25 repeats) against a FAKE provider with a fixed 50 ms latency at
// concurrency 8: ideal wall time 2 000 × 50 / 8 = 12 500 ms, target ≤ 1.10 × ideal, measured from the
// start call to the run's stored metrics (job dispatch, case generation, storage included). Two fakes:
// the in-process mock provider, and the fake OpenAI server of the tests in its own process through the
// official SDK (`openai-chat`). The fake's answers are fake: no model number comes from this bench.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createOrganisation, createServer, addVersionIfChanged, getEvaluation } from '@toolmark/db';
import { createTestDatabase } from '@toolmark/db/testing';
import { loadDistractorSet } from '@toolmark/distractors';
import { surfaceHash } from '@toolmark/benchmarks';
import { parseCatalogue } from '../model-catalogue.js';
import { bossSender, createBoss, stopBoss, type JobLog } from '../jobs/boss.js';
import { startWorkers } from '../jobs/workers.js';
import { cliTokenCounter } from '../native-tokens.js';
import { startEvaluation } from '../pipelines/start-evaluation.js';
import { createMockProvider } from '../providers/mock.js';

const LATENCY_MS = 50;
const CONCURRENCY = 8;
const CASES_PER_TOOL = 4;
const REPEATS = Number(process.env.BENCH_REPEATS ?? 25);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SERVE = fileURLToPath(new URL('../../test/fakes/serve.mjs', import.meta.url));

async function startFakeProcess(): Promise<{ baseURL: string; key: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [SERVE, 'openai', String(LATENCY_MS)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve) => child.stdout!.once('data', (d: Buffer) => resolve(d.toString('utf8'))));
  const { baseURL, key } = JSON.parse(line) as { baseURL: string; key: string };
  return { baseURL, key, child };
}

const log: JobLog = {
  info: () => undefined,
  warn: (fields, message) => {
    if (message !== 'pg-boss reported an error') console.error(message, JSON.stringify(fields));
  },
  error: (fields, message) => console.error(message, JSON.stringify(fields)),
};

/** One evaluation of `modelId` through the queue; wall time from the start call to the run's stored metrics. */
async function round(kind: 'mock' | 'http', baseURL: string, key: string): Promise<{ ms: number; trials: number; phases: { priced: number; startedAt: number; running: number } }> {
  const t = await createTestDatabase(10);
  const boss = await createBoss({ url: t.url, log });
  try {
    const tokens = await cliTokenCounter();
    const env = { OPENAI_API_KEY: key };
    const catalogue = parseCatalogue(
      { version: 1, models: [{ id: 'bench/fake', provider: 'openai-chat', model: 'fake', baseUrl: baseURL, unitPrice: 0, concurrency: CONCURRENCY, retries: 0, maxErrorRate: 0 }] },
      'bench',
    );
    const sender = bossSender(boss);
    const mock = createMockProvider({ latencyMs: LATENCY_MS });
    const stop = await startWorkers(boss, { db: t.db, sender, log, allowPrivateUrls: false, allowNpmCapture: false, concurrency: 2, env, tokens, ...(kind === 'mock' ? { providerFor: async () => mock } : {}) });
    const org = await createOrganisation(t.db, { name: 'Bench', slug: 'bench' });
    const surface = loadDistractorSet('filesystem').surface;
    const server = await createServer(t.db, { name: 'filesystem', slug: 'filesystem', source: 'upload', organisationId: org.id, public: true });
    await addVersionIfChanged(t.db, { serverId: server.id, surfaceHash: surfaceHash(surface), tools: { tools: surface.tools }, toolCount: surface.tools.length, label: null, origin: 'api' });
    const started = performance.now();
    const evaluation = await startEvaluation(
      { db: t.db, jobs: sender, catalogue, env, tokens, now: () => new Date() },
      { serverId: server.id, organisationId: org.id, request: { models: ['bench/fake'], distractors: [], language: 'en', casesPerTool: CASES_PER_TOOL, repeats: REPEATS, seed: 0 }, name: 'bench', keyId: null },
    );
    const priced = performance.now() - started;
    for (;;) {
      const view = await getEvaluation(t.db, evaluation.id);
      if (view && (view.evaluation.status === 'done' || view.evaluation.status === 'failed')) {
        const ms = performance.now() - started;
        const run = view.runs[0]!;
        if (run.status !== 'done') throw new Error(`the run ${run.status}: ${JSON.stringify(run.error)}`);
        await stop({ timeoutMs: 5_000 });
        const startedAt = run.startedAt!.getTime() - view.evaluation.createdAt.getTime();
        const running = run.finishedAt!.getTime() - run.startedAt!.getTime();
        return { ms, trials: run.answeredTrials, phases: { priced, startedAt, running } };
      }
      await new Promise((r) => setTimeout(r, 5));
    }
  } finally {
    await stopBoss(boss, { graceful: false });
    await t.drop();
  }
}

async function main(): Promise<void> {
  const fake = await startFakeProcess();
  try {
    console.log(`load average ${(await import('node:os')).loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    console.log(`node ${process.version}; ${CASES_PER_TOOL} cases per tool × ${REPEATS} repeats of the filesystem set, fixed ${LATENCY_MS} ms latency, concurrency ${CONCURRENCY}`);
    for (const kind of ['mock', 'http'] as const) {
      const results: Awaited<ReturnType<typeof round>>[] = [];
      for (let i = 0; i < ROUNDS; i++) results.push(await round(kind, fake.baseURL, fake.key));
      const trials = results[0]!.trials;
      const ideal = (trials * LATENCY_MS) / CONCURRENCY;
      const sorted = results.map((r) => r.ms).sort((a, b) => a - b);
      const median = sorted[Math.floor(sorted.length / 2)]!;
      const label = kind === 'mock' ? 'fake provider in process (mock)' : 'fake OpenAI server via the SDK';
      const queued = results.map((r) => r.ms - r.phases.priced).sort((a, b) => a - b);
      const queuedMedian = queued[Math.floor(queued.length / 2)]!;
      console.log(
        `${label}: ${trials} trials, median ${median.toFixed(0)} ms = ${(median / ideal).toFixed(3)} × ideal ${ideal.toFixed(0)} ms ` +
          `(runs ${sorted.map((m) => m.toFixed(0)).join(', ')}); target ≤ 1.10 × = ${(ideal * 1.1).toFixed(0)} ms: ${median <= ideal * 1.1 ? 'within' : 'OVER'}`,
      );
      console.log(
        `  from the jobs queued (the start call returned) to the results stored: median ${queuedMedian.toFixed(0)} ms = ${(queuedMedian / ideal).toFixed(3)} × ideal ` +
          `(runs ${queued.map((m) => m.toFixed(0)).join(', ')}): ${queuedMedian <= ideal * 1.1 ? 'within' : 'OVER'} 1.10 ×`,
      );
      for (const r of results) console.log(`  start call (price, charge, store) ${r.phases.priced.toFixed(0)} ms; start → run started (cases, dispatch) ${r.phases.startedAt} ms; run ${r.phases.running} ms`);
    }
  } finally {
    fake.child.kill('SIGTERM');
  }
}

await main();
