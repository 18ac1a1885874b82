// An evaluation with `generator: "suite"` on real PostgreSQL, queues and workers: a seeded suite server
// gets exactly the hand-written suite's test half in the asked language (nothing generated, nothing charged
// for generation, the suite's cases-per-tool label), and the case browser shows those cases; a server the
// suite was not written for is a 400 naming body.generator, with nothing started.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASELINE_MODEL_ID, MODELS_SUITE } from '@toolmark/benchmarks';
import { readSuiteManifest, suiteCasesFor } from '@toolmark/distractors/suites';
import { seedDatabase } from '../../src/pipelines/seed.js';
import { get, post, startEvalService, uploadServer, waitForEvaluation, type EvalService } from './helpers.js';

let s: EvalService;
let context7: string;
let tracker: string;
const FOLDER = 'toolmark-public-v2';
const context7Hash = () => readSuiteManifest(FOLDER).servers.find((x) => x.slug === 'context7')!.surface.surfaceHash;

beforeAll(async () => {
  s = await startEvalService({ models: [] });
  await seedDatabase(s.t);
  context7 = (await get(s, '/v1/servers/context7')).json().server.id;
  tracker = await uploadServer(s, 'Issue tracker');
}, 60_000);
afterAll(async () => {
  await s?.close();
});

describe('the hand-written suite as an evaluation\'s cases', () => {
  for (const language of ['en', 'ja'] as const) {
    it(`a suite server gets the test half in ${language}, priced without generation`, async () => {
      const expected = suiteCasesFor(FOLDER, context7Hash(), { half: 'test', language })!;
      expect(expected.length).toBeGreaterThan(0);
      const body = { models: [BASELINE_MODEL_ID], generator: 'suite', language, casesPerTool: 3 };
      const estimate = await post(s, `/v1/servers/${context7}/evaluations/estimate`, s.keys.script, body);
      expect(estimate.statusCode, estimate.body).toBe(200);
      expect(estimate.json().settings).toMatchObject({ generator: MODELS_SUITE.generator, casesPerTool: MODELS_SUITE.casesPerTool, language });
      expect(estimate.json().cases).toMatchObject({ count: expected.length, generationUnits: 0 });
      const started = await post(s, `/v1/servers/${context7}/evaluations`, s.keys.script, body);
      expect(started.statusCode, started.body).toBe(202);
      const done = await waitForEvaluation(s, started.json().id, (e) => e.status === 'done' || e.status === 'failed');
      expect(done.status).toBe('done');
      const cases = (await get(s, `/v1/evaluations/${started.json().id}/cases?limit=100`, s.keys.script)).json();
      const ids = (cases.items as { caseId: string; utterance: string; language: string }[]).map((c) => c.caseId).sort();
      expect(ids).toEqual(expected.map((c) => c.id).sort());
      expect((cases.items as { language: string }[]).every((c) => c.language === language)).toBe(true);
      // Never a calibration case.
      const calibration = new Set(suiteCasesFor(FOLDER, context7Hash(), { half: 'calibration' })!.map((c) => c.id));
      expect(ids.some((id) => calibration.has(id))).toBe(false);
    }, 60_000);
  }

  it('a server the suite was not written for is refused, naming body.generator, and nothing starts', async () => {
    const before = (await s.t.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM evaluations`)[0]!.n;
    for (const url of [`/v1/servers/${tracker}/evaluations/estimate`, `/v1/servers/${tracker}/evaluations`]) {
      const res = await post(s, url, s.keys.script, { models: [BASELINE_MODEL_ID], generator: 'suite' });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'cases_unavailable', detail: { path: 'body.generator' } });
      expect(res.json().error.message).toMatch(/hand-written suite toolmark-public-v2 has no cases for these tools/);
    }
    expect((await s.t.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM evaluations`)[0]!.n).toBe(before);
  });
});
