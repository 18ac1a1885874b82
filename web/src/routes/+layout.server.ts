import type { LayoutServerLoad } from './$types';

// Only what a page may show: never the key itself (page data is serialised into the HTML).
export const load: LayoutServerLoad = ({ locals }) => ({
  lang: locals.lang,
  signedIn: locals.session ? { organisation: locals.session.organisation.name, purpose: locals.session.purpose, prefix: locals.session.prefix } : null,
});
