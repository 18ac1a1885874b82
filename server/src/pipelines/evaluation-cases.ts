import type { CaseQuerySchema } from '@toolmark/benchmarks/api';
import { caseSetCases, trialsOfRuns } from '@toolmark/db';
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
  const cases = view.evaluation.caseSetId ? await caseSetCases(deps.db, view.evaluation.caseSetId) : [];
  const runs = new Map(view.runs.map((r) => [r.id, r] as const));
  const trials = await trialsOfRuns(deps.db, view.runs.map((r) => r.id));
  const byCase = new Map<string, typeof trials>();
  for (const t of trials) {
    const list = byCase.get(t.record.caseId) ?? [];
    list.push(t);
    byCase.set(t.record.caseId, list);
  }
  const missedBy = (caseId: string): number => {
    const missed = new Set<string>();
    for (const t of byCase.get(caseId) ?? []) if (t.record.verdict.scored && !t.record.verdict.pass) missed.add(t.runId);
    return missed.size;
  };
  const kept = cases.filter((c) => {
    if (query.kind !== undefined && c.kind !== query.kind) return false;
    if (query.missed === 'any' && missedBy(c.id) === 0) return false;
    if (query.missed === 'one' && missedBy(c.id) !== 1) return false;
    if (query.errorKind !== undefined && !(byCase.get(c.id) ?? []).some((t) => (query.errorKind === 'provider' ? t.record.error !== null : t.record.verdict.argErrors.some((e) => e.kind === query.errorKind)))) return false;
    return true;
  });
  const page = kept.slice(query.offset, query.offset + query.limit);
  return {
    total: kept.length,
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
