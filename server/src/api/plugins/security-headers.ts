// Headers every answer of this process carries, the API's and the site's alike (pages, `/_app` assets,
// 503 pages, dataset files, the CLI tarball): `X-Content-Type-Options: nosniff`, so a browser never runs a
// JSON answer or an uploaded-looking file as a script or a page because its bytes look like one. Set on the
// raw response before anything else answers: the site's hijacked requests and Fastify's replies both keep
// it (Node merges it into whatever writeHead later sends).
import type { FastifyInstance } from 'fastify';

/** The policy of server-rendered HTML of the API (`/v1/docs`): its own inline style, nothing else, never framed. */
export const API_HTML_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Register the headers of every answer; call before the site is mounted. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.raw.setHeader('x-content-type-options', 'nosniff');
    done();
  });
}
