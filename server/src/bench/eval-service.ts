// npm run bench:eval-service — model trials through the service's queue and workers: an evaluation is
// started by the pipeline the API calls (priced, charged, stored), `generate-cases` and `run-model` run on
// real pg-boss workers of this process, every trial and answer is stored in PostgreSQL (a throwaway
// database on the machine's server: createTestDatabase, never real data). ≈2 000 trials (the filesystem
// set, 4 cases per tool = 76 cases × 26 repeats = 1 976) against a FAKE provider with a fixed 50 ms latency
// at concurrency 8: ideal wall time trials × 50 / 8 (≈12.4 s), target ≤ 1.10 × ideal, measured from the
// start call to the run's stored metrics (pricing, case generation, job dispatch and storage included).
// The headline fake is the one the issue means: a fake OpenAI server in its own process on 127.0.0.1,
// reached through the official SDK (`openai-chat`). Also printed: the same from the moment the start call
// returned (the jobs queued), and the in-process mock provider. The fake's answers are fake: no model
// number comes from this bench. CPU time is given besides wall time (the host is shared).
import { spawn, type ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createOrganisation, createServer, addVersionIfChanged, getEvaluation } from '@toolmark/db';
import { createTestDatabase } from '@toolmark/db/testing';
import { backendsCpu, backendsCpuSpent, cpuMsOf } from './proc-cpu.js';
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
const REPEATS = Number(process.env.BENCH_REPEATS ?? 26);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Which fakes to run (`http,mock` by default): a profile of one path leaves the other out. */
const KINDS = (process.env.BENCH_FAKES ?? 'http,mock').split(',').filter((k): k is Kind => k === 'http' || k === 'mock');
const SERVE = fileURLToPath(new URL('../../test/fakes/serve.mjs', import.meta.url));

type Kind = 'http' | 'mock';

async function startFakeProcess(): Promise<{ baseURL: string; key: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [SERVE, 'openai', String(LATENCY_MS)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve));
  return { ...(JSON.parse(line) as { baseURL: string; key: string }), child };
}

interface Round {
  kind: Kind;
  trials: number;
  /** Start call → the run's metrics stored. */
  ms: number;
  /** The start call alone (price, charge, store the cases). */
  startMs: number;
  /** Start call returned → the run's first trial (generate-cases, dispatch). */
  dispatchMs: number;
  /** The run itself (its first trial to its metrics stored). */
  runMs: number;
  cpu: { service: number; fake: number; postgres: number; start: number };
}

/**
 * One evaluation through the queue; wall time from the start call to the run's stored metrics, which the
 * worker announces in its `job done` log line (no polling on the bench's event loop, which the run shares).
 */
async function round(kind: Kind, fake: { baseURL: string; key: string; child: ChildProcess }, repeats = REPEATS): Promise<Round> {
  const t = await createTestDatabase(10);
  let finished: (() => void) | undefined;
  const done = new Promise<void>((resolve) => {
    finished = resolve;
  });
  const log: JobLog = {
    info: (fields, message) => {
      if (message === 'job done' && (fields as { queue?: string }).queue === 'run-model') finished!();
    },
    warn: (fields, message) => {
      if (message !== 'pg-boss reported an error') console.error(message, JSON.stringify(fields));
    },
    error: (fields, message) => console.error(message, JSON.stringify(fields)),
  };
  const boss = await createBoss({ url: t.url, log });
  try {
    const tokens = await cliTokenCounter();
    const env = { OPENAI_API_KEY: fake.key };
    const catalogue = parseCatalogue(
      { version: 1, models: [{ id: 'bench/fake', provider: 'openai-chat', model: 'fake', baseUrl: fake.baseURL, unitPrice: 0, concurrency: CONCURRENCY, retries: 0, maxErrorRate: 0 }] },
      'bench',
      { loopbackPorts: [Number(new URL(fake.baseURL).port)] },
    );
    const sender = bossSender(boss);
    const mock = createMockProvider({ latencyMs: LATENCY_MS });
    const stop = await startWorkers(boss, { db: t.db, sender, log, allowPrivateUrls: false, allowNpmCapture: false, concurrency: 2, env, tokens, ...(kind === 'mock' ? { providerFor: async () => mock } : {}) });
    const org = await createOrganisation(t.db, { name: 'Bench', slug: 'bench' });
    const surface = loadDistractorSet('filesystem').surface;
    const server = await createServer(t.db, { name: 'filesystem', slug: 'filesystem', source: 'upload', organisationId: org.id, public: true });
    await addVersionIfChanged(t.db, { serverId: server.id, surfaceHash: surfaceHash(surface), tools: { tools: surface.tools }, toolCount: surface.tools.length, label: null, origin: 'api' });
    const pg0 = await backendsCpu(t.sql, t.name);
    const [service0, fake0] = [process.cpuUsage(), cpuMsOf(fake.child.pid!)];
    const started = performance.now();
    const evaluation = await startEvaluation(
      { db: t.db, jobs: sender, catalogue, env, tokens, now: () => new Date() },
      { serverId: server.id, organisationId: org.id, request: { models: ['bench/fake'], distractors: [], language: 'en', casesPerTool: CASES_PER_TOOL, repeats, seed: 0, generator: 'offline' }, name: 'bench', keyId: null },
    );
    const startMs = performance.now() - started;
    const startCpu = process.cpuUsage(service0);
    const returnedAt = Date.now();
    await done;
    const ms = performance.now() - started;
    const service = process.cpuUsage(service0);
    const fakeMs = cpuMsOf(fake.child.pid!) - fake0;
    const postgres = backendsCpuSpent(pg0, await backendsCpu(t.sql, t.name));
    const view = await getEvaluation(t.db, evaluation.id);
    const run = view?.runs[0];
    if (!view || !run || run.status !== 'done' || view.evaluation.status !== 'done') throw new Error(`the run did not finish: ${run?.status} ${JSON.stringify(run?.error)}`);
    await stop({ timeoutMs: 5_000 });
    const runMs = run.finishedAt!.getTime() - run.startedAt!.getTime();
    return {
      kind,
      trials: run.answeredTrials,
      ms,
      startMs,
      dispatchMs: run.startedAt!.getTime() - returnedAt,
      runMs,
      cpu: { service: (service.user + service.system) / 1000, fake: fakeMs, postgres, start: (startCpu.user + startCpu.system) / 1000 },
    };
  } finally {
    await stopBoss(boss, { graceful: false });
    await t.drop();
  }
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const f0 = (n: number): string => n.toFixed(0);

function line(label: string, values: number[], ideal: number): string {
  const m = median(values);
  const sorted = [...values].sort((a, b) => a - b);
  return `${label}: median ${f0(m)} ms = ${(m / ideal).toFixed(3)} × ideal (runs ${values.map(f0).join(', ')}; spread ${f0(sorted.at(-1)! - sorted[0]!)} ms); ${m <= ideal * 1.1 ? 'within' : 'OVER'} 1.10 ×`;
}

async function main(): Promise<void> {
  const fake = await startFakeProcess();
  try {
    console.log(`node ${process.version}; filesystem set, ${CASES_PER_TOOL} cases per tool × ${REPEATS} repeats; fixed ${LATENCY_MS} ms latency, concurrency ${CONCURRENCY}; ${ROUNDS} rounds per fake, alternating, after one small warm-up each`);
    console.log(`load average before: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    // A service is warm after its first evaluation: modules, the tokenizer and compiled schemas are loaded once.
    for (const kind of KINDS) await round(kind, fake, 1);
    const rounds: Round[] = [];
    for (let i = 0; i < ROUNDS; i++) for (const kind of KINDS) rounds.push(await round(kind, fake));
    console.log(`load average after: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    for (const kind of KINDS) {
      const rs = rounds.filter((r) => r.kind === kind);
      const trials = rs[0]!.trials;
      const ideal = (trials * LATENCY_MS) / CONCURRENCY;
      const name = kind === 'http' ? 'fake OpenAI server on 127.0.0.1 via the official SDK' : 'in-process mock provider';
      console.log(`\n${name}: ${trials} trials, ideal ${f0(ideal)} ms, target ≤ ${f0(ideal * 1.1)} ms`);
      console.log(`  ${line('from the start call', rs.map((r) => r.ms), ideal)}`);
      console.log(`  ${line('from the jobs queued (the start call returned)', rs.map((r) => r.ms - r.startMs), ideal)}`);
      const startCall = median(rs.map((r) => r.startMs));
      const startCpu = median(rs.map((r) => r.cpu.start));
      console.log(`  start call: median ${f0(startCall)} ms wall, ${f0(startCpu)} ms CPU (target < 150 ms: ${startCall < 150 ? 'met' : 'NOT met'}${startCpu < 150 && startCall >= 150 ? '; its CPU is under 150 ms: the rest is waiting, the host or the database' : ''})`);
      for (const r of rs) {
        console.log(
          `  round: start call ${f0(r.startMs)} ms (CPU ${f0(r.cpu.start)} ms); start returned → run started ${f0(r.dispatchMs)} ms; run ${f0(r.runMs)} ms; ` +
            `CPU ms per trial: service ${(r.cpu.service / trials).toFixed(2)}${kind === 'http' ? `, fake ${(r.cpu.fake / trials).toFixed(2)}` : ''}, PostgreSQL ${(r.cpu.postgres / trials).toFixed(2)}`,
        );
      }
    }
  } finally {
    fake.child.kill('SIGTERM');
  }
}

await main();
