// The leaderboard per model: for one model and the settings that make runs comparable, public servers
// ranked by selectionAcc with intervals. Only runs with one comparability key are ranked together: the
// requested key, else the key with the most servers (the newest on a tie). Each server is ranked at its
// latest version (a run on an older version was shown other tools); a run below the answered share of the
// core's `isComplete` is listed as incomplete, without a rank. Each row carries what the run cost (units,
// with the model's catalogue price on the answer), its median latency and, with repeats, pass@k / pass^k.
import { BASELINE_MODEL_ID, MIN_ANSWERED_SHARE, type Metrics } from '@toolmark/benchmarks';
import type { ModelBoardQuerySchema } from '@toolmark/benchmarks/api';
import { finishedBoardRuns } from '@toolmark/db';
import type { z } from 'zod';
import { runLatencies } from './board-latency.js';
import { answeredOfRuns, chooseKey, distractorsOf, passKOf, rankedComplete, unitsOf } from './board-ranking.js';
import { notFound } from './errors.js';
import { runModelRef, type ReadDeps } from './read-evaluation.js';

/** `GET /v1/leaderboards/evaluations`. */
export async function modelBoard(deps: ReadDeps, q: z.output<typeof ModelBoardQuerySchema>) {
  const distractors = distractorsOf(q.distractors);
  const found = await finishedBoardRuns(deps.db, { modelIds: [q.model], distractorsKey: distractors.join(','), language: q.language, generator: q.generator, casesPerTool: q.casesPerTool, repeats: q.repeats });
  const entry = deps.catalogue.models.find((m) => m.id === q.model);
  if (!entry && found.length === 0) throw notFound('model', q.model);
  const runs = found.filter((r) => r.versionId === r.latestVersionId);
  const { key, keys, perServer } = chooseKey(runs, q.key);
  const latency = await runLatencies(deps, perServer.map((r) => r.runId));
  const rows = rankedComplete(
    perServer.map((r) => {
      const m = r.metrics as Metrics;
      const answered = answeredOfRuns([r]);
      return { name: r.server.name, id: r.runId, run: r, complete: answered.complete, answered, selectionAcc: m.selectionAcc, argValidity: m.argValidity, falseCallRate: m.falseCallRate };
    }),
  );
  return {
    model: runModelRef(deps, { modelId: q.model, provider: entry?.provider ?? q.model.split('/')[0]!, baseline: q.model === BASELINE_MODEL_ID }),
    settings: { distractors, language: q.language, generator: q.generator, casesPerTool: q.casesPerTool, repeats: q.repeats },
    comparabilityKey: key,
    otherKeys: keys.filter((k) => !k.selected).map((k) => k.key),
    keys,
    minAnsweredShare: MIN_ANSWERED_SHARE,
    olderVersionRuns: found.length - runs.length,
    total: rows.length,
    limit: q.limit,
    offset: q.offset,
    items: rows.slice(q.offset, q.offset + q.limit).map((r) => ({
      rank: r.rank,
      complete: r.complete,
      answeredTrials: r.answered.answered,
      trials: r.answered.planned,
      server: r.run.server,
      versionId: r.run.versionId,
      versionSeq: r.run.versionSeq,
      evaluationId: r.run.evaluationId,
      runId: r.run.runId,
      finishedAt: r.run.finishedAt,
      selectionAcc: r.selectionAcc,
      argValidity: r.argValidity,
      falseCallRate: r.falseCallRate,
      ...passKOf([r.run]),
      units: unitsOf([r.run]),
      medianLatencyMs: latency.get(r.run.runId) ?? null,
      distinguishable: r.distinguishable,
      group: r.group,
    })),
  };
}
