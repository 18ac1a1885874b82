// The models leaderboard: every catalogue model evaluated on the fixed, versioned suite (MODELS_SUITE:
// seeded public servers of the operator organisation, fixed case sets), pooled over the suite's servers
// under one comparability key per model, ranked with Wilson intervals (the baseline a labelled row); and
// per model the curve of pooled selectionAcc against the mean tools shown per request, one point per
// distractor step. A model whose runs are not all complete (the core's `isComplete`) is listed unranked.
import { MIN_ANSWERED_SHARE, MODELS_SUITE, type Rate } from '@toolmark/benchmarks';
import type { ModelsBoardQuerySchema } from '@toolmark/benchmarks/api';
import { finishedBoardRuns, firstOrganisation, getServerBySlug, type BoardRun } from '@toolmark/db';
import type { z } from 'zod';
import { pooledLatency } from './board-latency.js';
import { answeredOfRuns, chooseKey, distractorsOf, passKOf, pooled, rankedComplete, toolsShownPerRequest, unitsOf } from './board-ranking.js';
import { runModelRef, type ReadDeps } from './read-evaluation.js';

/** The suite's servers on this install: the operator organisation's public servers with the suite's slugs. */
export async function suiteServers(deps: Pick<ReadDeps, 'db'>): Promise<{ slug: string; id: string | null; name: string | null; versionId: string | null }[]> {
  const operator = await firstOrganisation(deps.db);
  const found = [];
  for (const slug of MODELS_SUITE.servers) {
    const s = operator ? await getServerBySlug(deps.db, slug) : undefined;
    const ours = s && s.organisationId === operator?.id && s.public && s.deletedAt === null;
    found.push({ slug, id: ours ? s.id : null, name: ours ? s.name : null, versionId: ours ? s.latestVersionId : null });
  }
  return found;
}

/** One model pooled over the suite at one distractor setting. */
interface Pooled {
  key: string;
  runs: BoardRun[];
  toolsShown: number;
  selectionAcc: Rate;
  argValidity: Rate;
  falseCallRate: Rate;
}

/**
 * Each catalogue model's pooled numbers over the suite's servers at one distractor setting (models without
 * runs left out). Only runs on each server's latest version count: a run on an older version was shown other
 * tools, so every model is pooled over the same tools, and a server whose tools changed counts again for a
 * model once the suite has run it on the new version (`toolmark suite run` / `POST …/models/runs` start
 * just those).
 */
async function poolAt(deps: ReadDeps, suite: { id: string; versionId: string | null }[], distractors: readonly string[], language: string): Promise<Map<string, Pooled>> {
  const out = new Map<string, Pooled>();
  const serverIds = suite.map((s) => s.id);
  const latest = new Set(suite.map((s) => s.versionId));
  if (serverIds.length === 0) return out;
  const found = await finishedBoardRuns(deps.db, {
    modelIds: deps.catalogue.models.map((m) => m.id),
    distractorsKey: distractors.join(','),
    language,
    generator: MODELS_SUITE.generator,
    casesPerTool: MODELS_SUITE.casesPerTool,
    repeats: MODELS_SUITE.repeats,
    serverIds,
  });
  const runs = found.filter((r) => latest.has(r.versionId));
  for (const entry of deps.catalogue.models) {
    const { key, perServer } = chooseKey(runs.filter((r) => r.modelId === entry.id));
    if (key === null) continue;
    out.set(entry.id, {
      key,
      runs: perServer,
      toolsShown: toolsShownPerRequest(perServer),
      selectionAcc: pooled(perServer, (m) => m.selectionAcc),
      argValidity: pooled(perServer, (m) => m.argValidity),
      falseCallRate: pooled(perServer, (m) => m.falseCallRate),
    });
  }
  return out;
}

/** `GET /v1/leaderboards/models`: the ranking at the asked step (default: no distractor set) and every model's curve over the suite's steps. */
export async function modelsBoard(deps: ReadDeps, q: z.output<typeof ModelsBoardQuerySchema>) {
  const distractors = distractorsOf(q.distractors);
  const servers = await suiteServers(deps);
  const ids = servers.flatMap((s) => (s.id === null ? [] : [{ id: s.id, versionId: s.versionId }]));
  const steps = MODELS_SUITE.steps.map((s) => [...s]);
  const atSteps: Map<string, Pooled>[] = [];
  for (const step of steps) atSteps.push(await poolAt(deps, ids, step, MODELS_SUITE.language));
  const asked = steps.findIndex((s) => s.join(',') === distractors.join(','));
  const here = asked >= 0 && q.language === MODELS_SUITE.language ? atSteps[asked]! : await poolAt(deps, ids, distractors, q.language);
  const refOf = (id: string) => {
    const entry = deps.catalogue.models.find((m) => m.id === id)!;
    return runModelRef(deps, { modelId: id, provider: entry.provider, baseline: entry.provider === 'lexical' });
  };
  const rows = await Promise.all(
    [...here.entries()].map(async ([id, p]) => {
      const answered = answeredOfRuns(p.runs);
      return {
        name: id,
        id,
        complete: answered.complete,
        answeredTrials: answered.answered,
        trials: answered.planned,
        model: refOf(id),
        comparabilityKey: p.key,
        servers: p.runs.length,
        toolsShown: p.toolsShown,
        selectionAcc: p.selectionAcc,
        argValidity: p.argValidity,
        falseCallRate: p.falseCallRate,
        ...passKOf(p.runs),
        units: unitsOf(p.runs),
        medianLatencyMs: await pooledLatency(deps, p.runs.map((r) => r.runId)),
      };
    }),
  );
  const curve = deps.catalogue.models.flatMap((entry) => {
    const points = atSteps.flatMap((at, step) => {
      const p = at.get(entry.id);
      return p ? [{ step, distractors: steps[step]!, toolsShown: p.toolsShown, complete: answeredOfRuns(p.runs).complete, servers: p.runs.length, selectionAcc: p.selectionAcc, comparabilityKey: p.key }] : [];
    });
    return points.length > 0 ? [{ model: refOf(entry.id), points }] : [];
  });
  return {
    suite: {
      id: MODELS_SUITE.id,
      version: MODELS_SUITE.version,
      servers: servers.map(({ slug, id, name }) => ({ slug, id, name })),
      language: q.language,
      casesPerTool: MODELS_SUITE.casesPerTool,
      repeats: MODELS_SUITE.repeats,
      generator: MODELS_SUITE.generator,
      steps,
      distractors,
    },
    minAnsweredShare: MIN_ANSWERED_SHARE,
    items: rankedComplete(rows).map(({ name: _name, id: _id, ...r }) => r),
    curve,
  };
}
