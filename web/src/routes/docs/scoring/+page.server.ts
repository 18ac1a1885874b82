import { error } from '@sveltejs/kit';
import { api, ApiFailure } from '$lib/server/api';
import { callerOf } from '$lib/server/caller';
import type { PageServerLoad } from './$types';

export const load: PageServerLoad = async (event) => {
  try {
    const caller = callerOf(event, false);
    const list = await api.rules(caller);
    return { rules: await api.rulesDetail(caller, list.latest) };
  } catch (e) {
    if (e instanceof ApiFailure) error(502, e.message);
    throw e;
  }
};
