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

/** Wraps a page's data for a server-rendered-only page. */
export const serverOnly = <T>(value: T): ServerOnly<T> => new ServerOnly(value);

/** The `transport` entry of `src/hooks.ts`: a placeholder for server-only data, never its contents. */
export const serverOnlyTransport = {
  encode: (value: unknown): false | 1 => value instanceof ServerOnly && 1,
  decode: (): null => null,
};
