import { BoundedMap, pairTrials, type Metrics, type PairedTrials, type Rate } from '@toolmark/benchmarks';
import { pairableTrials, previousFinishedRun } from '@toolmark/db';
import { UNPAIRED_REASONS, type UnpairedCode } from '@toolmark/benchmarks/api';
import { visibleEvaluation, type ReadDeps } from './read-evaluation.js';
import type { Viewer } from './visibility.js';

/**
 * Pairings of two finished runs, by their ids: a done run's trials never change, so neither does their
 * pairing (a page of an evaluation of 10 000 trials then does not read 2 × 2 000 trials per model on every
 * view). Kept per process for the most recently used pairs; a failed read is not kept.
 */
const pairings = new BoundedMap<string, Promise<PairedTrials>>({ capacity: 512 });

function pairingOf(deps: ReadDeps, baseRunId: string, headRunId: string): Promise<PairedTrials> {
  const key = `${baseRunId}:${headRunId}`;
  const hit = pairings.get(key);
  if (hit !== undefined) return hit;
  const value = Promise.all([pairableTrials(deps.db, baseRunId), pairableTrials(deps.db, headRunId)]).then(([a, b]) => pairTrials(a, b));
  value.catch(() => pairings.peek(key) === value && pairings.delete(key));
  pairings.set(key, value);
  return value;
}

const delta = (base: Rate, head: Rate) => ({ base, head, delta: base.value === null || head.value === null ? null : head.value - base.value });

/** Why a comparison is not paired: the code and its English text (UNPAIRED_REASONS). */
const unpaired = (code: UnpairedCode): { unpairedReason: string; unpairedCode: UnpairedCode } => ({ unpairedReason: UNPAIRED_REASONS[code], unpairedCode: code });

/**
 * `GET /v1/evaluations/{id}/comparison`: each finished model run against the newest earlier run of the
 * same model on the same server that has results — the rates and their change, and where both runs share
 * the case set and the comparability key, `toolmark diff`'s paired sign test over trials matched by case
 * and repeat (the core's `pairTrials`).
 */
export async function compareEvaluation(deps: ReadDeps, id: string, viewer: Viewer) {
  const view = await visibleEvaluation(deps.db, id, viewer);
  // Each model on its own (its queries run side by side on the pool), in run order.
  const models = await Promise.all(view.runs.filter((run) => run.status === 'done').map(async (run) => {
    const base = await previousFinishedRun(deps.db, { serverId: view.server.id, modelId: run.modelId, before: view.evaluation.createdAt, excludeEvaluationId: view.evaluation.id });
    const head = run.metrics as Metrics;
    if (!base) {
      return { model: run.modelId, runId: run.id, previous: null, selectionAcc: null, argValidity: null, falseCallRate: null, paired: null, ...unpaired('no_previous') };
    }
    const before = base.run.metrics as Metrics;
    const sameCases = base.caseSetId !== null && base.caseSetId === view.evaluation.caseSetId;
    const sameKey = base.run.comparabilityKey === run.comparabilityKey;
    const paired = sameCases && sameKey ? await pairingOf(deps, base.run.id, run.id) : null;
    return {
      model: run.modelId,
      runId: run.id,
      previous: { evaluationId: base.run.evaluationId, runId: base.run.id, versionSeq: base.versionSeq, finishedAt: base.run.finishedAt! },
      selectionAcc: delta(before.selectionAcc, head.selectionAcc),
      argValidity: delta(before.argValidity, head.argValidity),
      falseCallRate: delta(before.falseCallRate, head.falseCallRate),
      paired: paired && { pairs: paired.pairs, regressed: paired.regressed, improved: paired.improved, pValue: paired.pValue, significant: paired.significant, unpaired: paired.unpaired },
      ...(paired ? { unpairedReason: null, unpairedCode: null } : unpaired(!sameCases ? 'different_cases' : 'different_settings')),
    };
  }));
  return { evaluationId: view.evaluation.id, models };
}
