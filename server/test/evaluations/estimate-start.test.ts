// Estimate, start and status of evaluations through the API, with the real queue and workers on a fresh
// database, and a fake OpenAI-compatible model on 127.0.0.1 (the official SDK talks to it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASELINE_MODEL_ID } from '@toolmark/benchmarks';
import { createApiKey, createOrganisation } from '@toolmark/db';
import { startFake, type FakeServer } from '../fakes/llm-servers.mjs';
import { bearer, get, post, spent, startEvalService, uploadServer, waitForEvaluation, type EvalService } from './helpers.js';

let s: EvalService;
let fake: FakeServer;
let serverId: string;
const FAKE = 'openai/fake-mini';

beforeAll(async () => {
  fake = await startFake('openai');
  s = await startEvalService(
    {
      models: [
        { id: FAKE, provider: 'openai-chat', model: 'fake-mini', baseUrl: fake.baseURL, unitPrice: 1, concurrency: 4, retries: 0 },
        { id: 'anthropic/no-key', provider: 'anthropic', model: 'claude-x', unitPrice: 2 },
        { id: 'openai/paused', provider: 'openai', model: 'gpt-paused', unitPrice: 1, status: 'paused' },
      ],
    },
    { OPENAI_API_KEY: fake.key },
  );
  serverId = await uploadServer(s, 'Issue tracker');
}, 60_000);
afterAll(async () => {
  await s?.close();
  await fake?.close();
});

describe('the catalogue', () => {
  it('lists the baseline (0 units, labelled), an available model, one without a key as unavailable and a paused one', async () => {
    const res = await get(s, '/v1/models', s.keys.ci);
    expect(res.statusCode).toBe(200);
    const byId = Object.fromEntries((res.json().models as { id: string }[]).map((m) => [m.id, m]));
    expect(byId[BASELINE_MODEL_ID]).toMatchObject({ baseline: true, unitPrice: 0, status: 'enabled' });
    expect(byId[FAKE]).toMatchObject({ baseline: false, status: 'enabled', reason: null });
    expect(byId['anthropic/no-key']).toMatchObject({ status: 'unavailable' });
    expect((byId["anthropic/no-key"] as unknown as { reason: string }).reason).toContain('ANTHROPIC_API_KEY');
    expect(byId['openai/paused']).toMatchObject({ status: 'paused' });
  });
});

describe('estimate', () => {
  it('without a body: the preselected baseline, 0 units, and the balance; spends nothing', async () => {
    const before = await spent(s);
    const res = await post(s, `/v1/servers/${serverId}/evaluations/estimate`, s.keys.script);
    expect(res.statusCode, res.body).toBe(200);
    const e = res.json();
    expect(e.settings.models).toEqual([BASELINE_MODEL_ID]);
    expect(e.models).toHaveLength(1);
    expect(e.models[0].model.baseline).toBe(true);
    expect(e.units).toBe(0);
    expect(e.cases.held).toBe(false);
    expect(e.cases.count).toBeGreaterThan(0);
    expect(e.balance).toEqual({ month: expect.stringMatching(/^\d{4}-\d{2}$/), remaining: 1000, credits: 0 });
    expect(await spent(s)).toEqual(before);
  });

  it('a model costs its price per 1000 request tokens of each trial, rounded up per trial', async () => {
    const res = await post(s, `/v1/servers/${serverId}/evaluations/estimate`, s.keys.script, { models: [FAKE, BASELINE_MODEL_ID], repeats: 2 });
    expect(res.statusCode, res.body).toBe(200);
    const e = res.json();
    const [model, baseline] = e.models;
    // Three small tools and a short utterance are well under 1000 tokens: 1 unit per trial at price 1.
    expect(model.requestTokens).toBeLessThan(1000 * model.trials);
    expect(model.trials).toBe(e.cases.count * 2);
    expect(model.units).toBe(model.trials);
    expect(baseline.units).toBe(0);
    expect(e.units).toBe(model.units);
  });

  it('warns about a distractor tool named like a server tool and about more than 60 tools', async () => {
    const clash = await uploadServer(s, 'Graph notes', { tools: [{ name: 'read_graph', description: 'Read the whole knowledge graph of notes and return every entity.', inputSchema: { type: 'object', properties: {} } }] });
    const res = await post(s, `/v1/servers/${clash}/evaluations/estimate`, s.keys.script, { distractors: ['memory', 'playwright', 'notion', 'filesystem'] });
    expect(res.statusCode, res.body).toBe(200);
    const codes = (res.json().warnings as { code: string; names?: string[] }[]).map((w) => w.code);
    expect(codes).toContain('name_collision');
    expect(res.json().warnings.find((w: { code: string }) => w.code === 'name_collision').names.join(' ')).toContain('read_graph');
    if (res.json().cases.toolsShown > 60) expect(codes).toContain('many_tools');
  });

  it('refuses an unknown model (400), a paused or unavailable one (409), an unknown distractor set (400), naming the field', async () => {
    const url = `/v1/servers/${serverId}/evaluations/estimate`;
    const unknown = await post(s, url, s.keys.script, { models: ['openai/nope'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatchObject({ code: 'unknown_model', detail: { path: 'body.models.0' } });
    expect((await post(s, url, s.keys.script, { models: ['openai/paused'] })).json().error.code).toBe('model_paused');
    const noKey = await post(s, url, s.keys.script, { models: [BASELINE_MODEL_ID, 'anthropic/no-key'] });
    expect(noKey.statusCode).toBe(409);
    expect(noKey.json().error).toMatchObject({ code: 'model_unavailable', detail: { path: 'body.models.1' } });
    const set = await post(s, url, s.keys.script, { distractors: ['nosuch'] });
    expect(set.statusCode).toBe(400);
    expect(set.json().error.detail.path).toBe('body.distractors.0');
    expect((await post(s, url, s.keys.script, { repeats: 0 })).statusCode).toBe(400);
  });
});

describe('start and status', () => {
  it('a ci key cannot start (403) and nothing is created', async () => {
    const res = await post(s, `/v1/servers/${serverId}/evaluations`, s.keys.ci, {});
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('wrong_purpose');
    const [n] = await s.t.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM evaluations`;
    expect(n!.n).toBe(0);
  });

  it('another organisation cannot evaluate this server (403) or read its private evaluations (404)', async () => {
    const other = await createOrganisation(s.t.db, { name: 'Other', slug: 'other' });
    const key = (await createApiKey(s.t.db, { organisationId: other.id, purpose: 'script', name: 's' })).key;
    expect((await post(s, `/v1/servers/${serverId}/evaluations`, key, {})).statusCode).toBe(403);
  });

  it('202 with the id, units per run and Location; results per model; spends exactly the estimate', async () => {
    const body = { models: [BASELINE_MODEL_ID, FAKE], name: 'first' };
    const estimate = (await post(s, `/v1/servers/${serverId}/evaluations/estimate`, s.keys.script, { models: body.models })).json();
    const before = await spent(s);
    const res = await post(s, `/v1/servers/${serverId}/evaluations`, s.keys.script, body);
    expect(res.statusCode, res.body).toBe(202);
    const started = res.json();
    expect(res.headers.location).toBe(`/v1/evaluations/${started.id}`);
    expect(started.units).toBe(estimate.units);
    expect(started.runs.map((r: { model: string; units: number }) => [r.model, r.units])).toEqual(estimate.models.map((m: { model: { id: string }; units: number }) => [m.model.id, m.units]));
    expect((await spent(s)).used - before.used).toBe(estimate.units);
    const done = await waitForEvaluation(s, started.id, (e) => e.status === 'done');
    expect(done.caseCount).toBe(estimate.cases.count);
    for (const run of done.runs) {
      expect(run.status).toBe('done');
      expect(run.answeredCases).toBe(estimate.cases.count);
      expect(run.metrics!.selectionAcc.denominator).toBeGreaterThan(0);
      expect(run.metrics!.selectionAcc.ci95![0]).toBeLessThanOrEqual(run.metrics!.selectionAcc.value!);
      expect(run.metrics!.confusion.rows.length).toBeGreaterThan(0);
    }
    expect(done.runs[0]!.model.baseline).toBe(true);
    // Exactly what was estimated, no more: the workers charge nothing.
    expect((await spent(s)).used - before.used).toBe(estimate.units);
    const list = (await get(s, `/v1/servers/${serverId}/evaluations`)).json();
    expect(list.items[0]).toMatchObject({ id: started.id, name: 'first', status: 'done' });
  });

  it('a second evaluation reuses the cases and the held answers: it charges only the new repeat, exactly', async () => {
    const estimate = (await post(s, `/v1/servers/${serverId}/evaluations/estimate`, s.keys.script, { models: [FAKE], repeats: 2 })).json();
    const model = estimate.models[0];
    expect(estimate.cases.held).toBe(true);
    expect(model.reusedTrials).toBe(model.trials / 2);
    expect(model.units).toBe(model.trials / 2);
    const before = await spent(s);
    const requests = fake.requests.length;
    const res = await post(s, `/v1/servers/${serverId}/evaluations`, s.keys.script, { models: [FAKE], repeats: 2 });
    expect(res.json().units).toBe(model.units);
    const done = await waitForEvaluation(s, res.json().id, (e) => e.status === 'done');
    expect(done.runs[0]!.reusedTrials).toBe(model.trials / 2);
    expect(fake.requests.length - requests).toBe(model.trials / 2);
    expect((await spent(s)).used - before.used).toBe(model.units);
  });

  it('402 and nothing started when quota and credits fall short, and while a payment has failed', async () => {
    const count = async () => (await s.t.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM evaluations`)[0]!.n;
    const before = await count();
    const usedBefore = await spent(s);
    await s.t.sql`UPDATE organisations SET monthly_units_script = ${usedBefore.used + 1} WHERE id = ${s.orgId}`;
    const short = await post(s, `/v1/servers/${serverId}/evaluations`, s.keys.script, { models: [FAKE], repeats: 3 });
    expect(short.statusCode, short.body).toBe(402);
    expect(short.json().error.code).toBe('quota_exhausted');
    expect(await count()).toBe(before);
    expect(await spent(s)).toEqual(usedBefore);
    // Credits cover the rest: spent after the quota, nearest expiry first.
    await s.t.sql`INSERT INTO credits (organisation_id, amount, remaining, reason, expires_at) VALUES (${s.orgId}, 500, 500, 'later', now() + interval '90 days'), (${s.orgId}, 500, 500, 'sooner', now() + interval '10 days')`;
    await s.t.sql`UPDATE organisations SET payment_failed = true WHERE id = ${s.orgId}`;
    const unpaid = await post(s, `/v1/servers/${serverId}/evaluations`, s.keys.script, { models: [FAKE], repeats: 3 });
    expect(unpaid.statusCode).toBe(402);
    expect(unpaid.json().error.code).toBe('payment_failed');
    expect(await count()).toBe(before);
    await s.t.sql`UPDATE organisations SET payment_failed = false WHERE id = ${s.orgId}`;
    const paid = await post(s, `/v1/servers/${serverId}/evaluations`, s.keys.script, { models: [FAKE], repeats: 3 });
    expect(paid.statusCode, paid.body).toBe(202);
    const units = paid.json().units as number;
    const credits = await s.t.sql<{ reason: string; remaining: number }[]>`SELECT reason, remaining FROM credits WHERE organisation_id = ${s.orgId} ORDER BY expires_at`;
    expect(credits).toEqual([
      { reason: 'sooner', remaining: 500 - (units - 1) },
      { reason: 'later', remaining: 500 },
    ]);
    await waitForEvaluation(s, paid.json().id, (e) => e.status === 'done');
    await s.t.sql`UPDATE organisations SET monthly_units_script = 1000 WHERE id = ${s.orgId}`;
  });

  it('an unknown evaluation is a 404', async () => {
    const res = await get(s, '/v1/evaluations/00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
    expect(bearer('x')).toBeDefined();
  });
});
