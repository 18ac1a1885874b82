// Routes read servers and versions through these, so "not yours and private" and "does not exist" are the
// same 404 everywhere (the rule itself: pipelines/visibility.ts).
import type { FastifyRequest } from 'fastify';
import { visibleServer, visibleVersion } from '../pipelines/visibility.js';
import type { ApiContext } from './context.js';
import { notFound } from './errors.js';

/** The server the request's key (or no key) may see, or a 404 `not_found` naming the id. */
export async function visibleServerOr404(ctx: Pick<ApiContext, 'db'>, request: FastifyRequest, id: string) {
  const server = await visibleServer(ctx.db, id, request.apiKey);
  if (!server) throw notFound('server', id);
  return server;
}

/** The version (with its server) the request's key may see, or a 404 `not_found` naming the version id. */
export async function visibleVersionOr404(ctx: Pick<ApiContext, 'db'>, request: FastifyRequest, id: string) {
  const found = await visibleVersion(ctx.db, id, request.apiKey);
  if (!found) throw notFound('version', id);
  return found;
}
