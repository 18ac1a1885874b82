import type { Handle, HandleServerError } from '@sveltejs/kit';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '@toolmark/benchmarks/api';
import { LANG_COOKIE, langInPath, pickLang } from '$lib/i18n';
import { SESSION_COOKIE, unseal } from '$lib/server/session';

/** Svelte's hydration markers: `<!--[-->`, `<!--]-->`, `<!---->`, `<!--[!-->`, `<!--[-1-->`, `<!--[0-->` (not the head's `<!--1c8t0id-->`). */
const HYDRATION_MARKERS = /<!--(?:[[\]!]|-?\d+)*-->/g;

export const handle: Handle = async ({ event, resolve }) => {
  // The URL's language first (`/ja/…`: a shared link opens as it was shared), else the visitor's choice.
  event.locals.lang = langInPath(event.url.pathname) ?? pickLang(event.cookies.get(LANG_COOKIE), event.request.headers.get('accept-language'));
  const secret = process.env.TOOLMARK_SITE_SESSION_SECRET;
  event.locals.session = secret ? unseal(event.cookies.get(SESSION_COOKIE), secret) : null;
  event.locals.clientAddress = event.getClientAddress();
  // The API reference is rendered on the server only (`csr = false`): the hydration markers Svelte writes
  // around every block (`<!--[-->`, `<!--]-->`, `<!---->`) are read by no script there, and were a fifth of its
  // bytes. Server text never holds them: it is escaped (`<` is `&lt;`).
  const strip = event.route.id === '/docs/api';
  const response = await resolve(event, {
    transformPageChunk: ({ html }) => (strip ? html.replace(HYDRATION_MARKERS, '') : html).replace('%lang%', event.locals.lang),
  });
  response.headers.set('x-content-type-options', 'nosniff');
  response.headers.set('referrer-policy', 'same-origin');
  // A 503 page (the database or the API away) says when to come back, as the API's 503s do.
  if (response.status === 503 && !response.headers.has('retry-after')) response.headers.set('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
  // Pages that depend on a session or a language must not be shared by caches.
  response.headers.set('vary', 'cookie, accept-language');
  if (event.locals.session) response.headers.set('cache-control', 'private, no-store');
  return response;
};

export const handleError: HandleServerError = ({ error, status }) => {
  if (status !== 404) console.error('site error', error instanceof Error ? error.message : String(error));
  return { message: status === 404 ? 'Not found' : 'Something went wrong' };
};
