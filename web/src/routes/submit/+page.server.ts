import { fail, redirect } from '@sveltejs/kit';
import { api, ApiFailure, type RegisterBody } from '$lib/server/api';
import { callerOf } from '$lib/server/caller';
import { localPath } from '$lib/i18n';
import type { Actions, PageServerLoad } from './$types';

export const load: PageServerLoad = ({ locals }) => ({
  canSubmit: locals.session !== null && ['admin', 'script'].includes(locals.session.purpose),
  signedIn: locals.session !== null,
  npmAllowed: process.env.TOOLMARK_SITE_NPM === '1',
  npmOff: process.env.TOOLMARK_SITE_NPM === '1' ? '' : (process.env.TOOLMARK_SITE_NPM_OFF ?? ''),
});

const opt = (v: FormDataEntryValue | null): string | undefined => {
  const s = typeof v === 'string' ? v.trim() : '';
  return s === '' ? undefined : s;
};

export const actions: Actions = {
  default: async (event) => {
    if (!event.locals.session) redirect(303, localPath(event.locals.lang, `/signin?next=${localPath(event.locals.lang, '/submit')}`));
    const form = await event.request.formData();
    const kind = String(form.get('kind') ?? 'upload');
    const values = { name: opt(form.get('name')) ?? '', slug: opt(form.get('slug')) ?? '', kind, url: opt(form.get('url')) ?? '', npm: opt(form.get('npm')) ?? '' };
    let source: RegisterBody['source'];
    if (kind === 'url') source = { kind: 'url', url: values.url };
    else if (kind === 'npm') source = { kind: 'npm', package: values.npm };
    else {
      const file = form.get('file');
      if (!(file instanceof File) || file.size === 0) return fail(400, { values, error: 'fileMissing' as const, detail: null });
      try {
        source = { kind: 'upload', tools: JSON.parse(await file.text()) as unknown };
      } catch {
        return fail(400, { values, error: 'fileBad' as const, detail: null });
      }
    }
    const body: RegisterBody = {
      name: values.name,
      slug: values.slug || undefined,
      description: opt(form.get('description')),
      homepage: opt(form.get('homepage')),
      repository: opt(form.get('repository')),
      public: form.get('public') === 'on',
      source,
    };
    let id: string;
    try {
      id = (await api.register(callerOf(event), body)).server.id;
    } catch (e) {
      if (e instanceof ApiFailure && e.status < 500) return fail(e.status, { values, error: 'api' as const, detail: e.message });
      throw e;
    }
    redirect(303, localPath(event.locals.lang, `/servers/${id}/progress`));
  },
};
