import { error } from '@sveltejs/kit';
import { api, ApiFailure } from '$lib/server/api';
import { callerOf } from '$lib/server/caller';
import { blocks } from '$lib/markdown';
import type { PageServerLoad } from './$types';

export const load: PageServerLoad = async (event) => {
  try {
    const caller = callerOf(event, false);
    const list = await api.rules(caller);
    const ids = [...new Set(list.items.filter((r) => r.active).map((r) => r.id))];
    const details = await Promise.all(ids.map((id) => api.rulesDetail(caller, id)));
    return { logs: details.map((d) => ({ id: d.id, hash: d.hash, blocks: blocks(d.changelog) })) };
  } catch (e) {
    if (e instanceof ApiFailure) error(502, e.message);
    throw e;
  }
};
