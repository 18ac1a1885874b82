import type { Reroute } from '@sveltejs/kit';
import { langInPath, withoutLang } from '$lib/i18n';

/** `/ja/…` is the Japanese of the same route: the path is routed without its prefix (the URL keeps it). */
export const reroute: Reroute = ({ url }) => (langInPath(url.pathname) ? withoutLang(url.pathname) : undefined);
