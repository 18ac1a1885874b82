// The leaderboards of evaluations on real PostgreSQL with real queues and workers: a model's board ranks
// only runs with identical settings under one comparability key (the one with the most servers unless
// `key` asks for another), marks servers whose interval overlaps the one above; the models leaderboard's
// curve equals the trials pooled over the suite at each distractor step, recomputed here from the table.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASELINE_MODEL_ID, MODELS_SUITE } from '@toolmark/benchmarks';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { bossSender } from '../../src/jobs/boss.js';
import { parseCatalogue } from '../../src/model-catalogue.js';
import { seedDatabase } from '../../src/pipelines/seed.js';
import { startFake, wordMatchScript, type FakeServer } from '../fakes/llm-servers.mjs';
import { bearer, get, post, startEvalService, SURFACE, uploadServer, waitForEvaluation, type EvalService } from './helpers.js';

// Independent of the core's stats.ts: the Wilson score interval, z for 95 %.
const Z = 1.959963984540054;
function wilson(k: number, n: number): [number, number] | null {
  if (n === 0) return null;
  const p = k / n;
  const c = (p + (Z * Z) / (2 * n)) / (1 + (Z * Z) / n);
  const h = (Z * Math.sqrt((p * (1 - p)) / n + (Z * Z) / (4 * n * n))) / (1 + (Z * Z) / n);
  return [k === 0 ? 0 : Math.max(0, c - h), k === n ? 1 : Math.min(1, c + h)];
}
const close = (a: [number, number] | null, b: [number, number] | null) => {
  expect(a === null).toBe(b === null);
  if (a && b) for (const i of [0, 1]) expect(a[i]).toBeCloseTo(b[i]!, 12);
};

/** A server the fake never answers for (it abstains whenever this tool is shown): its accuracy is 0. */
const SILENT = { tools: [...SURFACE.tools, { name: 'shelve_book', description: 'Put a returned book back on its shelf by its catalogue number. Returns the shelf label.', inputSchema: { type: 'object', properties: { number: { type: 'string', description: 'Catalogue number.' } }, required: ['number'] } }] };

let s: EvalService;
let fake: FakeServer;
let other: FastifyInstance;
const model = (temperature: number) => ({ id: 'openai/router', provider: 'openai-chat', model: 'fake', baseUrl: fake.baseURL, unitPrice: 0, concurrency: 4, retries: 0, settings: { temperature } });

beforeAll(async () => {
  fake = await startFake('openai', { script: (view) => (view.tools.some((t) => t.name === 'shelve_book') ? { text: 'No tool fits.' } : wordMatchScript(view)) });
  s = await startEvalService({ models: [model(0)] }, { OPENAI_API_KEY: 'test-key' });
  // The same model id at another temperature: its runs get another comparability key.
  other = await buildApp({
    database: s.t,
    jobs: bossSender(s.boss),
    config: loadConfig({ TOOLMARK_LOG_LEVEL: 'silent', TOOLMARK_READ_CACHE_MS: '0' }),
    logger: false,
    catalogue: parseCatalogue({ version: 1, models: [model(0.5)] }, 'other.json', { loopbackPorts: 'any' }),
    env: { OPENAI_API_KEY: 'test-key' },
  });
}, 60_000);
afterAll(async () => {
  await other?.close();
  await s?.close();
  await fake?.close();
});

async function evaluate(app: FastifyInstance, serverId: string, body: Record<string, unknown> = {}): Promise<void> {
  const res = await app.inject({ method: 'POST', url: `/v1/servers/${serverId}/evaluations`, headers: bearer(s.keys.script), payload: { models: ['openai/router'], ...body } });
  expect(res.statusCode, res.body).toBe(202);
  await waitForEvaluation(s, res.json().id, (e) => e.status === 'done' || e.status === 'failed');
}

interface Item { server: { id: string }; selectionAcc: { numerator: number; denominator: number; value: number | null; ci95: [number, number] | null }; distinguishable: boolean; rank: number }

// These servers are evaluated with the offline generator (the default of an evaluation): its boards are
// read by naming it (`generator=offline&casesPerTool=8`); a board's default is the public suite's.
describe('a model\'s leaderboard', () => {
  let good1: string;
  let good2: string;
  let silent: string;
  let late: string;
  beforeAll(async () => {
    good1 = await uploadServer(s, 'Tracker A', SURFACE);
    good2 = await uploadServer(s, 'Tracker B', SURFACE);
    silent = await uploadServer(s, 'Library', SILENT);
    late = await uploadServer(s, 'Tracker C', SURFACE);
    for (const id of [good1, good2, silent]) await evaluate(s.app, id);
    // Other settings: a distractor set, Japanese — never ranked with the runs above.
    await evaluate(s.app, late, { distractors: ['memory'] });
    await evaluate(s.app, late, { language: 'ja' });
    // The newest run, under the other key (temperature 0.5): one server only.
    await evaluate(other, late);
  }, 180_000);

  it('ranks only identical settings, under the key with the most servers by default, and lists every key', async () => {
    const res = await get(s, '/v1/leaderboards/evaluations?model=openai/router&generator=offline&casesPerTool=8');
    expect(res.statusCode, res.body).toBe(200);
    const b = res.json();
    const keys = b.keys as { key: string; servers: number; selected: boolean }[];
    expect(keys.map((k) => k.servers)).toEqual([3, 1]);
    expect(keys[0]!.selected).toBe(true);
    expect(b.comparabilityKey).toBe(keys[0]!.key);
    expect(b.otherKeys).toEqual([keys[1]!.key]);
    expect(new Set(b.items.map((i: Item) => i.server.id))).toEqual(new Set([good1, good2, silent]));
    // The run with a distractor set is on that setting's board only, alone.
    const withMemory = (await get(s, '/v1/leaderboards/evaluations?model=openai/router&generator=offline&casesPerTool=8&distractors=memory')).json();
    expect(withMemory.items.map((i: Item) => i.server.id)).toEqual([late]);
    expect(withMemory.keys).toHaveLength(1);
    const ja = (await get(s, '/v1/leaderboards/evaluations?model=openai/router&generator=offline&casesPerTool=8&language=ja')).json();
    expect(ja.items.map((i: Item) => i.server.id)).toEqual([late]);
    expect(ja.comparabilityKey).not.toBe(b.comparabilityKey);
  });

  it('ranks the asked key; an unknown key is a 404 naming query.key, a malformed one a 400', async () => {
    const keys = (await get(s, '/v1/leaderboards/evaluations?model=openai/router&generator=offline&casesPerTool=8')).json().keys as { key: string }[];
    const chosen = (await get(s, `/v1/leaderboards/evaluations?model=openai/router&generator=offline&casesPerTool=8&key=${keys[1]!.key}`)).json();
    expect(chosen.comparabilityKey).toBe(keys[1]!.key);
    expect(chosen.items.map((i: Item) => i.server.id)).toEqual([late]);
    expect(chosen.keys.find((k: { selected: boolean }) => k.selected).key).toBe(keys[1]!.key);
    const unknown = await get(s, `/v1/leaderboards/evaluations?model=openai/router&generator=offline&casesPerTool=8&key=cmp1:${'0'.repeat(32)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatchObject({ code: 'unknown_key', detail: { path: 'query.key' } });
    const bad = await get(s, '/v1/leaderboards/evaluations?model=openai/router&generator=offline&casesPerTool=8&key=%3Cscript%3E');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().error)).toContain('key');
  });

  it('marks a server not distinguishable exactly when its interval overlaps the one ranked above', async () => {
    const items = (await get(s, '/v1/leaderboards/evaluations?model=openai/router&generator=offline&casesPerTool=8')).json().items as Item[];
    // The two trackers tie (same tools, same answers): they share rank 1, and the next is 3.
    expect(items.map((i) => i.rank)).toEqual([1, 1, 3]);
    for (const [i, item] of items.entries()) {
      // The counts are the trials stored for that run: recompute the interval, then the flag.
      close(item.selectionAcc.ci95, wilson(item.selectionAcc.numerator, item.selectionAcc.denominator));
      const above = items[i - 1];
      expect(item.distinguishable).toBe(above === undefined ? true : wilson(item.selectionAcc.numerator, item.selectionAcc.denominator)![1] < wilson(above.selectionAcc.numerator, above.selectionAcc.denominator)![0]);
    }
    // The two trackers have the same tools and the same answers: tied, not distinguishable; the silent library is last and apart.
    expect(items[1]!.selectionAcc).toEqual(items[0]!.selectionAcc);
    expect(items[1]!.distinguishable).toBe(false);
    expect(items[2]!.server.id).toBe(silent);
    expect(items[2]!.selectionAcc.numerator).toBe(0);
    expect(items[2]!.distinguishable).toBe(true);
  });
});


/** Per suite server, a model's trials at one step of the suite, counted straight from the trials table. */
async function fromTrials(modelId: string, step: number) {
  return s.t.sql<{ slug: string; selected: number; directed: number; shown: number; trials: number }[]>`
    SELECT sv.slug, count(*)::int AS trials,
           count(*) FILTER (WHERE (t.record->'verdict'->>'scored')::boolean AND (t.record->'verdict'->>'selected')::boolean)::int AS selected,
           count(*) FILTER (WHERE (t.record->'verdict'->>'scored')::boolean AND t.record->'verdict'->>'selected' IS NOT NULL)::int AS directed,
           max(json_array_length(t.record->'order'))::int AS shown
    FROM trials t JOIN model_runs mr ON mr.id = t.model_run_id JOIN evaluations e ON e.id = mr.evaluation_id JOIN servers sv ON sv.id = e.server_id
    WHERE mr.model_id = ${modelId} AND mr.status = 'done' AND mr.distractors_key = ${MODELS_SUITE.steps[step]!.join(',')} AND sv.slug IN ${s.t.sql([...MODELS_SUITE.servers])}
    GROUP BY sv.slug`;
}

describe('the models leaderboard on the suite', () => {
  beforeAll(async () => {
    // The seeded servers, owned by the install's first organisation (the operators').
    await seedDatabase(s.t);
    const res = await post(s, '/v1/leaderboards/models/runs', s.keys.admin, { models: [BASELINE_MODEL_ID] });
    expect(res.statusCode, res.body).toBe(202);
    const started = res.json().evaluations.filter((e: { evaluationId: string | null }) => e.evaluationId !== null);
    expect(started).toHaveLength(MODELS_SUITE.servers.length * MODELS_SUITE.steps.length);
    for (const e of started) await waitForEvaluation(s, e.evaluationId, (x) => x.status === 'done', 120_000);
  }, 300_000);

  it('the curve: per step, the baseline\'s trials pooled over the suite\'s servers, and the mean tools shown', async () => {
    const res = await get(s, '/v1/leaderboards/models');
    expect(res.statusCode, res.body).toBe(200);
    const board = res.json();
    expect(board.suite).toMatchObject({ id: MODELS_SUITE.id, version: MODELS_SUITE.version, steps: MODELS_SUITE.steps });
    expect(board.suite.servers.map((x: { slug: string }) => x.slug)).toEqual([...MODELS_SUITE.servers]);
    // The fake model has no suite run: no line.
    expect(board.curve.map((c: { model: { id: string } }) => c.model.id)).toEqual([BASELINE_MODEL_ID]);
    const points = board.curve[0].points as { step: number; toolsShown: number; servers: number; selectionAcc: Item['selectionAcc']; distractors: string[] }[];
    expect(points.map((p) => p.step)).toEqual([0, 1, 2, 3]);
    let previous = 0;
    for (const p of points) {
      const rows = await fromTrials(BASELINE_MODEL_ID, p.step);
      expect(rows.map((r) => r.slug).sort()).toEqual([...MODELS_SUITE.servers].sort());
      const k = rows.reduce((n, r) => n + r.selected, 0);
      const n = rows.reduce((x, r) => x + r.directed, 0);
      expect(n).toBeGreaterThan(0);
      expect(p.selectionAcc.numerator).toBe(k);
      expect(p.selectionAcc.denominator).toBe(n);
      close(p.selectionAcc.ci95, wilson(k, n));
      expect(p.servers).toBe(MODELS_SUITE.servers.length);
      // Per request: each server's tools shown weighted by its trials (what the chart's caption says).
      expect(p.toolsShown).toBeCloseTo(rows.reduce((x, r) => x + r.shown * r.trials, 0) / rows.reduce((x, r) => x + r.trials, 0), 9);
      // More distractor sets, more tools shown.
      expect(p.toolsShown).toBeGreaterThan(previous);
      previous = p.toolsShown;
    }
    // The ranking at a step is that step's point.
    const atMemory = (await get(s, '/v1/leaderboards/models?distractors=memory')).json();
    const row = atMemory.items.find((i: { model: { id: string } }) => i.model.id === BASELINE_MODEL_ID);
    expect(row).toMatchObject({ model: { baseline: true }, servers: MODELS_SUITE.servers.length, selectionAcc: points[1]!.selectionAcc, toolsShown: points[1]!.toolsShown });
  });

  it("the API's suite run at one step refreshes it: a new evaluation per suite server, the same numbers", async () => {
    // The step exists already (the seed ran it): without `refresh` nothing would start.
    const res = await post(s, '/v1/leaderboards/models/runs', s.keys.admin, { models: [BASELINE_MODEL_ID], distractors: ['memory'], refresh: true });
    expect(res.statusCode, res.body).toBe(202);
    const entries = res.json().evaluations as { slug: string; distractors: string[]; evaluationId: string | null }[];
    expect(entries.map((e) => e.slug)).toEqual([...MODELS_SUITE.servers]);
    expect(entries.every((e) => e.distractors.join(',') === 'memory' && e.evaluationId !== null)).toBe(true);
    for (const e of entries) await waitForEvaluation(s, e.evaluationId!, (x) => x.status === 'done', 120_000);
    // Refreshed with the same settings: the same numbers.
    const board = (await get(s, '/v1/leaderboards/models?distractors=memory')).json();
    const curve = (await get(s, '/v1/leaderboards/models')).json().curve[0].points[1];
    expect(board.items[0].selectionAcc).toEqual(curve.selectionAcc);
  });
});

describe('two models on the suite', () => {
  it('one line per model on the curve, each point the pooled trials of that model', async () => {
    const res = await post(s, '/v1/leaderboards/models/runs', s.keys.admin, { models: ['openai/router'], distractors: [] });
    expect(res.statusCode, res.body).toBe(202);
    for (const e of res.json().evaluations) if (e.evaluationId) await waitForEvaluation(s, e.evaluationId, (x) => x.status === 'done', 120_000);
    const board = (await get(s, '/v1/leaderboards/models')).json();
    expect(board.curve.map((c: { model: { id: string } }) => c.model.id).sort()).toEqual([BASELINE_MODEL_ID, 'openai/router'].sort());
    const line = board.curve.find((c: { model: { id: string } }) => c.model.id === 'openai/router');
    expect(line.points.map((p: { step: number }) => p.step)).toEqual([0]);
    const rows = await fromTrials('openai/router', 0);
    expect(rows).toHaveLength(MODELS_SUITE.servers.length);
    const k = rows.reduce((n, r) => n + r.selected, 0);
    const n = rows.reduce((x, r) => x + r.directed, 0);
    expect(line.points[0].selectionAcc).toMatchObject({ numerator: k, denominator: n });
    close(line.points[0].selectionAcc.ci95, wilson(k, n));
    // Both ranked at step 0, each row's flag against the row above recomputed from the counts.
    const items = board.items as (Item & { model: { id: string } })[];
    expect(items).toHaveLength(2);
    const [a, b] = [items[0]!.selectionAcc, items[1]!.selectionAcc];
    expect(items[1]!.distinguishable).toBe(wilson(b.numerator, b.denominator)![1] < wilson(a.numerator, a.denominator)![0]);
  }, 300_000);
});
