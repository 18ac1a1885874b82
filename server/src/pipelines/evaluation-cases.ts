import type { CaseQuerySchema } from '@toolmark/benchmarks/api';
import { caseBrowserPage } from '@toolmark/db';
import type { z } from 'zod';
import { PipelineError } from './errors.js';
import { runModelRef, visibleEvaluation, type ReadDeps } from './read-evaluation.js';
import type { Viewer } from './visibility.js';

/**
 * `GET /v1/evaluations/{id}/cases`: each utterance with every model's trials (calls, verdict, argument
 * errors), filtered like the case browser (missed by any model, by exactly one, an argument error kind or a
 * provider error, a case kind) and paged. Only the organisation that ran the evaluation sees them: utterances are built from
 * the server's tools.
 */
export async function readEvaluationCases(deps: ReadDeps, id: string, viewer: Viewer, query: z.output<typeof CaseQuerySchema>) {
  const view = await visibleEvaluation(deps.db, id, viewer);
  if (!viewer || viewer.organisationId !== view.evaluation.organisationId) {
    throw new PipelineError('forbidden', 'forbidden', `the cases of evaluation ${id} are shown only to the organisation that ran it`, { evaluationId: id });
  }
  const runs = new Map(view.runs.map((r) => [r.id, r] as const));
  // Filtered and paged in PostgreSQL: only the page's cases and their trials are read.
  const found = view.evaluation.caseSetId
    ? await caseBrowserPage(deps.db, { caseSetId: view.evaluation.caseSetId, runIds: view.runs.map((r) => r.id), filter: query, limit: query.limit, offset: query.offset })
    : { total: 0, cases: [], trials: [] };
  const byCase = new Map<string, typeof found.trials>();
  for (const t of found.trials) {
    const list = byCase.get(t.record.caseId) ?? [];
    list.push(t);
    byCase.set(t.record.caseId, list);
  }
  const page = found.cases;
  return {
    total: found.total,
    limit: query.limit,
    offset: query.offset,
    items: page.map((c) => ({
      caseId: c.id,
      kind: c.kind,
      language: c.language,
      utterance: c.utterance,
      expected: c.expected,
      pairedWith: c.pairedWith ?? null,
      trials: (byCase.get(c.id) ?? [])
        .sort((a, b) => runs.get(a.runId)!.ordinal - runs.get(b.runId)!.ordinal || a.record.trialIndex - b.record.trialIndex)
        .map((t) => {
          const run = runs.get(t.runId)!;
          const r = t.record;
          return {
            runId: t.runId,
            model: run.modelId,
            baseline: runModelRef(deps, run).baseline,
            repeat: r.trialIndex,
            order: r.order ?? null,
            calls: r.calls,
            text: r.text,
            truncated: r.truncated,
            error: r.error,
            verdict: r.verdict,
            latencyMs: r.latencyMs,
            cached: r.cached,
          };
        }),
    })),
  };
}
