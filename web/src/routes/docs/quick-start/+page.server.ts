import { error } from '@sveltejs/kit';
import { api, ApiFailure } from '$lib/server/api';
import { callerOf } from '$lib/server/caller';
import type { PageServerLoad } from './$types';

// The recipe's --fail-under is the latest rules version's sunny band (GET /v1/rules/{id}), not a literal.
export const load: PageServerLoad = async (event) => {
  try {
    const caller = callerOf(event, false);
    const list = await api.rules(caller);
    const { id, bands } = await api.rulesDetail(caller, list.latest);
    // A loopback address in a recipe meant for a GitHub-hosted runner reaches nothing: the page says so.
    const loopback = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/.test(event.url.hostname);
    return { origin: event.url.origin, loopback, rules: { id, bands } };
  } catch (e) {
    if (e instanceof ApiFailure) error(502, e.message);
    throw e;
  }
};
