import { api, ApiFailure, pageError } from '$lib/server/api';
import { callerOf } from '$lib/server/caller';
import { visible, visibleName } from '$lib/server/visible';
import type { PageServerLoad } from './$types';

/** What a failed capture stored (server/src/jobs/capture-server.ts, CaptureFailure). */
type Failure = { message?: string; willRetry?: boolean; retry?: { notBefore?: string; by?: string } };

export const load: PageServerLoad = async (event) => {
  const caller = callerOf(event);
  try {
    const [{ server, versions }, list] = await Promise.all([api.server(caller, event.params.id), api.rules(caller)]);
    const latestRules = list.items.find((r) => r.active && r.id === list.latest);
    const latest = versions.find((v) => v.id === server.latestVersionId);
    const score = latest?.scores.find((s) => s.rulesId === latestRules?.id && s.rulesHash === latestRules?.hash) ?? null;
    const failure = server.captureStatus === 'failed' ? ((server.captureError ?? {}) as Failure) : null;
    // A failure that will be retried is not the end: the page keeps refreshing and says when.
    const state = score ? 'scored' : failure ? (failure.willRetry ? 'retrying' : 'failed') : ((server.captureStatus ?? 'queued') as string);
    return {
      server: { id: server.id, slug: server.slug, name: visibleName(server.name), source: server.source, sourcePackage: server.sourcePackage },
      state,
      done: state === 'scored' || state === 'failed',
      failure: failure ? visible(failure.message ?? '') : null,
      retry: failure?.willRetry && failure.retry?.notBefore && failure.retry.by ? { notBefore: failure.retry.notBefore, by: failure.retry.by } : null,
      score: score && { score: score.score, band: score.band, critical: score.critical, required: score.required, minor: score.minor, toolCount: latest?.toolCount ?? 0 },
    };
  } catch (e) {
    if (e instanceof ApiFailure) pageError(e, [404, 400]);
    throw e;
  }
};
