import type { Reroute, Transport } from '@sveltejs/kit';
import { langInPath, withoutLang } from '$lib/i18n';
import { serverOnlyTransport } from '$lib/server-only';

/** `/ja/…` is the Japanese of the same route: the path is routed without its prefix (the URL keeps it). */
export const reroute: Reroute = ({ url }) => (langInPath(url.pathname) ? withoutLang(url.pathname) : undefined);

/** Data of server-only pages (`$lib/server-only`) is never serialised into the page: a placeholder stands for it. */
export const transport: Transport = {
  ServerOnly: serverOnlyTransport,
};
