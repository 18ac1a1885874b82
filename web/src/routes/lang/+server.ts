import { redirect } from '@sveltejs/kit';
import { safeBack } from '$lib/format';
import { isLang, LANG_COOKIE, localPath } from '$lib/i18n';
import type { RequestHandler } from './$types';

/** POST /lang — keep the chosen language in a cookie for a year, then go back to the page in that language (`/ja/…` or the bare path). Works without JS. */
export const POST: RequestHandler = async ({ request, cookies, url }) => {
  const form = await request.formData();
  const lang = form.get('lang');
  if (isLang(lang)) cookies.set(LANG_COOKIE, lang, { path: '/', httpOnly: true, sameSite: 'lax', secure: url.protocol === 'https:', maxAge: 365 * 24 * 3600 });
  const back = safeBack(form.get('back'));
  // The path in the chosen language is checked again: it is only ever a path of this site.
  redirect(303, isLang(lang) ? safeBack(localPath(lang, back)) : back);
};
