import { api, ApiFailure, pageError } from '$lib/server/api';
import { callerOf } from '$lib/server/caller';
import type { PageServerLoad } from './$types';

/** The validity tables of the latest evaluation releases. */
export const load: PageServerLoad = async (event) => {
  try {
    const { items } = await api.datasets(callerOf(event, false));
    return { releases: items.filter((r) => r.latest && r.kind === 'evaluation' && r.validity !== null) };
  } catch (e) {
    if (e instanceof ApiFailure) pageError(e);
    throw e;
  }
};
