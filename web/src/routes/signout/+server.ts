import { redirect } from '@sveltejs/kit';
import { localPath } from '$lib/i18n';
import { SESSION_COOKIE } from '$lib/server/session';
import type { RequestHandler } from './$types';

/** POST /signout — forget the session cookie. */
export const POST: RequestHandler = ({ cookies, locals }) => {
  cookies.delete(SESSION_COOKIE, { path: '/' });
  redirect(303, localPath(locals.lang, '/signin?signedout=1'));
};
