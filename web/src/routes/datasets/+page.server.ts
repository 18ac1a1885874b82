import { api, ApiFailure, pageError } from '$lib/server/api';
import { callerOf } from '$lib/server/caller';
import type { PageServerLoad } from './$types';

/** Every published release; the page groups each kind and key's latest first, older versions below it. */
export const load: PageServerLoad = async (event) => {
  try {
    const { items } = await api.datasets(callerOf(event, false));
    const site = event.url.origin;
    return { releases: items, site };
  } catch (e) {
    if (e instanceof ApiFailure) pageError(e);
    throw e;
  }
};
