import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { siteClientAddress } from '../../site-token.js';

/**
 * Per-key request limits: each key gets its organisation's requests per minute; requests without a key get
 * the operator's anonymous limit per client address. Over the limit: 429 with Retry-After, in the uniform
 * error shape. Runs after authentication (preParsing), so a limited request's body is never read.
 * Pages of the site are limited by the visitor's address, which the site forwards with its token
 * (site-token.ts). Counters live in this process's memory: with several API processes behind a balancer each counts its
 * own share (documented in docs/operators.md).
 */
export async function registerRateLimit(app: FastifyInstance, anonymousPerMinute: number): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    hook: 'preParsing',
    timeWindow: 60_000,
    cache: 50_000,
    keyGenerator: (request) => (request.apiKey ? `key:${request.apiKey.id}` : `ip:${siteClientAddress(request) ?? request.ip}`),
    max: (request) => request.apiKey?.organisation.rateLimitPerMinute ?? anonymousPerMinute,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'rate_limited',
      message: `too many requests: the limit is ${context.max} per minute; retry after ${context.after}`,
    }),
  });
}
