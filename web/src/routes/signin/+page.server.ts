import { error, fail, redirect } from '@sveltejs/kit';
import { safeBack } from '$lib/format';
import { api, ApiFailure } from '$lib/server/api';
import { SESSION_COOKIE, SESSION_SECONDS, seal } from '$lib/server/session';
import { localPath } from '$lib/i18n';
import type { Actions, PageServerLoad } from './$types';

export const load: PageServerLoad = ({ url, locals }) => ({ signedOut: url.searchParams.has('signedout'), next: safeBack(url.searchParams.get('next') ?? localPath(locals.lang, '/account')) });

export const actions: Actions = {
  default: async ({ request, cookies, locals }) => {
    const form = await request.formData();
    const key = String(form.get('key') ?? '').trim();
    const next = safeBack(form.get('next') ?? localPath(locals.lang, '/account'));
    const secret = process.env.TOOLMARK_SITE_SESSION_SECRET;
    if (!secret) return fail(503, { error: 'unavailable' as const });
    if (!/^tm_[a-z]+_[A-Za-z0-9_-]{32}$/.test(key)) return fail(400, { error: 'bad' as const });
    try {
      const me = await api.me({ clientAddress: locals.clientAddress, key });
      const sealed = seal({ key, organisation: { slug: me.organisation.slug, name: me.organisation.name }, purpose: me.key.purpose, prefix: me.key.prefix, iat: Math.floor(Date.now() / 1000) }, secret);
      cookies.set(SESSION_COOKIE, sealed, { path: '/', httpOnly: true, sameSite: 'lax', secure: process.env.TOOLMARK_SITE_SECURE_COOKIES === '1', maxAge: SESSION_SECONDS });
    } catch (e) {
      if (e instanceof ApiFailure && (e.status === 401 || e.status === 403)) return fail(400, { error: 'bad' as const });
      // Too many wrong keys from this address: the API refuses before looking the key up.
      if (e instanceof ApiFailure && e.status === 429) error(429, e.message);
      throw e;
    }
    redirect(303, next);
  },
};
