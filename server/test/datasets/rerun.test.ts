// Reproducibility from a release alone: the service evaluates two public servers with the lexical baseline
// and a model behind a fake OpenAI Chat Completions server (a deterministic word matcher, FAKE numbers),
// with a distractor set; the evaluation releases then hold each run's inputs (tools exactly as shown, each
// surface once; the system prompt; the request settings in the provider's wire names; the suite), and the
// built CLI's `toolmark rerun` rebuilds every run from the release's files and compares every trial: the
// baseline and the deterministic fake reproduce exactly, another answerer differs trial by trial, and a
// tool description edited in the release is refused.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BASELINE_MODEL_ID, ManifestSchema, MODELS_SUITE, RunInputRowSchema, SuiteRowSchema, ToolDefRowSchema, TrialRowSchema, type Manifest, type RunInputRow, type ToolDefRow } from '@toolmark/benchmarks';
import type { FastifyInstance } from 'fastify';
import { registerSigningKey } from '@toolmark/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { bossSender } from '../../src/jobs/boss.js';
import { parseCatalogue } from '../../src/model-catalogue.js';
import { buildReleases, type BuildDeps } from '../../src/datasets/build.js';
import { fileFacts } from '../../src/datasets/file-facts.js';
import { verifyFolder } from '../../src/datasets/read-release.js';
import { post, startEvalService, uploadServer, waitForEvaluation, type EvalService } from '../evaluations/helpers.js';
import { startFake, type FakeServer } from '../fakes/llm-servers.mjs';
import { runCli } from '../helpers.js';
import { jsonlRows } from './helpers.js';
import { TEST_KEYS, TEST_SIGNER } from './signer.js';

const MIDDLE = { tools: [{ name: 'fetch_page', description: 'Fetch a web page by its URL and return its text.', inputSchema: { type: 'object', properties: { url: { type: 'string' } }, required: ['url'] } }, { name: 'list_links', description: 'List the links of a web page.', inputSchema: { type: 'object', properties: { url: { type: 'string' } }, required: ['url'] } }] };

let fake: FakeServer;
let other: FakeServer;
let s: EvalService;
let root: string;
let keyFile: string;
let baseline: Manifest;
let model: Manifest;

const dirOf = (m: Manifest) => join(root, m.id);
const runsOf = async (m: Manifest): Promise<RunInputRow[]> => (await jsonlRows(join(dirOf(m), 'runs.jsonl'))).map((r) => RunInputRowSchema.parse(r));
const toolsOf = async (m: Manifest): Promise<ToolDefRow[]> => (await jsonlRows(join(dirOf(m), 'tool_definitions.jsonl'))).map((r) => ToolDefRowSchema.parse(r));

beforeAll(async () => {
  fake = await startFake('openai');
  // Another "model": never calls a tool.
  other = await startFake('openai', { key: fake.key, script: () => ({ text: 'I would rather not.' }) });
  s = await startEvalService({ models: [{ id: 'openai/fake', provider: 'openai-chat', model: 'fake', baseUrl: fake.baseURL, unitPrice: 1, concurrency: 2, retries: 0, settings: { temperature: 0.5 } }] }, { OPENAI_API_KEY: fake.key });
  for (const [name, tools] of [['Issue tracker', undefined], ['Web pages', MIDDLE]] as const) {
    const id = await uploadServer(s, name, tools);
    const res = await post(s, `/v1/servers/${id}/evaluations`, s.keys.script, { models: [BASELINE_MODEL_ID, 'openai/fake'], distractors: ['memory'] });
    if (res.statusCode !== 202) throw new Error(`evaluation start: ${res.statusCode} ${res.body}`);
    await waitForEvaluation(s, res.json().id as string, (e) => e.status === 'done' || e.status === 'failed', 60_000);
  }
  root = await mkdtemp(join(tmpdir(), 'toolmark-rerun-'));
  keyFile = join(root, 'key.pem');
  const deps: BuildDeps = { db: s.t.db, root, license: 'CC-BY-4.0', siteUrl: 'http://127.0.0.1:9', codeVersion: 'test', signer: TEST_SIGNER, now: () => new Date('2026-12-01T00:00:00Z') };
  const out = await buildReleases(deps, 'evaluation');
  await writeFile(keyFile, TEST_SIGNER.publicKeyPem);
  const manifests = await Promise.all(out.map(async (o) => ManifestSchema.parse(JSON.parse(await readFile(join(root, o.releaseId, 'manifest.json'), 'utf8')))));
  baseline = manifests.find((m) => m.models[0]?.id === BASELINE_MODEL_ID)!;
  model = manifests.find((m) => m.models[0]?.id === 'openai/fake')!;
}, 240_000);
afterAll(async () => {
  await s?.close();
  await fake?.close();
  await other?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('the inputs an evaluation release holds', () => {
  it('each run: provider, model, endpoint, system prompt, settings as sent on the wire, seed, distractor sets; reproducible', async () => {
    expect(baseline.schemaVersion).toBe(3);
    const runs = await runsOf(model);
    expect(runs).toHaveLength(2);
    for (const r of runs) {
      expect(r.reproducible, r.note ?? '').toBe(true);
      expect(r).toMatchObject({ provider: 'openai-chat', model: 'fake', endpoint: fake.baseURL, distractors: [{ name: 'memory', toolCount: 9 }], repeats: 1, permute: true });
      expect(r.settings).toMatchObject({ temperature: 0.5, toolChoice: 'auto' });
      expect(r.request).toEqual({ model: 'fake', max_completion_tokens: r.settings.maxOutputTokens, tool_choice: 'auto', temperature: 0.5, seed: r.seed });
      expect(r.system).toMatch(/tool/i);
      expect(Date.parse(r.startedAt!)).toBeLessThanOrEqual(Date.parse(r.finishedAt!));
    }
    const lexical = await runsOf(baseline);
    expect(lexical.every((r) => r.provider === 'lexical' && r.request === null && r.endpoint === null && r.reproducible)).toBe(true);
  });

  it('the tools of every surface shown, each surface once, exactly as the fake model received them', async () => {
    const tools = await toolsOf(model);
    const runs = await runsOf(model);
    // Two server surfaces and the distractor set, each once (the set is shown with both servers).
    const surfaces = [...new Set(tools.map((t) => t.surfaceHash))];
    expect(surfaces.sort()).toEqual([...new Set([...runs.map((r) => r.surfaceHash), runs[0]!.distractors[0]!.hash])].sort());
    expect(new Set(tools.map((t) => `${t.surfaceHash}#${t.position}`)).size).toBe(tools.length);
    expect(tools.filter((t) => t.origin === 'memory')).toHaveLength(9);
    // What the fake received for one trial: the system prompt, the tools in the trial's order exactly as the rows show them, the settings.
    const trial = TrialRowSchema.parse((await jsonlRows(join(dirOf(model), 'trials.jsonl')))[0]);
    const run = runs.find((r) => r.runId === trial.runId)!;
    const sent = fake.requests.map((q) => q.body!).find((b) => JSON.stringify((b.messages as { role: string; content: string }[]).at(-1)!.content) === JSON.stringify(trial.utterance) && JSON.stringify((b.tools as { function: { name: string } }[]).map((t) => t.function.name)) === JSON.stringify(trial.order))!;
    expect(sent, 'the request of the first trial').toBeDefined();
    const shown = new Map(tools.filter((t) => t.surfaceHash === run.surfaceHash || t.origin === 'memory').map((t) => [t.name, t.shown] as const));
    expect(sent.tools).toEqual(trial.order!.map((n) => ({ type: 'function', function: { name: n, description: shown.get(n)!.description, parameters: shown.get(n)!.inputSchema } })));
    expect(sent.messages).toEqual([{ role: 'system', content: run.system }, { role: 'user', content: trial.utterance }]);
    for (const [k, v] of Object.entries(run.request!)) expect(sent[k], k).toEqual(v);
  });

  it("the models suite: no rows, since this release's setting (offline paraphrases) is not the suite's hand-written cases", async () => {
    const suite = (await jsonlRows(join(dirOf(model), 'suite.jsonl'))).map((r) => SuiteRowSchema.parse(r));
    expect(model.settings).toMatchObject({ generator: 'offline' });
    expect(MODELS_SUITE.generator).not.toBe('offline');
    expect(suite).toEqual([]);
  });

  it('verify passes on both releases', async () => {
    for (const m of [baseline, model]) {
      const report = await verifyFolder(dirOf(m), TEST_KEYS);
      expect(report.differences).toEqual([]);
    }
  });
});

describe('toolmark rerun', () => {
  it('the offline baseline reproduces its release trial for trial (exit 0)', async () => {
    const r = await runCli(['rerun', dirOf(baseline), '--key', keyFile, '--format', 'json'], { timeoutMs: 120_000 });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/lexical baseline/);
    const out = JSON.parse(r.stdout) as { release: string; runs: { trials: number; identical: number; differences: unknown[]; rates: Record<string, { release: string; rerun: string }> }[] };
    expect(out.release).toBe(baseline.id);
    expect(out.runs).toHaveLength(2);
    for (const run of out.runs) {
      expect(run.trials).toBeGreaterThan(10);
      expect(run.identical).toBe(run.trials);
      expect(run.rates.selectionAcc!.rerun).toBe(run.rates.selectionAcc!.release);
    }
  });

  it("a model run against the run's own endpoint (the deterministic fake) reproduces; the requests reach it", async () => {
    const before = fake.requests.length;
    const r = await runCli(['rerun', dirOf(model), '--key', keyFile], { env: { OPENAI_API_KEY: fake.key }, timeoutMs: 120_000 });
    expect(r.code, r.stderr + r.stdout).toBe(0);
    const trials = model.rows.trials!;
    expect(fake.requests.length - before).toBe(trials);
    expect(r.stdout).toMatch(new RegExp(`same run .* with openai-chat fake: (\\d+) of \\1 trials identical`));
  });

  it('another answerer (--base-url) differs trial by trial: exit 1, each difference named', async () => {
    const runs = await runsOf(model);
    const r = await runCli(['rerun', dirOf(model), '--key', keyFile, '--run', runs[0]!.runId, '--base-url', other.baseURL, '--format', 'json'], { env: { OPENAI_API_KEY: fake.key }, timeoutMs: 120_000 });
    expect(r.code, r.stderr).toBe(1);
    const out = JSON.parse(r.stdout) as { runs: { runId: string; identical: number; trials: number; differences: { caseId: string; field: string }[]; rates: { selectionAcc: { rerun: string } } }[] };
    expect(out.runs.map((x) => x.runId)).toEqual([runs[0]!.runId]);
    expect(out.runs[0]!.differences.some((d) => d.field === 'calls')).toBe(true);
    expect(out.runs[0]!.rates.selectionAcc.rerun).toMatch(/^0\//);
  });

  it('another provider (--provider anthropic against a fake Messages server with the same word matcher) answers the same trials', async () => {
    const anthropic = await startFake('anthropic');
    try {
      const runs = await runsOf(model);
      const r = await runCli(['rerun', dirOf(model), '--key', keyFile, '--provider', 'anthropic', '--model', 'fake-claude', '--base-url', anthropic.baseURL, '--retries', '0'], { env: { ANTHROPIC_API_KEY: anthropic.key }, timeoutMs: 120_000 });
      expect(r.code, r.stderr + r.stdout).toBe(0);
      expect(r.stdout).toMatch(/with anthropic fake-claude/);
      expect(anthropic.requests).toHaveLength(model.rows.trials!);
      const body = anthropic.requests[0]!.body!;
      expect(body).toMatchObject({ model: 'fake-claude', max_tokens: runs[0]!.settings.maxOutputTokens, tool_choice: { type: 'auto' }, system: runs[0]!.system });
    } finally {
      await anthropic.close();
    }
  });

  it('reads a release from its URL, the signature checked against the key the instance serves', async () => {
    await registerSigningKey(s.t.db, TEST_SIGNER.keyId, TEST_SIGNER.publicKeyPem);
    const app: FastifyInstance = await buildApp({ database: s.t, jobs: bossSender(s.boss), config: loadConfig({ TOOLMARK_LOG_LEVEL: 'silent', TOOLMARK_READ_CACHE_MS: '0', TOOLMARK_DATASETS_DIR: root }), logger: false, catalogue: parseCatalogue({ version: 1, models: [] }, 'test.json'), env: {} });
    try {
      const base = await app.listen({ host: '127.0.0.1', port: 0 });
      const r = await runCli(['rerun', `${base}/v1/datasets/${baseline.id}`], { timeoutMs: 120_000 });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).not.toMatch(/not checked/);
      expect(r.stdout.match(/^same run /gm)).toHaveLength(2);
      const missing = await runCli(['rerun', `${base}/v1/datasets/eval-nothing-v1`]);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toMatch(/answered 404/);
    } finally {
      await app.close();
    }
  });

  it('refuses a release whose tool description was edited: by the signature, and without a key by the hash the run recorded (exit 2)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'toolmark-rerun-tampered-'));
    try {
      await cp(dirOf(baseline), dir, { recursive: true });
      const path = join(dir, 'tool_definitions.jsonl');
      const text = await readFile(path, 'utf8');
      // The description in the definition and in the shown form alike (a consistent edit).
      const description = /"description":"([^"]*)"/.exec(text)![1]!;
      await writeFile(path, text.replaceAll(`"description":"${description}"`, `"description":"${description} Edited."`));
      const manifest = ManifestSchema.parse(JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')));
      const rehash = async () => {
        const files = await Promise.all(manifest.files.map(async (f) => (f.path === 'tool_definitions.jsonl' ? { ...f, ...(await fileFacts(path)) } : f)));
        await writeFile(join(dir, 'manifest.json'), `${JSON.stringify({ ...manifest, files }, null, 2)}\n`);
      };
      await rehash();
      const signed = await runCli(['rerun', dir, '--key', keyFile]);
      expect(signed.code).toBe(2);
      expect(signed.stderr).toMatch(/manifest\.json\.sig/);
      const unsigned = await runCli(['rerun', dir]);
      expect(unsigned.code).toBe(2);
      expect(unsigned.stderr).toMatch(/not checked/);
      expect(unsigned.stderr).toMatch(/tools shown hash to sha256:/);
      // Only the shown form edited (the definition left): refused too, by the row's own consistency.
      await writeFile(path, text.replace(`"description":"${description}"`, `"description":"${description} Edited."`));
      await rehash();
      const shownOnly = await runCli(['rerun', dir]);
      expect(shownOnly.code).toBe(2);
      expect(shownOnly.stderr).toMatch(/its shown form is not what its definition renders to/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
