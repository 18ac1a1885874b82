// npm run bench:site (second part) — how fast the site's evaluation page renders for an evaluation of
// 10 000 trials. The real service (`server/dist/start.js`: API + site in one process) runs on a fresh,
// throwaway database into which, through the db repositories, a 40-tool public server, one case set of
// 1 000 cases (800 tool-directed, 200 no-call) and two evaluations of it are written: each 5 model runs ×
// 1 000 cases × 2 repeats = 10 000 trials with synthetic verdicts (right tool ~80 %, argument errors,
// wrong tools of the same resource, abstentions, false calls) and metrics from the core's `computeMetrics`. The second
// evaluation is the one measured: its page compares every run with the first (same case set and
// comparability key, so the paired sign test runs over 2 × 2 000 trials per model). Pages are requested
// one at a time from 127.0.0.1, and the case browser (signed in) with them. Target (issue 15 §6): p95 < 150 ms
// for the evaluation page.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { computeMetrics, parseSurfaceValue, surfaceHash, type EvalCase, type TrialRecord, type Verdict } from '@toolmark/benchmarks';
import { addVersionIfChanged, createApiKey, createEvaluation, createServer, finishRun, storeCaseSet, storeTrials, type Database } from '@toolmark/db';
import { createTestDatabase } from '@toolmark/db/testing';
import { nodeSha256Hex } from '../native-hash.js';
import { benchServiceEnv, startService, stopService } from './service.js';
import { seeded } from './synthetic.js';
import { pct, time } from './page-timing.js';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const TOOLS = 40;
const PER_TOOL = 20;
const NO_CALL = 200;
const REPEATS = 2;
const MODELS = ['lexical/baseline', 'openai/model-a', 'openai/model-b', 'anthropic/model-c', 'ollama/model-d'];


const toolName = (i: number) => `${['list', 'get', 'create', 'update', 'delete'][i % 5]}_${['issue', 'project', 'comment', 'label', 'milestone', 'user', 'team', 'file'][Math.floor(i / 5) % 8]}`;

function surface() {
  return Array.from({ length: TOOLS }, (_, i) => ({
    name: toolName(i),
    description: `Does ${toolName(i).replace('_', ' a ')} of the workspace; returns it with its id.`,
    inputSchema: { type: 'object', properties: { id: { type: 'string' }, limit: { type: 'integer' } }, required: ['id'] },
  }));
}

function cases(): EvalCase[] {
  const out: EvalCase[] = [];
  for (let t = 0; t < TOOLS; t++)
    for (let k = 0; k < PER_TOOL; k++)
      out.push({ id: `td:${toolName(t)}:en:${k + 1}`, kind: 'tool-directed', language: 'en', source: 'offline', utterance: `Please ${toolName(t).replace('_', ' the ')} number ${k + 1} for me.`, expected: toolName(t) });
  for (let k = 0; k < NO_CALL; k++) out.push({ id: `nc:en:${k + 1}`, kind: 'no-call', language: 'en', source: 'offline', utterance: `What is the capital of country ${k + 1}?`, expected: null });
  return out;
}

/** Another tool of the same resource (`get_issue` for `list_issue`): where a model's wrong calls go. */
const neighbour = (name: string, r: () => number) => {
  const i = Array.from({ length: TOOLS }, (_, k) => toolName(k)).indexOf(name);
  const group = Math.floor(i / 5) * 5;
  return toolName(group + ((i - group + 1 + Math.floor(r() * 4)) % 5));
};

/** A synthetic but well-formed verdict: mostly right, some argument errors, wrong tools (of the same resource), abstentions, false calls (to a list tool). */
function verdict(c: EvalCase, r: () => number): { verdict: Verdict; called: string | null } {
  const base = { argsMatch: null, multiCall: false, forbiddenCalled: [], distractor: false, scored: true };
  const x = r();
  if (c.expected === null) {
    if (x < 0.9) return { verdict: { ...base, kind: 'correct_abstention', pass: true, selected: null, called: '(none)', argsValid: null, argErrors: [] }, called: null };
    const other = toolName(5 * Math.floor(r() * (TOOLS / 5)));
    return { verdict: { ...base, kind: 'over_triggered', pass: false, selected: null, called: other, argsValid: null, argErrors: [] }, called: other };
  }
  if (x < 0.8) {
    const valid = r() < 0.85;
    const argErrors = valid ? [] : [{ argument: '/id', kind: 'missing' as const, keyword: 'required', message: 'missing required argument "id"' }];
    return { verdict: { ...base, kind: 'correct', pass: valid, selected: true, called: c.expected, argsValid: valid, argErrors }, called: c.expected };
  }
  if (x < 0.95) {
    const other = neighbour(c.expected, r);
    return { verdict: { ...base, kind: 'wrong_tool', pass: false, selected: false, called: other, argsValid: null, argErrors: [] }, called: other };
  }
  return { verdict: { ...base, kind: 'abstained', pass: false, selected: false, called: '(none)', argsValid: null, argErrors: [] }, called: null };
}

async function seedEvaluation(db: Database, ids: { org: string; server: string; version: string; caseSet: string }, list: EvalCase[], rnd: () => number, at: Date): Promise<string> {
  const settings = { models: MODELS, distractors: [], language: 'en', casesPerTool: PER_TOOL, repeats: REPEATS, seed: 0, generator: 'offline' };
  const { evaluation, runs } = await createEvaluation(db, {
    organisationId: ids.org,
    serverId: ids.server,
    serverVersionId: ids.version,
    name: 'bench: 10 000 trials',
    settings,
    caseSetId: ids.caseSet,
    generationUnits: 0,
    createdByKeyId: null,
    at,
    runs: MODELS.map((modelId, ordinal) => ({
      ordinal,
      modelId,
      provider: modelId.split('/')[0]!,
      baseline: ordinal === 0,
      providerFingerprint: `bench:${modelId}`,
      settings: {},
      comparabilityKey: `bench:${modelId}:en:${PER_TOOL}x${REPEATS}`,
      distractorsKey: '',
      language: 'en',
      generator: 'offline',
      casesPerTool: PER_TOOL,
      repeats: REPEATS,
      units: 0,
      trialCount: list.length * REPEATS,
    })),
  });
  for (const run of runs) {
    const records: TrialRecord[] = [];
    for (const c of list)
      for (let repeat = 0; repeat < REPEATS; repeat++) {
        const v = verdict(c, rnd);
        records.push({
          caseId: c.id,
          trialIndex: repeat,
          calls: v.called === null ? [] : [{ name: v.called, argumentsText: '{}', arguments: {}, parseError: null }],
          text: v.called === null ? 'No tool fits that request.' : '',
          truncated: false,
          error: null,
          usage: { inputTokens: 900, outputTokens: 20 },
          latencyMs: 100,
          cached: false,
          verdict: v.verdict,
        });
      }
    for (let i = 0; i < records.length; i += 1000) await storeTrials(db, records.slice(i, i + 1000).map((record) => ({ modelRunId: run.id, record, units: 0, seed: 0 })));
    await finishRun(db, run.id, computeMetrics(list, records), at);
  }
  return evaluation.id;
}

async function main(): Promise<void> {
  const db = await createTestDatabase(4);
  const state = mkdtempSync(join(tmpdir(), 'toolmark-bench-site-eval-'));
  const { child, url } = await startService(benchServiceEnv(db.url, state));
  try {
    const t0 = performance.now();
    const [org] = (await db.sql`SELECT id FROM organisations ORDER BY created_at LIMIT 1`) as unknown as [{ id: string }];
    const server = await createServer(db.db, { name: 'Evaluated synthetic server', slug: 'evaluated-synthetic', description: 'A 40-tool server for the evaluation page bench.', source: 'upload', organisationId: org.id, public: true });
    const parsed = parseSurfaceValue({ tools: surface() });
    const { version } = await addVersionIfChanged(db.db, { serverId: server.id, surfaceHash: surfaceHash(parsed, nodeSha256Hex), tools: { tools: parsed.tools }, toolCount: parsed.tools.length, label: null, origin: 'upload' });
    const list = cases();
    const caseSet = await storeCaseSet(db.db, { serverVersionId: version.id, generator: 'offline', settingsKey: 'bench', caseSetHash: 'sha256:bench', source: 'offline', cases: list });
    const ids = { org: org.id, server: server.id, version: version.id, caseSet: caseSet.id };
    const rnd = seeded(11);
    await seedEvaluation(db.db, ids, list, rnd, new Date(Date.now() - 86_400_000));
    const id = await seedEvaluation(db.db, ids, list, rnd, new Date());
    await db.sql`ANALYZE`;
    const [{ n }] = (await db.sql`SELECT count(*)::int AS n FROM trials t JOIN model_runs r ON r.id = t.model_run_id WHERE r.evaluation_id = ${id}`) as unknown as [{ n: number }];
    console.log(`node ${process.version}; evaluation ${id}: ${n} trials (${MODELS.length} runs × ${list.length} cases × ${REPEATS} repeats; a previous evaluation of as many on the same cases) seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${SAMPLES} sequential requests per page`);

    // The case browser is the owning organisation's: sign in on the site (its session cookie) and by key on the API.
    const key = (await createApiKey(db.db, { organisationId: org.id, purpose: 'script', name: 'bench' })).key;
    const signin = await fetch(`${url}/signin`, { method: 'POST', body: new URLSearchParams({ key, next: '/account' }), headers: { origin: url }, redirect: 'manual' });
    const cookie = (signin.headers.get('set-cookie') ?? '').split(';')[0]!;
    if (!cookie.startsWith('tm_session=')) throw new Error(`sign-in gave no session (${signin.status})`);
    const owner = { cookie };
    const bearer = { authorization: `Bearer ${key}` };
    const scenarios: [string, (i: number) => string, Record<string, string>?][] = [
      ['/evaluations/{id} (10 000 trials, compared)', () => `/evaluations/${id}`],
      ['/evaluations/{id}?tools=all (every cell)', () => `/evaluations/${id}?tools=all`],
      ['/ja/evaluations/{id}', () => `/ja/evaluations/${id}`],
      ['API /v1/evaluations/{id} (for comparison)', () => `/v1/evaluations/${id}`],
      ['API /v1/evaluations/{id}/comparison (for comparison)', () => `/v1/evaluations/${id}/comparison`],
      ['/evaluations/{id}/cases?offset=N (case browser)', (i) => `/evaluations/${id}/cases?offset=${(i * 20) % list.length}`, owner],
      ['/evaluations/{id}/cases?missed=one', (i) => `/evaluations/${id}/cases?missed=one&offset=${(i % 5) * 20}`, owner],
      ['API /v1/evaluations/{id}/cases (for comparison)', (i) => `/v1/evaluations/${id}/cases?offset=${(i * 20) % list.length}`, bearer],
    ];
    // The first view pairs each run with the previous one (2 × 2 000 trials per model); later views reuse the pairing.
    const cold = await time(`${url}/evaluations/${id}`);
    for (let i = 0; i < 10; i++) await time(`${url}/evaluations/${id}`); // warm-up: JIT
    console.log(`first view of the evaluation page (site and pairings cold): ${cold.toFixed(1)} ms`);
    const html = await (await fetch(`${url}/evaluations/${id}`)).text();
    console.log(`evaluation page: ${Math.round(html.length / 1024)} KiB of HTML`);
    let worst = 0;
    for (const [name, path, headers] of scenarios) {
      const ms: number[] = [];
      for (let i = 0; i < SAMPLES; i++) ms.push(await time(`${url}${path(i)}`, headers));
      ms.sort((a, b) => a - b);
      if (name.startsWith('/evaluations/{id} ') || name.startsWith('/ja/evaluations/{id}') || name.startsWith('/evaluations/{id}?')) worst = Math.max(worst, pct(ms, 95));
      console.log(`${name.padEnd(52)} p50 ${pct(ms, 50).toFixed(1).padStart(6)} ms   p95 ${pct(ms, 95).toFixed(1).padStart(6)} ms   p99 ${pct(ms, 99).toFixed(1).padStart(6)} ms   max ${ms[ms.length - 1]!.toFixed(1).padStart(6)} ms`);
    }
    console.log(`worst evaluation page p95: ${worst.toFixed(1)} ms (target < 150 ms): ${worst < 150 ? 'met' : 'NOT met'}`);
  } finally {
    await stopService(child);
    await db.drop();
    rmSync(state, { recursive: true, force: true });
  }
}

await main();
