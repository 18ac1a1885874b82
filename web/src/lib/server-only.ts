/**
 * Page data that only the server's render reads. SvelteKit serialises every load's data into the page
 * (devalue) even when the page has `csr = false` and no script will ever read it; for the 120-tool server
 * page that was the largest single cost of a request (bench:site's profile). A value wrapped here is
 * serialised by the `transport` hook (`src/hooks.ts`) as a 1-byte placeholder, so its object graph is never
 * walked. Use it only on pages with `csr = false`: a hydrating page would receive `null`.
 */
export class ServerOnly<T> {
  constructor(readonly value: T) {}
}

/**
 * Wraps a page's data for a server-rendered-only page: `.value` holds it either way. A client-side
 * navigation from a hydrated page (a link on the leaderboard) asks for the data as `__data.json` and renders
 * the page in the browser, so for that request (`isDataRequest`) the data is a plain `{ value }` and is
 * serialised as usual.
 */
export const serverOnly = <T>(event: { isDataRequest: boolean }, value: T): { readonly value: T } => (event.isDataRequest ? { value } : new ServerOnly(value));

/** The `transport` entry of `src/hooks.ts`: a placeholder for server-only data, never its contents. */
export const serverOnlyTransport = {
  encode: (value: unknown): false | 1 => value instanceof ServerOnly && 1,
  decode: (): null => null,
};
