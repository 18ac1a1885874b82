// Refunds and completeness through the API on real PostgreSQL with real queues and workers, against fake
// OpenAI servers on 127.0.0.1: every trial without a model answer is refunded — a provider error in a run
// that finishes, every trial not answered in a run that fails — and a run with fewer than 95 % of its trials
// answered is shown as incomplete: "answered X / Y", never ranked on the model's board nor on the models
// board. A dataset release of these runs stands them as the boards do (schema version 3): incomplete runs
// unranked with their answered share, a server's older-version run as history; verify passes against the
// live boards and fails on a release re-signed to rank the incomplete run.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASELINE_MODEL_ID, ManifestSchema, MODELS_SUITE, tableOf, type Manifest, type RunMetricsRow } from '@toolmark/benchmarks';
import { registerSigningKey } from '@toolmark/db';
import { buildReleases } from '../../src/datasets/build.js';
import { fileFacts } from '../../src/datasets/file-facts.js';
import { signatureFile } from '../../src/datasets/signing.js';
import { TableWriter } from '../../src/datasets/table-writer.js';
import { verifyFolder } from '../../src/datasets/verify-folder.js';
import { verifyAgainst } from '../../src/datasets/verify-site.js';
import { seedDatabase } from '../../src/pipelines/seed.js';
import { TEST_KEYS, TEST_SIGNER } from '../datasets/signer.js';
import { jsonlRows } from '../datasets/helpers.js';
import { startFake, wordMatchScript, type FakeServer } from '../fakes/llm-servers.mjs';
import { get, post, spent, startEvalService, SURFACE, uploadServer, waitForEvaluation, type EvalService } from './helpers.js';

/** A server whose requests the `half` fake answers with a 500 every other time. */
const FLAKY = { tools: [...SURFACE.tools, { name: 'shelve_book', description: 'Put a returned book back on its shelf by its catalogue number. Returns the shelf label.', inputSchema: { type: 'object', properties: { number: { type: 'string', description: 'Catalogue number.' } }, required: ['number'] } }] };

let s: EvalService;
let half: FakeServer;
let dead: FakeServer;
let dying: FakeServer;
let everyOther: FakeServer;
let flakyId: string;
let root: string;
let base: string;
let steadyId: string;
let flakyRequests = 0;

beforeAll(async () => {
  half = await startFake('openai', { script: (view) => (view.tools.some((t) => t.name === 'shelve_book') && flakyRequests++ % 2 === 0 ? { status: 500 } : wordMatchScript(view)) });
  // A provider that is gone: nothing listens on its port.
  dead = await startFake('openai');
  await dead.close();
  // Answers six requests, then dies with 503s.
  dying = await startFake('openai', { script: (view, n) => (n < 6 ? wordMatchScript(view) : { status: 503 }) });
  // A 500 for every request whose utterance has an even length, whatever the server (runs in parallel cannot
  // share the errors out unevenly): each suite run finishes with about half its trials answered.
  everyOther = await startFake('openai', { script: (view) => (view.utterance.length % 2 === 0 ? { status: 500 } : wordMatchScript(view)) });
  const model = (id: string, fake: FakeServer, extra: Record<string, unknown> = {}) => ({ id, provider: 'openai-chat', model: 'fake', baseUrl: fake.baseURL, unitPrice: 1, concurrency: 1, retries: 0, ...extra });
  s = await startEvalService(
    // `half` may lose up to all its answers and still finish: the run the issue found ranked first.
    { models: [model('openai/half', half, { maxErrorRate: 1 }), model('openai/dead', dead), model('openai/dying', dying), model('openai/flaky', everyOther, { maxErrorRate: 1, unitPrice: 0, concurrency: 4 })] },
    { OPENAI_API_KEY: 'test-key' },
  );
  flakyId = await uploadServer(s, 'Flaky shelf', FLAKY);
  steadyId = await uploadServer(s, 'Steady tracker');
  root = await mkdtemp(join(tmpdir(), 'toolmark-refunds-releases-'));
  await registerSigningKey(s.t.db, TEST_SIGNER.keyId, TEST_SIGNER.publicKeyPem);
  base = await s.app.listen({ host: '127.0.0.1', port: 0 });
}, 60_000);
afterAll(async () => {
  await s?.close();
  await Promise.all([half?.close(), dying?.close(), everyOther?.close()]);
  if (root) await rm(root, { recursive: true, force: true });
});

/** Build the evaluation release of one key now; its folder, manifest and metrics rows. */
async function releaseOf(key: string): Promise<{ dir: string; manifest: Manifest; metrics: RunMetricsRow[] }> {
  const outcomes = await buildReleases({ db: s.t.db, root, license: 'CC-BY-4.0', siteUrl: base, codeVersion: 'test-code-1', signer: TEST_SIGNER, now: () => new Date() }, 'evaluation', (_kind, k) => k === key);
  expect(outcomes.map((o) => [o.key, o.status])).toEqual([[key, 'published']]);
  const dir = join(root, outcomes[0]!.releaseId);
  const manifest = ManifestSchema.parse(JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')));
  return { dir, manifest, metrics: (await jsonlRows(join(dir, 'metrics.jsonl'))) as RunMetricsRow[] };
}

/** A copy of a release with its metrics rows (and manifest) changed, every file re-hashed and the manifest re-signed: only the numbers can give it away. */
async function forged(dir: string, edit: (rows: RunMetricsRow[], m: Manifest) => void): Promise<string> {
  const copy = await mkdtemp(join(tmpdir(), 'toolmark-refunds-forged-'));
  await cp(dir, copy, { recursive: true });
  const m = ManifestSchema.parse(JSON.parse(await readFile(join(copy, 'manifest.json'), 'utf8')));
  const rows = (await jsonlRows(join(copy, 'metrics.jsonl'))) as RunMetricsRow[];
  edit(rows, m);
  const spec = tableOf('evaluation', 'metrics');
  for (const f of ['jsonl', 'csv', 'parquet']) await rm(join(copy, `metrics.${f}`));
  const writer = new TableWriter(copy, spec, undefined, { csvBom: m.csv?.bom ?? false });
  await writer.write(rows);
  await writer.close();
  for (const f of m.files) Object.assign(f, await fileFacts(join(copy, f.path)));
  await writeFile(join(copy, 'manifest.json'), `${JSON.stringify(m, null, 2)}\n`);
  await writeFile(join(copy, 'manifest.json.sig'), signatureFile(await readFile(join(copy, 'manifest.json')), TEST_SIGNER));
  return copy;
}

const fields = (r: { differences: { file: string; row: number | null; field: string }[] }) => r.differences.map((d) => `${d.file}${d.row === null ? '' : `:${d.row}`} ${d.field}`);

/** The stored trials of a run: errors and answers with their units. */
async function storedOf(runId: string) {
  const rows = await s.t.sql<{ error: boolean; units: number }[]>`SELECT error, units FROM trials WHERE model_run_id = ${runId}`;
  const sum = (list: readonly { units: number }[]) => list.reduce((n, r) => n + r.units, 0);
  const errors = rows.filter((r) => r.error);
  const answered = rows.filter((r) => !r.error);
  return { rows, errors: errors.length, errorUnits: sum(errors), answered: answered.length, answeredUnits: sum(answered) };
}

async function generationUnitsOf(runId: string): Promise<number> {
  return (await s.t.sql<{ g: number }[]>`SELECT generation_units AS g FROM model_runs WHERE id = ${runId}`)[0]!.g;
}

async function creditsGranted(): Promise<number> {
  return (await s.t.sql<{ n: number }[]>`SELECT coalesce(sum(amount), 0)::int AS n FROM credits WHERE organisation_id = ${s.orgId}`)[0]!.n;
}

async function evaluate(serverId: string, model: string) {
  const res = await post(s, `/v1/servers/${serverId}/evaluations`, s.keys.script, { models: [model] });
  expect(res.statusCode, res.body).toBe(202);
  return waitForEvaluation(s, res.json().id, (e) => e.status === 'done' || e.status === 'failed');
}

describe('a finished run where half the trials got provider errors', () => {
  it('refunds exactly the unanswered trials\' units, says why, and is shown as incomplete', async () => {
    const creditsBefore = await creditsGranted();
    const usedBefore = (await spent(s)).used;
    const done = await evaluate(flakyId, 'openai/half');
    const run = done.runs[0]! as (typeof done.runs)[number] & { chargedUnits: number; complete: boolean | null; refunds: { reason: string; trials: number | null; units: number }[] };
    expect(run.status).toBe('done');
    const stored = await storedOf(run.id);
    // Every trial was stored (the run finished), half of them (rounded up: the first was an error) errors.
    expect(stored.rows.length).toBe(run.trials);
    expect(stored.errors).toBe(Math.ceil(run.trials / 2));
    expect(run.metrics!.errors).toBe(stored.errors);
    // Each trial was charged its price at the start: what the stored trials carry sums to the run's units.
    expect(stored.errorUnits + stored.answeredUnits).toBe(run.units - (await generationUnitsOf(run.id)));
    expect(stored.errorUnits).toBeGreaterThan(0);
    expect(run.refundedUnits).toBe(stored.errorUnits);
    expect(run.chargedUnits).toBe(run.units - stored.errorUnits);
    expect(run.refunds).toEqual([{ reason: 'provider_error', trials: stored.errors, units: stored.errorUnits, at: expect.any(String) }]);
    expect(done.refundedUnits).toBe(stored.errorUnits);
    // Refunded as credits; the month's use stays what the start charged.
    expect((await creditsGranted()) - creditsBefore).toBe(stored.errorUnits);
    expect((await spent(s)).used - usedBefore).toBe(run.units);
    // Answered X / Y, truthfully; below 95 %: not complete.
    expect([run.answeredTrials, run.trials]).toEqual([stored.answered, stored.rows.length]);
    expect(run.answeredCases).toBeLessThan(done.caseCount!);
    expect(run.complete).toBe(false);
  });

  it('the model\'s board lists it unranked as incomplete, below a complete run that is ranked', async () => {
    const steady = await evaluate(steadyId, 'openai/half');
    expect(steady.runs[0]!.status).toBe('done');
    expect(steady.runs[0]!.metrics!.errors).toBe(0);
    expect(steady.runs[0]!.refundedUnits).toBe(0);
    const res = await get(s, '/v1/leaderboards/evaluations?model=openai/half&generator=offline&casesPerTool=8');
    expect(res.statusCode, res.body).toBe(200);
    const board = res.json();
    expect(board.minAnsweredShare).toBe(0.95);
    expect(board.items.map((i: { server: { id: string }; rank: number | null; complete: boolean }) => [i.server.id, i.rank, i.complete])).toEqual([
      [steadyId, 1, true],
      [flakyId, null, false],
    ]);
    const flaky = board.items[1];
    expect(flaky.answeredTrials).toBeLessThan(flaky.trials);
    expect(flaky.distinguishable).toBe(false);
    // Cost and latency per row; no repeats, so no pass^k.
    const ranked = board.items[0];
    expect(ranked.units).toBe(steady.runs[0]!.units);
    expect(board.model.unitPrice).toBe(1);
    // The median latency of its answered trials sent to the provider, recomputed from the stored records.
    const latencies = (await s.t.sql<{ ms: number }[]>`SELECT (record->>'latencyMs')::float8 AS ms FROM trials WHERE model_run_id = ${ranked.runId} AND NOT error AND NOT cached`).map((r) => Math.round(r.ms)).sort((a, b) => a - b);
    const mid = latencies.length / 2;
    expect(ranked.medianLatencyMs).toBe(latencies.length % 2 === 1 ? latencies[Math.floor(mid)] : (latencies[mid - 1]! + latencies[mid]!) / 2);
    expect([ranked.k, ranked.passAtK, ranked.passHatK]).toEqual([1, null, null]);
  });
});

describe('a model\'s board ranks each server at its latest version', () => {
  it('a server whose tools changed leaves the board until it is evaluated on the new version', async () => {
    const board = async () => (await get(s, '/v1/leaderboards/evaluations?model=openai/half&generator=offline&casesPerTool=8')).json();
    const saved = await post(s, `/v1/servers/${steadyId}/lint`, s.keys.ci, { tools: [SURFACE.tools[0], SURFACE.tools[1]] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().version.created).toBe(true);
    const after = await board();
    expect(after.items.map((i: { server: { id: string } }) => i.server.id)).toEqual([flakyId]);
    expect(after.olderVersionRuns).toBe(1);

    // The release stands the runs as the board does: the incomplete run unranked with its answered share,
    // the steady server's run of its older version kept as history, unranked; nothing ranked.
    const release = await releaseOf('openai/half|none|en|offline|8|1');
    const flaky = after.items[0];
    expect(release.metrics.map((r) => [r.serverId, r.standing, r.rank])).toEqual([
      [flakyId, 'incomplete', null],
      [steadyId, 'older_version', null],
    ]);
    expect(release.metrics[0]).toMatchObject({ answeredTrials: flaky.answeredTrials, plannedTrials: flaky.trials, runId: flaky.runId, reason: `answered ${flaky.answeredTrials} / ${flaky.trials} trials, below the 95 % a ranked run needs` });
    expect(release.metrics[1]!.latestVersionId).not.toBe(release.metrics[1]!.versionId);
    expect(release.manifest).toMatchObject({ schemaVersion: 3, standings: { minAnsweredShare: 0.95, ranked: 0, incomplete: 1, olderVersion: 1 } });
    expect(await readFile(join(release.dir, 'README.md'), 'utf8')).toContain('This release: 0 ranked, 1 incomplete, 1 of older versions.');
    const ok = await verifyAgainst(release.dir, base, TEST_KEYS);
    expect(ok.differences).toEqual([]);
    expect([ok.ok, ok.boardServers]).toEqual([true, 1]);

    // Re-signed to rank the incomplete run: verify recomputes its standing from the trials, and the board disagrees.
    const ranksIt = await forged(release.dir, (rows) => Object.assign(rows[0]!, { standing: 'ranked', rank: 1, reason: null }));
    try {
      expect(fields(await verifyFolder(ranksIt, TEST_KEYS))).toEqual(['metrics.jsonl:1 rank', 'metrics.jsonl:1 standing', 'metrics.jsonl:1 reason']);
      expect(fields(await verifyAgainst(ranksIt, base, TEST_KEYS))).toEqual(expect.arrayContaining(['metrics.jsonl:1 modelBoard.complete', 'metrics.jsonl:1 modelBoard.ranked', 'metrics.jsonl:1 modelBoard.rank']));
    } finally {
      await rm(ranksIt, { recursive: true, force: true });
    }
    // Or with fewer trials planned than it holds, so it would look complete, and the manifest's counts to match: still refused.
    const plannedLess = await forged(release.dir, (rows, m) => {
      Object.assign(rows[0]!, { standing: 'ranked', rank: 1, reason: null, plannedTrials: rows[0]!.answeredTrials });
      m.standings = { minAnsweredShare: 0.95, ranked: 1, incomplete: 0, olderVersion: 1 };
    });
    try {
      // (Ranked, the run's trials would also enter the validity table: that differs too.)
      expect(fields(await verifyFolder(plannedLess, TEST_KEYS))).toEqual(expect.arrayContaining(['metrics.jsonl:1 plannedTrials']));
    } finally {
      await rm(plannedLess, { recursive: true, force: true });
    }
    await evaluate(steadyId, 'openai/half');
    const again = await board();
    expect(again.items.map((i: { server: { id: string }; rank: number | null }) => [i.server.id, i.rank])).toEqual([
      [steadyId, 1],
      [flakyId, null],
    ]);
    expect(again.items[0].versionSeq).toBe(2);
  });
});

describe('repeats', () => {
  it('the board publishes pass@k and pass^k over the cases with k scored trials, as the trials table counts them', async () => {
    const res = await post(s, `/v1/servers/${steadyId}/evaluations`, s.keys.script, { models: ['openai/half'], repeats: 2, casesPerTool: 2 });
    expect(res.statusCode, res.body).toBe(202);
    await waitForEvaluation(s, res.json().id, (e) => e.status === 'done');
    const board = (await get(s, '/v1/leaderboards/evaluations?model=openai/half&generator=offline&repeats=2&casesPerTool=2')).json();
    const item = board.items[0];
    expect(item.k).toBe(2);
    const perCase = await s.t.sql<{ scored: number; passed: number }[]>`
      SELECT count(*) FILTER (WHERE (record->'verdict'->>'scored')::boolean)::int AS scored,
             count(*) FILTER (WHERE (record->'verdict'->>'scored')::boolean AND (record->'verdict'->>'pass')::boolean)::int AS passed
      FROM trials WHERE model_run_id = ${item.runId} GROUP BY case_id`;
    const full = perCase.filter((c) => c.scored === 2);
    expect(full.length).toBeGreaterThan(0);
    expect([item.passAtK.numerator, item.passAtK.denominator]).toEqual([full.filter((c) => c.passed > 0).length, full.length]);
    expect([item.passHatK.numerator, item.passHatK.denominator]).toEqual([full.filter((c) => c.passed === 2).length, full.length]);
    expect(item.rank).toBe(1);
    // Without repeats there is nothing to publish: k is 1, both null (the first board test).
  });
});

describe('a run that fails', () => {
  it('on a dead provider refunds every trial (none was answered)', async () => {
    const done = await evaluate(steadyId, 'openai/dead');
    const run = done.runs[0]! as (typeof done.runs)[number] & { chargedUnits: number; complete: boolean | null; refunds: { reason: string; trials: number | null; units: number }[] };
    expect(run.status).toBe('failed');
    const stored = await storedOf(run.id);
    expect(stored.answered).toBe(0);
    expect(run.answeredTrials).toBe(0);
    expect(run.refundedUnits).toBe(run.units - (await generationUnitsOf(run.id)));
    expect(run.refunds.reduce((n, r) => n + r.units, 0)).toBe(run.refundedUnits);
    expect(run.refunds.map((r) => r.reason)).toEqual(['provider_error', 'not_sent']);
    expect(run.refunds[0]!.trials).toBe(stored.errors);
    expect(run.refunds[1]!.trials).toBe(run.trials - stored.errors);
    expect(run.complete).toBe(false);
  });

  it('after the provider died mid-run refunds every trial not answered, and keeps the answered ones charged', async () => {
    const done = await evaluate(steadyId, 'openai/dying');
    const run = done.runs[0]! as (typeof done.runs)[number] & { chargedUnits: number; refunds: { reason: string; trials: number | null; units: number }[] };
    expect(run.status).toBe('failed');
    expect(run.error!.code).toBe('error_rate_exceeded');
    const stored = await storedOf(run.id);
    expect(stored.answered).toBe(6);
    expect(run.answeredTrials).toBe(6);
    expect(run.chargedUnits).toBe(stored.answeredUnits + (await generationUnitsOf(run.id)));
    expect(run.refundedUnits).toBe(run.units - (await generationUnitsOf(run.id)) - stored.answeredUnits);
    expect(run.refunds.find((r) => r.reason === 'provider_error')).toMatchObject({ trials: stored.errors, units: stored.errorUnits });
  });
});

describe('the models board with an incomplete suite run', () => {
  it('lists the model unranked as incomplete with answered X / Y below the ranked baseline; its release stands the runs so and verifies against both boards', async () => {
    await seedDatabase(s.t);
    for (const m of ['openai/flaky', BASELINE_MODEL_ID]) {
      const res = await post(s, '/v1/leaderboards/models/runs', s.keys.admin, { models: [m], distractors: [] });
      expect(res.statusCode, res.body).toBe(202);
      const started = (res.json().evaluations as { evaluationId: string | null }[]).filter((e) => e.evaluationId !== null);
      expect(started).toHaveLength(MODELS_SUITE.servers.length);
      for (const e of started) expect((await waitForEvaluation(s, e.evaluationId!, (x) => x.status === 'done' || x.status === 'failed', 240_000)).status).toBe('done');
    }
    const res = await get(s, '/v1/leaderboards/models');
    expect(res.statusCode, res.body).toBe(200);
    const board = res.json();
    expect(board.minAnsweredShare).toBe(0.95);
    // What the suite runs answered, counted from the trials table.
    const [counts] = await s.t.sql<{ answered: number; trials: number }[]>`
      SELECT count(*) FILTER (WHERE NOT t.error)::int AS answered, count(*)::int AS trials
      FROM trials t JOIN model_runs mr ON mr.id = t.model_run_id JOIN evaluations e ON e.id = mr.evaluation_id JOIN servers sv ON sv.id = e.server_id
      WHERE mr.model_id = 'openai/flaky' AND mr.status = 'done' AND mr.distractors_key = '' AND sv.slug IN ${s.t.sql([...MODELS_SUITE.servers])}`;
    expect(counts!.answered).toBeGreaterThan(0);
    expect(counts!.answered / counts!.trials).toBeLessThan(0.95);
    expect(board.items.map((i: { model: { id: string }; rank: number | null; complete: boolean }) => [i.model.id, i.rank, i.complete])).toEqual([
      [BASELINE_MODEL_ID, 1, true],
      ['openai/flaky', null, false],
    ]);
    expect(board.items[1]).toMatchObject({ answeredTrials: counts!.answered, trials: counts!.trials, servers: MODELS_SUITE.servers.length, distinguishable: false });
    const line = board.curve.find((c: { model: { id: string } }) => c.model.id === 'openai/flaky');
    expect(line.points.map((p: { step: number; complete: boolean }) => [p.step, p.complete])).toEqual([[0, false]]);

    // Its release: every suite run incomplete and unranked, and verify agrees with the model's board and the models board.
    const release = await releaseOf(['openai/flaky', 'none', MODELS_SUITE.language, MODELS_SUITE.generator, MODELS_SUITE.casesPerTool, MODELS_SUITE.repeats].join('|'));
    expect(release.metrics).toHaveLength(MODELS_SUITE.servers.length);
    expect(release.metrics.every((r) => r.standing === 'incomplete' && r.rank === null)).toBe(true);
    expect(release.metrics.reduce((n, r) => n + r.answeredTrials, 0)).toBe(counts!.answered);
    expect(release.manifest.standings).toEqual({ minAnsweredShare: 0.95, ranked: 0, incomplete: MODELS_SUITE.servers.length, olderVersion: 0 });
    const ok = await verifyAgainst(release.dir, base, TEST_KEYS);
    expect(ok.differences).toEqual([]);
    expect([ok.ok, ok.boardServers]).toEqual([true, MODELS_SUITE.servers.length]);
    // Both boards were compared: one run planned differently on the instance shows on its model's board and in the models board's pooled count.
    const first = release.metrics[0]!;
    await s.t.sql`UPDATE model_runs SET trial_count = trial_count + 1 WHERE id = ${first.runId}`;
    try {
      expect(fields(await verifyAgainst(release.dir, base, TEST_KEYS))).toEqual(expect.arrayContaining(['metrics.jsonl:1 modelBoard.trials', 'metrics.jsonl modelsBoard.trials']));
    } finally {
      await s.t.sql`UPDATE model_runs SET trial_count = trial_count - 1 WHERE id = ${first.runId}`;
    }
  }, 600_000);
});
