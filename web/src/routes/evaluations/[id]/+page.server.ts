// One evaluation: status, cases, answered trials per model (incomplete below the core's MIN_ANSWERED_SHARE),
// what each run was charged and refunded and why, pass@k / pass^k with repeats, each finished model's three metrics with
// counts and intervals, the comparison with the previous evaluation of the server, and the called-tools
// table. Everything comes aggregated from the API (the run's stored metrics): no trial is loaded here, so
// the page costs the same with 100 or 10 000 trials. Refreshes itself while queued or running.
import { MIN_ANSWERED_SHARE } from '@toolmark/benchmarks';
import { api, ApiFailure, pageError, type Answer } from '$lib/server/api';
import { calledTools } from '$lib/server/called-tools';
import { callerOf } from '$lib/server/caller';
import { visible, visibleName } from '$lib/server/visible';
import type { PageServerLoad } from './$types';

type Comparison = Answer<'GET /v1/evaluations/{id}/comparison'>['models'][number];

export const load: PageServerLoad = async (event) => {
  const caller = callerOf(event);
  const all = event.url.searchParams.get('tools') === 'all';
  // Both at once: the comparison lists only finished models (none yet: an empty list), and a failure of it
  // never hides the results.
  const comparison = api.comparison(caller, event.params.id).then((c) => c.models, () => [] as Comparison[]);
  let evaluation: Answer<'GET /v1/evaluations/{id}'>;
  try {
    evaluation = await api.evaluation(caller, event.params.id);
  } catch (e) {
    if (e instanceof ApiFailure) pageError(e, [404, 400]);
    throw e;
  }
  const compared = await comparison;
  const done = evaluation.status === 'done' || evaluation.status === 'failed';
  return {
    done,
    all,
    minAnsweredShare: MIN_ANSWERED_SHARE,
    evaluation: {
      id: evaluation.id,
      name: evaluation.name === null ? null : visibleName(evaluation.name),
      status: evaluation.status,
      server: { ...evaluation.server, name: visibleName(evaluation.server.name) },
      settings: evaluation.settings,
      caseCount: evaluation.caseCount,
      units: evaluation.units,
      refundedUnits: evaluation.refundedUnits,
      error: evaluation.error && visible(evaluation.error.message),
      createdAt: evaluation.createdAt,
      finishedAt: evaluation.finishedAt,
    },
    runs: evaluation.runs.map((r) => {
      const c = compared.find((x) => x.runId === r.id) ?? null;
      const m = r.metrics;
      return {
        id: r.id,
        model: { id: r.model.id, label: visibleName(r.model.label), baseline: r.model.baseline },
        status: r.status,
        trials: r.trials,
        answeredTrials: r.answeredTrials,
        answeredCases: r.answeredCases,
        complete: r.complete,
        reusedTrials: r.reusedTrials,
        units: r.units,
        refundedUnits: r.refundedUnits,
        chargedUnits: r.chargedUnits,
        refunds: r.refunds.map((x) => ({ reason: x.reason, trials: x.trials, units: x.units })),
        // Refunded before runs recorded why (migration run_refunds): said as such, never given a reason.
        unrecordedRefund: Math.max(0, r.refundedUnits - r.refunds.reduce((n, x) => n + x.units, 0)),
        error: r.error && visible(r.error.message),
        finishedAt: r.finishedAt,
        metrics: m && {
          selectionAcc: m.selectionAcc,
          argValidity: m.argValidity,
          falseCallRate: m.falseCallRate,
          errors: m.errors,
          truncated: m.truncated,
          providerErrors: m.providerErrors.map((g) => ({ code: g.code, count: g.count })),
          k: m.k,
          passAtK: m.passAtK,
          passHatK: m.passHatK,
        },
        called: m && calledTools(m.confusion, all),
        comparison: c && {
          previous: c.previous,
          selectionAcc: c.selectionAcc,
          argValidity: c.argValidity,
          falseCallRate: c.falseCallRate,
          paired: c.paired,
          differences: c.differences,
          unpairedReason: visible(c.unpairedReason),
          unpairedCode: c.unpairedCode,
        },
      };
    }),
  };
};
