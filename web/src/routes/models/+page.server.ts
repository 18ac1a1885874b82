import { MODELS_SUITE, suiteLabel } from '@toolmark/benchmarks';
import { api, ApiFailure, pageError } from '$lib/server/api';
import { callerOf } from '$lib/server/caller';
import { visibleName } from '$lib/server/visible';
import type { PageServerLoad } from './$types';

// `/models?step=N`: the models leaderboard at step N of the suite (0: the server alone) and every model's curve.
export const load: PageServerLoad = async (event) => {
  const raw = Number.parseInt(event.url.searchParams.get('step') ?? '0', 10);
  const step = Number.isInteger(raw) && raw >= 0 && raw < MODELS_SUITE.steps.length ? raw : 0;
  const board = await api.modelsBoard(callerOf(event, false), MODELS_SUITE.steps[step]!.join(',')).catch((e: unknown) => {
    if (e instanceof ApiFailure) pageError(e, []);
    throw e;
  });
  return {
    step,
    suiteLabel: suiteLabel(board.suite),
    board: {
      ...board,
      suite: { ...board.suite, servers: board.suite.servers.map((s) => ({ ...s, name: s.name === null ? null : visibleName(s.name) })) },
    },
  };
};
