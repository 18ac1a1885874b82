import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ApiContext } from './context.js';

/** A Fastify instance typed by the zod schemas of its routes. */
export type ZodApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/** One route file: registers its route(s) for one URL. */
export type RouteModule = (app: ZodApp, ctx: ApiContext) => void;
