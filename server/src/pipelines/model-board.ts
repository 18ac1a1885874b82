// The leaderboards per model: for one model and the settings that make runs comparable, public servers
// ranked by selectionAcc with intervals; and the models leaderboard, every model pooled over the suite of
// seeded public servers. Only runs with the same comparability key are ranked together.
import { BASELINE_MODEL_ID, rate, type Metrics, type Rate } from '@toolmark/benchmarks';
import type { ModelBoardQuerySchema, ModelsBoardQuerySchema } from '@toolmark/benchmarks/api';
import { finishedBoardRuns, firstOrganisation, type BoardRun } from '@toolmark/db';
import type { z } from 'zod';
import { availableDistractorSets } from '../eval/distractors.js';
import { notFound, PipelineError } from './errors.js';
import { runModelRef, type ReadDeps } from './read-evaluation.js';

/** The distractor sets of a query (`a,b`), checked and in the stored order. */
function distractorsOf(text: string): string[] {
  const names = [...new Set(text.split(',').map((s) => s.trim()).filter(Boolean))].sort();
  const known = availableDistractorSets();
  for (const n of names) if (!known.includes(n)) throw new PipelineError('invalid', 'unknown_distractor_set', `query.distractors: no distractor set "${n}"; available: ${known.join(', ')}`, { path: 'query.distractors', names: known });
  return names;
}

/** Whether interval `below` lies wholly under interval `above` (distinguishable); not when either is missing. */
function separated(above: Rate, below: Rate): boolean {
  return above.ci95 !== null && below.ci95 !== null && below.ci95[1] < above.ci95[0];
}

/** Rank by selectionAcc (null last), then name; mark each row against the one above. */
function ranked<T extends { selectionAcc: Rate; name: string }>(rows: T[]): (T & { rank: number; distinguishable: boolean })[] {
  const sorted = [...rows].sort((a, b) => (b.selectionAcc.value ?? -1) - (a.selectionAcc.value ?? -1) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return sorted.map((r, i) => ({ ...r, rank: i + 1, distinguishable: i === 0 ? true : separated(sorted[i - 1]!.selectionAcc, r.selectionAcc) }));
}

/** The newest key among runs (newest first), the other keys seen, and each server's newest run under that key (the board's and the dataset releases' one definition). */
export function newestKey<R extends Pick<BoardRun, 'comparabilityKey' | 'server'>>(runs: readonly R[]): { key: string | null; others: string[]; perServer: R[] } {
  const key = runs[0]?.comparabilityKey ?? null;
  const others = [...new Set(runs.map((r) => r.comparabilityKey))].filter((k) => k !== key);
  const seen = new Set<string>();
  const perServer: R[] = [];
  for (const r of runs) {
    if (r.comparabilityKey !== key || seen.has(r.server.id)) continue;
    seen.add(r.server.id);
    perServer.push(r);
  }
  return { key, others, perServer };
}

/** `GET /v1/leaderboards/evaluations`. */
export async function modelBoard(deps: ReadDeps, q: z.output<typeof ModelBoardQuerySchema>) {
  const distractors = distractorsOf(q.distractors);
  const runs = await finishedBoardRuns(deps.db, { modelIds: [q.model], distractorsKey: distractors.join(','), language: q.language, generator: q.generator, casesPerTool: q.casesPerTool, repeats: q.repeats });
  const entry = deps.catalogue.models.find((m) => m.id === q.model);
  if (!entry && runs.length === 0) throw notFound('model', q.model);
  const { key, others, perServer } = newestKey(runs);
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
    otherKeys: others,
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

/** The suite's settings: the seeded servers with the default case set (8 per tool, one repeat, offline cases). */
export const SUITE = { casesPerTool: 8, repeats: 1, generator: 'offline' } as const;

/**
 * `GET /v1/leaderboards/models`: every catalogue model evaluated on the suite (the public servers of the
 * operator organisation, i.e. the seeded ones), pooled counts over the suite's servers under its newest
 * comparability key, ranked with Wilson intervals; the baseline is a labelled row. Asking with growing
 * distractor sets gives accuracy against the number of tools shown.
 */
export async function modelsBoard(deps: ReadDeps, q: z.output<typeof ModelsBoardQuerySchema>) {
  const distractors = distractorsOf(q.distractors);
  const operator = await firstOrganisation(deps.db);
  const runs = await finishedBoardRuns(deps.db, { modelIds: deps.catalogue.models.map((m) => m.id), distractorsKey: distractors.join(','), language: q.language, ...SUITE });
  const suite = runs.filter((r) => r.organisationId === operator?.id);
  const servers = new Map<string, { id: string; slug: string }>();
  const rows = deps.catalogue.models.flatMap((entry) => {
    const { key, perServer } = newestKey(suite.filter((r) => r.modelId === entry.id));
    if (key === null) return [];
    const sum = (pick: (m: Metrics) => Rate) => {
      let n = 0;
      let d = 0;
      for (const r of perServer) {
        const x = pick(r.metrics as Metrics);
        n += x.numerator;
        d += x.denominator;
      }
      return rate(n, d);
    };
    for (const r of perServer) servers.set(r.server.id, { id: r.server.id, slug: r.server.slug });
    const shown = perServer.map((r) => (r.facts as { toolsShown?: number } | null)?.toolsShown ?? 0);
    return [{ name: entry.id, model: runModelRef(deps, { modelId: entry.id, provider: entry.provider, baseline: entry.provider === 'lexical' }), comparabilityKey: key, servers: perServer.length, toolsShown: shown.length === 0 ? 0 : shown.reduce((a, b) => a + b, 0) / shown.length, selectionAcc: sum((m) => m.selectionAcc), argValidity: sum((m) => m.argValidity), falseCallRate: sum((m) => m.falseCallRate) }];
  });
  return {
    suite: { servers: [...servers.values()].sort((a, b) => (a.slug < b.slug ? -1 : 1)), distractors, language: q.language },
    items: ranked(rows).map(({ name: _name, ...r }) => r),
  };
}
