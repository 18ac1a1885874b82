import { api, ApiFailure, pageError } from '$lib/server/api';
import { callerOf } from '$lib/server/caller';
import type { PageServerLoad } from './$types';

export const load: PageServerLoad = async (event) => {
  const caller = callerOf(event, false);
  try {
    const list = await api.rules(caller);
    return { rules: await api.rulesDetail(caller, event.url.searchParams.get('rules') ?? list.latest) };
  } catch (e) {
    if (e instanceof ApiFailure) pageError(e);
    throw e;
  }
};
