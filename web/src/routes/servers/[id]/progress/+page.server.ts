import { api, ApiFailure, pageError } from '$lib/server/api';
import { callerOf } from '$lib/server/caller';
import { visible, visibleName } from '$lib/server/visible';
import type { PageServerLoad } from './$types';

export const load: PageServerLoad = async (event) => {
  const caller = callerOf(event);
  try {
    const [{ server, versions }, list] = await Promise.all([api.server(caller, event.params.id), api.rules(caller)]);
    const latestRules = list.items.find((r) => r.active && r.id === list.latest);
    const latest = versions.find((v) => v.id === server.latestVersionId);
    const score = latest?.scores.find((s) => s.rulesId === latestRules?.id && s.rulesHash === latestRules?.hash) ?? null;
    const failure = server.captureStatus === 'failed' ? ((server.captureError ?? {}) as { message?: string; willRetry?: boolean }) : null;
    const state = score ? 'scored' : failure && !failure.willRetry ? 'failed' : ((server.captureStatus ?? 'queued') as string);
    return {
      server: { id: server.id, name: visibleName(server.name) },
      state,
      done: state === 'scored' || state === 'failed',
      failure: failure ? visible(failure.message ?? '') : null,
      score: score && { score: score.score, band: score.band, critical: score.critical, required: score.required, minor: score.minor, toolCount: latest?.toolCount ?? 0 },
    };
  } catch (e) {
    if (e instanceof ApiFailure) pageError(e, [404, 400]);
    throw e;
  }
};
