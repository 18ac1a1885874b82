import { error, fail } from '@sveltejs/kit';
import { api, ApiFailure, pageError } from '$lib/server/api';
import { callerOf } from '$lib/server/caller';
import { isServerRef } from '$lib/server/server-ref';
import { visible, visibleName } from '$lib/server/visible';
import type { Actions, PageServerLoad } from './$types';

const KINDS = ['version.created', 'score.changed', 'security.finding', 'capture.failed', 'capture.recovered'] as const;

/** An API refusal as the form's error: the API's message (it names the field), shown as text. */
const refused = (e: unknown, action: string) => {
  if (e instanceof ApiFailure) return fail(e.status >= 500 ? 502 : e.status, { action, error: visible(e.message) ?? '', code: e.code });
  throw e;
};

// The server's watch page: its Atom feed for anyone who may see it, and, signed in, the organisation's
// webhooks with their recent deliveries (status, attempts, response code); admins add and delete them.
export const load: PageServerLoad = async (event) => {
  if (!isServerRef(event.params.id)) error(404, 'Not found');
  const caller = callerOf(event);
  const { server } = await api.server(caller, event.params.id).catch((e: unknown) => {
    if (e instanceof ApiFailure) pageError(e, [404, 400]);
    throw e;
  });
  const session = event.locals.session;
  let webhooks: { id: string; url: string; events: string[]; counts: [number, number, number]; deliveries: { id: string; kind: string; title: string; status: string; attempts: number; responseCode: number | null; updatedAt: string }[] }[] | null = null;
  if (session) {
    const { subscriptions } = await api.subscriptions(caller, server.id);
    webhooks = await Promise.all(
      subscriptions.map(async (s) => ({
        id: s.id,
        url: s.url,
        events: s.events,
        counts: [s.deliveries.delivered, s.deliveries.failed, s.deliveries.pending] as [number, number, number],
        deliveries: (await api.deliveries(caller, s.id)).deliveries.map((d) => ({ id: d.id, kind: d.kind, title: visible(d.title) ?? '', status: d.status, attempts: d.attempts, responseCode: d.responseCode, updatedAt: d.updatedAt })),
      })),
    );
  }
  return {
    server: { id: server.id, slug: server.slug, shownName: visibleName(server.name), public: server.public },
    feed: `/v1/servers/${server.slug}/feed.atom`,
    orgFeed: session ? `/v1/organisations/${session.organisation.slug}/feed.atom` : null,
    webhooks,
    canSubscribe: session?.purpose === 'admin',
    kinds: [...KINDS],
  };
};

export const actions: Actions = {
  subscribe: async (event) => {
    if (!event.locals.session) return fail(401, { action: 'subscribe', error: null, code: 'unauthorized' });
    const form = await event.request.formData();
    const events = form.getAll('events').map(String).filter((k): k is (typeof KINDS)[number] => (KINDS as readonly string[]).includes(k));
    try {
      const created = await api.subscribe(callerOf(event), event.params.id, { url: String(form.get('url') ?? '').trim(), ...(events.length > 0 ? { events } : {}) });
      return { action: 'subscribe', ok: true, secret: created.secret, url: created.url };
    } catch (e) {
      return refused(e, 'subscribe');
    }
  },
  unsubscribe: async (event) => {
    if (!event.locals.session) return fail(401, { action: 'unsubscribe', error: null, code: 'unauthorized' });
    const form = await event.request.formData();
    try {
      await api.unsubscribe(callerOf(event), String(form.get('id') ?? ''));
    } catch (e) {
      return refused(e, 'unsubscribe');
    }
    return { action: 'unsubscribe', ok: true };
  },
};
