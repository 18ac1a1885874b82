import { parseRules } from '$lib/format';
import { api, ApiFailure, pageError } from '$lib/server/api';
import { callerOf } from '$lib/server/caller';
import { visible, visibleName } from '$lib/server/visible';
import type { PageServerLoad } from './$types';

export const load: PageServerLoad = async (event) => {
  const p = event.url.searchParams;
  const from = p.get('from') ?? '';
  const to = p.get('to') ?? '';
  const rules = parseRules(p.get('rules'));
  const caller = callerOf(event);
  try {
    const [detail, diff] = await Promise.all([api.server(caller, event.params.id), api.diff(caller, to, from, rules.id, rules.hash)]);
    const c = diff.changes;
    return {
      server: { id: detail.server.id, slug: detail.server.slug, name: visibleName(detail.server.name) },
      diff: {
        ...diff,
        base: { ...diff.base, label: visible(diff.base.label) },
        target: { ...diff.target, label: visible(diff.target.label) },
        changes: {
          ...c,
          toolsAdded: c.toolsAdded.map((t) => ({ ...t, name: visibleName(t.name) })),
          toolsRemoved: c.toolsRemoved.map((t) => ({ ...t, name: visibleName(t.name) })),
          toolsChanged: c.toolsChanged.map((t) => ({ ...t, name: visibleName(t.name) })),
        },
      },
    };
  } catch (e) {
    if (e instanceof ApiFailure) pageError(e, [404, 400]);
    throw e;
  }
};
