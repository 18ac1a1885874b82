// The leaderboard per model: for one model and the settings that make runs comparable, public servers
// ranked by selectionAcc with intervals. Only runs with one comparability key are ranked together: the
// requested key, else the key with the most servers (the newest on a tie).
import { BASELINE_MODEL_ID, type Metrics } from '@toolmark/benchmarks';
import type { ModelBoardQuerySchema } from '@toolmark/benchmarks/api';
import { finishedBoardRuns } from '@toolmark/db';
import type { z } from 'zod';
import { chooseKey, distractorsOf, ranked } from './board-ranking.js';
import { notFound } from './errors.js';
import { runModelRef, type ReadDeps } from './read-evaluation.js';

/** `GET /v1/leaderboards/evaluations`. */
export async function modelBoard(deps: ReadDeps, q: z.output<typeof ModelBoardQuerySchema>) {
  const distractors = distractorsOf(q.distractors);
  const runs = await finishedBoardRuns(deps.db, { modelIds: [q.model], distractorsKey: distractors.join(','), language: q.language, generator: q.generator, casesPerTool: q.casesPerTool, repeats: q.repeats });
  const entry = deps.catalogue.models.find((m) => m.id === q.model);
  if (!entry && runs.length === 0) throw notFound('model', q.model);
  const { key, keys, perServer } = chooseKey(runs, q.key);
  const rows = ranked(
    perServer.map((r) => {
      const m = r.metrics as Metrics;
      return { name: r.server.name, run: r, selectionAcc: m.selectionAcc, argValidity: m.argValidity, falseCallRate: m.falseCallRate };
    }),
  );
  return {
    model: runModelRef(deps, { modelId: q.model, provider: entry?.provider ?? q.model.split('/')[0]!, baseline: q.model === BASELINE_MODEL_ID }),
    settings: { distractors, language: q.language, generator: q.generator, casesPerTool: q.casesPerTool, repeats: q.repeats },
    comparabilityKey: key,
    otherKeys: keys.filter((k) => !k.selected).map((k) => k.key),
    keys,
    total: rows.length,
    limit: q.limit,
    offset: q.offset,
    items: rows.slice(q.offset, q.offset + q.limit).map((r) => ({
      rank: r.rank,
      server: r.run.server,
      versionId: r.run.versionId,
      versionSeq: r.run.versionSeq,
      evaluationId: r.run.evaluationId,
      runId: r.run.runId,
      finishedAt: r.run.finishedAt,
      selectionAcc: r.selectionAcc,
      argValidity: r.argValidity,
      falseCallRate: r.falseCallRate,
      distinguishable: r.distinguishable,
    })),
  };
}
