// npm run bench:eval — the runner's overhead. 400 trials against a FAKE provider with a fixed 50 ms latency
// at concurrency 8 (ideal wall time 400 × 50 / 8 = 2 500 ms; target ≤ 1.05 × ideal), once through the real
// OpenAI SDK against the fake HTTP server (server/test/fakes) and once through the in-process mock; then the
// lexical baseline's throughput (target ≥ 5 000 trials/s). The fake's answers are not a model's: nothing
// here measures a model, only toolmark's own cost per trial.
import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { planRun, type EvalCase, type RunPlan, type Surface } from '@toolmark/benchmarks';
import { listDistractorSets, loadDistractorSet } from '@toolmark/distractors';
import { nodeSha256Hex } from '../native-hash.js';
import { executePlan } from '../eval/run.js';
import { createLexicalProvider } from '../providers/lexical.js';
import { createMockProvider } from '../providers/mock.js';
import { createOpenAIChatProvider } from '../providers/openai-chat.js';
import type { Provider } from '../providers/provider.js';

const TRIALS = 400;
const LATENCY_MS = 50;
const CONCURRENCY = 8;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const IDEAL_MS = (TRIALS * LATENCY_MS) / CONCURRENCY;
// BENCH_ONLY=lexical: the lexical baseline alone (e.g. under --cpu-prof).
const ONLY = process.env.BENCH_ONLY;

const never = new AbortController().signal;
// The fake server shared with the tests (plain JavaScript), run in its own process so its CPU is not on
// the runner's event loop; the same relative path holds from src/bench and dist/bench.
const SERVE = fileURLToPath(new URL('../../test/fakes/serve.mjs', import.meta.url));

async function startFakeProcess(latencyMs: number): Promise<{ baseURL: string; key: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [SERVE, 'openai', String(latencyMs)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve));
  return { ...(JSON.parse(line) as { baseURL: string; key: string }), child };
}
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** A plan on `surface` with `trials / repeats` cases cycling over its tools (utterances from names). */
function benchPlan(trials: number, surface: Surface, repeats = 1): RunPlan {
  const cases: EvalCase[] = Array.from({ length: trials / repeats }, (_, i) => {
    const tool = surface.tools[i % surface.tools.length]!;
    const words = tool.name.replace(/^API-/, '').replace(/[-_]/g, ' ');
    return { id: `c${i}`, kind: i % 5 === 4 ? 'no-call' : 'tool-directed', language: 'en', source: 'offline', utterance: i % 5 === 4 ? `tell me a joke number ${i}` : `please ${words} for item ${i}`, expected: i % 5 === 4 ? null : tool.name };
  });
  return planRun({ server: surface, cases, model: 'fake-model', settings: { temperature: 0, maxOutputTokens: 256 }, seed: 1, repeats, sha256Hex: nodeSha256Hex, limits: { maxTrials: 100_000 } });
}

async function timeRun(plan: RunPlan, provider: Provider, concurrency: number): Promise<number> {
  const t0 = performance.now();
  const { records } = await executePlan({ plan, provider, concurrency, signal: never });
  const ms = performance.now() - t0;
  const errors = records.filter((r) => r.error !== null).length;
  if (errors > 0) throw new Error(`${errors} trials failed: ${records.find((r) => r.error)?.error?.message}`);
  return ms;
}

/**
 * The floor of the HTTP path on this machine: the same number of POSTs of the same body at the same
 * concurrency to the same fake server, with bare node:http (keep-alive) and nothing else — no SDK, no
 * runner. What the HTTP run spends above this is toolmark's and the SDK's; the rest is the loopback
 * exchange and the fake server itself.
 */
async function bareHttpFloor(baseURL: string, key: string, surface: Surface): Promise<number> {
  const body = JSON.stringify({
    model: 'fake-model',
    messages: [{ role: 'user', content: 'please do the thing' }],
    tools: surface.tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.inputSchema } })),
  });
  const url = new URL(`${baseURL}/chat/completions`);
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const post = () =>
    new Promise<void>((done, fail) => {
      const req = request({ hostname: url.hostname, port: url.port, path: url.pathname, method: 'POST', agent, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' } }, (res) => {
        res.resume();
        res.on('end', done);
      });
      req.on('error', fail);
      req.end(body);
    });
  const once = async () => {
    let next = 0;
    const t0 = performance.now();
    await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
      while (next < TRIALS) {
        next++;
        await post();
      }
    }));
    return performance.now() - t0;
  };
  await once();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await once());
  agent.destroy();
  return median(times);
}

async function httpRuns(name: string, surface: Surface): Promise<void> {
  const fake = await startFakeProcess(LATENCY_MS);
  try {
    const floor = await bareHttpFloor(fake.baseURL, fake.key, surface);
    const http = createOpenAIChatProvider({ env: { OPENAI_API_KEY: fake.key }, baseURL: fake.baseURL, maxRetries: 0 });
    await timeRun(benchPlan(32, surface), http, CONCURRENCY); // warm-up: JIT, sockets
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) times.push(await timeRun(benchPlan(TRIALS, surface), http, CONCURRENCY));
    const m = median(times);
    console.log(`bare node:http floor,           ${name.padEnd(8)} (${String(surface.tools.length).padStart(2)} tools)  median ${floor.toFixed(0)} ms = ${(floor / IDEAL_MS).toFixed(3)} × ideal  (no SDK, no runner: the loopback exchange and the fake server)`);
    console.log(
      `fake OpenAI server via the SDK, ${name.padEnd(8)} (${String(surface.tools.length).padStart(2)} tools)  median ${m.toFixed(0)} ms = ${(m / IDEAL_MS).toFixed(3)} × ideal = ${(m / floor).toFixed(3)} × the floor  [${times.map((t) => t.toFixed(0)).join(', ')}]  target ≤ 1.05 × ideal: ${m <= IDEAL_MS * 1.05 ? 'met' : 'NOT met'}`,
    );
  } finally {
    fake.child.kill('SIGTERM');
  }
}

async function main(): Promise<void> {
  const notion = loadDistractorSet('notion').surface;
  const memory = loadDistractorSet('memory').surface;
  const plan = benchPlan(TRIALS, memory);
  console.log(`node ${process.version}; ${TRIALS} trials, fixed ${LATENCY_MS} ms latency, concurrency ${CONCURRENCY}: ideal ${IDEAL_MS} ms, target ≤ ${(IDEAL_MS * 1.05).toFixed(0)} ms`);
  console.log(`${RUNS} runs each; the answers are a FAKE provider's, not a model's; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  if (ONLY !== 'lexical') {
    await httpRuns('memory', memory);
    await httpRuns('notion', notion);

    const mock = createMockProvider({ latencyMs: LATENCY_MS });
    await timeRun(benchPlan(16, memory), mock, CONCURRENCY);
    const mockTimes: number[] = [];
    for (let i = 0; i < RUNS; i++) mockTimes.push(await timeRun(plan, mock, CONCURRENCY));
    const mm = median(mockTimes);
    console.log(`in-process mock (no HTTP), memory           median ${mm.toFixed(0)} ms = ${(mm / IDEAL_MS).toFixed(3)} × ideal  [${mockTimes.map((t) => t.toFixed(0)).join(', ')}]`);
  }

  // The lexical baseline: no latency at all, so this is toolmark's own cost per trial (render, route, judge).
  const lexical = createLexicalProvider();
  for (const [name, surface] of [
    ['notion', notion],
    ['all six sets as one server', { tools: listDistractorSets().flatMap((s) => (s.status === 'available' ? loadDistractorSet(s.name).surface.tools : [])) } as Surface],
  ] as const) {
    const big = benchPlan(5_000, surface, 5);
    await timeRun(benchPlan(500, surface), lexical, 1);
    const t: number[] = [];
    const c0 = process.cpuUsage();
    for (let i = 0; i < RUNS; i++) t.push(await timeRun(big, lexical, 1));
    const c = process.cpuUsage(c0);
    const cpuPerTrial = (c.user + c.system) / 1000 / (RUNS * 5_000);
    const ms = median(t);
    const perSecond = (5_000 / ms) * 1000;
    console.log(
      `lexical baseline, ${name.padEnd(26)} (${String(surface.tools.length).padStart(3)} tools)  ${perSecond.toFixed(0).padStart(6)} trials/s  (5 000 trials in ${ms.toFixed(0)} ms; CPU ${cpuPerTrial.toFixed(3)} ms a trial = ${(1000 / cpuPerTrial).toFixed(0)} trials per CPU second)  target ≥ 5 000/s: ${perSecond >= 5_000 ? 'met' : 'NOT met'}`,
    );
  }
}

await main();
