import { error, fail, redirect } from '@sveltejs/kit';
import { api, ApiFailure, pageError, type Caller } from '$lib/server/api';
import { callerOf } from '$lib/server/caller';
import { isServerRef } from '$lib/server/server-ref';
import { visible, visibleName } from '$lib/server/visible';
import { localPath } from '$lib/i18n';
import type { Actions, PageServerLoad, RequestEvent } from './$types';


/** The signed-in caller, or off to sign in (and back here). */
function signedIn(event: Pick<RequestEvent, 'locals' | 'params'>): Caller {
  // By id or by slug, as every API route (issue 29: /servers/<slug>/edit answered 404).
  if (!isServerRef(event.params.id)) error(404, 'Not found');
  if (!event.locals.session) redirect(303, localPath(event.locals.lang, `/signin?next=${encodeURIComponent(localPath(event.locals.lang, `/servers/${event.params.id}/edit`))}`));
  return callerOf(event);
}

/** An API refusal as the form's error: the API's message (it names the field), shown as text. */
const refused = (e: unknown, action: string) => {
  if (e instanceof ApiFailure) return fail(e.status >= 500 ? 502 : e.status, { action, error: visible(e.message) ?? '', code: e.code });
  throw e;
};

const text = (form: FormData, name: string): string => String(form.get(name) ?? '').trim();
/** An optional field: empty clears it (null). */
const orNull = (value: string): string | null => (value === '' ? null : value);

export const load: PageServerLoad = async (event) => {
  const caller = signedIn(event);
  const [detail, me] = await Promise.all([api.server(caller, event.params.id), api.me(caller)]).catch((e: unknown) => {
    if (e instanceof ApiFailure) pageError(e, [404, 400]);
    throw e;
  });
  const { server } = detail;
  return {
    server: { id: server.id, slug: server.slug, source: server.source, public: server.public, name: server.name, shownName: visibleName(server.name), description: server.description ?? '', homepage: server.homepage ?? '', repository: server.repository ?? '', captureStatus: server.captureStatus },
    canManage: me.key.purpose === 'admin' && me.organisation.id === server.organisationId,
  };
};

export const actions: Actions = {
  save: async (event) => {
    const caller = signedIn(event);
    const form = await event.request.formData();
    try {
      await api.updateServer(caller, event.params.id, {
        name: text(form, 'name'),
        description: orNull(String(form.get('description') ?? '').replace(/\r\n/g, '\n').trim()),
        homepage: orNull(text(form, 'homepage')),
        repository: orNull(text(form, 'repository')),
      });
    } catch (e) {
      return refused(e, 'save');
    }
    return { action: 'save', ok: true };
  },
  visibility: async (event) => {
    const caller = signedIn(event);
    const form = await event.request.formData();
    try {
      await api.updateServer(caller, event.params.id, { public: form.get('public') === 'true' });
    } catch (e) {
      return refused(e, 'visibility');
    }
    return { action: 'visibility', ok: true };
  },
  recapture: async (event) => {
    const caller = signedIn(event);
    try {
      await api.recapture(caller, event.params.id);
    } catch (e) {
      return refused(e, 'recapture');
    }
    redirect(303, localPath(event.locals.lang, `/servers/${event.params.id}/progress`));
  },
  delete: async (event) => {
    const caller = signedIn(event);
    const form = await event.request.formData();
    let slug: string;
    try {
      slug = (await api.server(caller, event.params.id)).server.slug;
    } catch (e) {
      return refused(e, 'delete');
    }
    if (text(form, 'confirm') !== slug) return fail(400, { action: 'delete', error: null, code: 'confirm_mismatch' });
    try {
      await api.deleteServer(caller, event.params.id);
    } catch (e) {
      return refused(e, 'delete');
    }
    redirect(303, localPath(event.locals.lang, '/account?deleted=1'));
  },
};
