import { fail, redirect } from '@sveltejs/kit';
import { api, ApiFailure, pageError, type ApiKey } from '$lib/server/api';
import { callerOf } from '$lib/server/caller';
import { SESSION_COOKIE } from '$lib/server/session';
import { visibleName } from '$lib/server/visible';
import { localPath } from '$lib/i18n';
import type { Actions, PageServerLoad } from './$types';

/** The purposes the form offers: every one the API knows (the README's agent recipe needs an agent key). */
const PURPOSES = ['admin', 'ci', 'script', 'agent'] as const;

export const load: PageServerLoad = async (event) => {
  if (!event.locals.session) redirect(303, localPath(event.locals.lang, `/signin?next=${localPath(event.locals.lang, '/account')}`));
  const caller = callerOf(event);
  try {
    const [me, servers, usage] = await Promise.all([api.me(caller), api.myServers(caller), api.usage(caller)]);
    let keys: ApiKey[] | null = null;
    if (me.key.purpose === 'admin') keys = (await api.keys(caller)).items;
    return {
      deleted: event.url.searchParams.has('deleted'),
      me,
      usage: { ...usage, credits: { ...usage.credits, items: usage.credits.items.map((c) => ({ ...c, reason: visibleName(c.reason) })) } },
      // By name as a reader sorts (case and accents aside), not by code point ("b" before "Z").
      servers: [...servers.items].sort((a, b) => a.name.localeCompare(b.name, event.locals.lang, { sensitivity: 'base' })).map((s) => ({ id: s.id, slug: s.slug, name: visibleName(s.name), public: s.public, captureStatus: s.captureStatus, toolCount: s.toolCount, latestSeq: s.latestSeq })),
      keys: keys?.map((k) => ({ ...k, name: visibleName(k.name) })) ?? null,
    };
  } catch (e) {
    if (e instanceof ApiFailure && e.status === 401) {
      // The key was revoked: the session ends with it.
      event.cookies.delete(SESSION_COOKIE, { path: '/' });
      redirect(303, localPath(event.locals.lang, '/signin'));
    }
    if (e instanceof ApiFailure) pageError(e, []);
    throw e;
  }
};

export const actions: Actions = {
  create: async (event) => {
    if (!event.locals.session) redirect(303, localPath(event.locals.lang, `/signin?next=${localPath(event.locals.lang, '/account')}`));
    const form = await event.request.formData();
    const purpose = PURPOSES.find((p) => p === form.get('purpose'));
    const name = String(form.get('name') ?? '').trim();
    if (!purpose || name.length < 1 || name.length > 100) return fail(400, { createError: true });
    try {
      const created = await api.createKey(callerOf(event), { purpose, name });
      // Shown once, in this response only; never stored by the site.
      event.setHeaders({ 'cache-control': 'no-store' });
      return { createdKey: created.key, createdName: visibleName(created.record.name) };
    } catch (e) {
      if (e instanceof ApiFailure) return fail(e.status, { createError: true });
      throw e;
    }
  },
  revoke: async (event) => {
    if (!event.locals.session) redirect(303, localPath(event.locals.lang, `/signin?next=${localPath(event.locals.lang, '/account')}`));
    const form = await event.request.formData();
    const id = String(form.get('id') ?? '');
    try {
      await api.revokeKey(callerOf(event), id);
    } catch (e) {
      if (e instanceof ApiFailure) return fail(e.status, { revokeError: true });
      throw e;
    }
    return { revoked: id };
  },
};
