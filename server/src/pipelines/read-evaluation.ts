import { answeredOf, isComplete, type EvaluationSettings, type Metrics } from '@toolmark/benchmarks';
import { getEvaluation, listEvaluations, type Database, type EvaluationView, type ModelRunRecord, type RunRefund } from '@toolmark/db';
import { modelRef, type Catalogue } from '../model-catalogue.js';
import type { Env } from './evaluation-plan.js';
import { notFound } from './errors.js';
import { canSee, type Viewer } from './visibility.js';

/** What the read pipelines need. */
export interface ReadDeps {
  db: Database;
  catalogue: Catalogue;
  env: Env;
}

/** A run's model as the API shows it: from the catalogue when it is still there, else from the run (listed as paused). */
export function runModelRef(deps: Pick<ReadDeps, 'catalogue' | 'env'>, run: Pick<ModelRunRecord, 'modelId' | 'provider' | 'baseline'>) {
  const entry = deps.catalogue.models.find((m) => m.id === run.modelId);
  if (entry) return modelRef(entry, deps.env);
  return { id: run.modelId, label: run.modelId, provider: run.provider, baseline: run.baseline, status: 'paused' as const, reason: 'no longer in the catalogue', unitPrice: 0, preselected: false };
}

/** The metrics of a finished run as the API shows them (from the core's Metrics). */
function runMetrics(metrics: unknown) {
  if (metrics === null || metrics === undefined) return null;
  const m = metrics as Metrics;
  return {
    selectionAcc: m.selectionAcc,
    argValidity: m.argValidity,
    falseCallRate: m.falseCallRate,
    passRate: m.passRate,
    errorRate: m.errorRate,
    scored: m.scored,
    truncated: m.truncated,
    errors: m.errors,
    verdicts: m.verdicts,
    providerErrors: m.providerErrors,
    confusion: m.confusion,
    k: m.k,
    passAtK: m.k > 1 ? m.passAtK : null,
    passHatK: m.k > 1 ? m.passHatK : null,
  };
}

/** Whether a run may be ranked (the core's one definition over its metrics and planned trials); null while it has not ended. */
export function runComplete(run: Pick<ModelRunRecord, 'status' | 'metrics' | 'trialCount'>): boolean | null {
  if (run.status === 'failed') return false;
  if (run.status !== 'done' || run.metrics === null || run.metrics === undefined) return null;
  return isComplete(answeredOf(run.metrics as Metrics, run.trialCount));
}

/** A run's refunds as the API shows them. */
export const refundsOf = (run: Pick<ModelRunRecord, 'refunds'>) => ((run.refunds ?? []) as RunRefund[]).map((r) => ({ reason: r.reason, trials: r.trials, units: r.units, at: new Date(r.at) }));

/** An evaluation in the API's shape. */
export function evaluationAnswer(deps: Pick<ReadDeps, 'catalogue' | 'env'>, view: EvaluationView) {
  const e = view.evaluation;
  const errorOf = (v: unknown) => (v === null || v === undefined ? null : (v as { code: string; message: string }));
  return {
    id: e.id,
    name: e.name,
    status: e.status,
    server: { id: view.server.id, slug: view.server.slug, name: view.server.name, versionId: e.serverVersionId, versionSeq: view.versionSeq },
    organisationId: e.organisationId,
    settings: e.settings as EvaluationSettings,
    caseCount: view.caseCount,
    caseSet: view.caseSetHash === null || view.caseSource === null ? null : { hash: view.caseSetHash, source: view.caseSource },
    units: e.units,
    refundedUnits: view.runs.reduce((n, r) => n + r.refundedUnits, 0),
    error: errorOf(e.error),
    createdAt: e.createdAt,
    finishedAt: e.finishedAt,
    runs: view.runs.map((r) => ({
      id: r.id,
      model: runModelRef(deps, r),
      status: r.status,
      comparabilityKey: r.comparabilityKey,
      units: r.units,
      refundedUnits: r.refundedUnits,
      chargedUnits: r.units - r.refundedUnits,
      refunds: refundsOf(r),
      trials: r.trialCount,
      answeredTrials: r.answeredTrials,
      answeredCases: r.answeredCases,
      complete: runComplete(r),
      reusedTrials: r.reusedTrials,
      metrics: r.status === 'done' ? runMetrics(r.metrics) : null,
      error: errorOf(r.error),
      startedAt: r.startedAt,
      finishedAt: r.finishedAt,
    })),
  };
}

/** An evaluation the viewer may see (its server is public or theirs), or a 404. */
export async function visibleEvaluation(db: Database, id: string, viewer: Viewer): Promise<EvaluationView> {
  const view = await getEvaluation(db, id);
  if (!view || !canSee(view.server, viewer)) throw notFound('evaluation', id);
  return view;
}

/** `GET /v1/evaluations/{id}`. */
export async function readEvaluation(deps: ReadDeps, id: string, viewer: Viewer) {
  return evaluationAnswer(deps, await visibleEvaluation(deps.db, id, viewer));
}

/** `GET /v1/servers/{id}/evaluations`: newest first. */
export async function readServerEvaluations(deps: ReadDeps, serverId: string, page: { limit: number; offset: number }) {
  const { total, items } = await listEvaluations(deps.db, serverId, page);
  return {
    total,
    limit: page.limit,
    offset: page.offset,
    items: items.map((view) => {
      const full = evaluationAnswer(deps, view);
      return {
        ...full,
        runs: full.runs.map((r) => ({
          id: r.id,
          model: r.model.id,
          label: r.model.label,
          baseline: r.model.baseline,
          status: r.status,
          selectionAcc: r.metrics?.selectionAcc ?? null,
          argValidity: r.metrics?.argValidity ?? null,
          falseCallRate: r.metrics?.falseCallRate ?? null,
          trials: r.trials,
          answeredTrials: r.answeredTrials,
          complete: r.complete,
        })),
      };
    }),
  };
}
