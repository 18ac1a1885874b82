import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BoundedMap } from '@toolmark/benchmarks';
import { findLiveKey, touchApiKey, type AuthenticatedKey, type Database, type KeyPurpose } from '@toolmark/db';
import { AddressLimiter } from '../../address-limiter.js';
import { clientAddress } from '../../site-token.js';
import { ApiError } from '../errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The key the request was made with, when it carried one (validated: unknown or revoked keys never get here). */
    apiKey: AuthenticatedKey | null;
  }
  interface FastifyContextConfig {
    /** The route accepts agent keys (only the MCP endpoint, routes/mcp.ts: the failure knowledge base's way in). */
    agentKeys?: boolean;
  }
}

/** Agent keys exist for the failure knowledge base (over /mcp) and may not call the REST API at all. */
function refuseAgent(key: AuthenticatedKey, request: FastifyRequest): AuthenticatedKey {
  if (key.purpose === 'agent' && request.routeOptions.config.agentKeys !== true) {
    throw new ApiError(403, 'wrong_purpose', 'agent keys cannot call the REST API; use a ci, script or admin key', { purpose: 'agent', allowed: ['admin', 'ci', 'script'] });
  }
  return key;
}

/** How long a looked-up key is trusted without asking the database again (revocation through this process is immediate). */
const KEY_CACHE_MS = 5_000;

/**
 * Authentication: `Authorization: Bearer <key>` is looked up by its sha256. A request without the header is
 * anonymous (public reads); a header with an unknown, revoked or malformed key is refused with 401, never
 * treated as anonymous. Lookups are cached briefly per process, so a busy CI key costs one query per 5 s.
 * Failed authentications count against the client's address (`failuresPerMinute`, the anonymous limit):
 * past it, a key this process has not seen valid is refused with 429 before it is looked up, so a flood of
 * wrong keys costs no queries.
 */
export function registerAuth(app: FastifyInstance, db: Database, now: () => Date, failuresPerMinute: number): { forget(keyId: string): void } {
  const cache = new BoundedMap<string, { key: AuthenticatedKey; until: number }>({ capacity: 10_000 });
  const failures = new AddressLimiter(failuresPerMinute);
  const refuse = (address: string, message: string): ApiError => {
    failures.hit(address);
    return new ApiError(401, 'unauthorized', message);
  };
  app.decorateRequest('apiKey', null);
  app.addHook('onRequest', async (request, reply) => {
    const header = request.headers.authorization;
    if (header === undefined) return;
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    const plain = match?.[1];
    const cached = plain === undefined ? undefined : cache.get(plain);
    const t = now().getTime();
    if (cached && cached.until > t) {
      request.apiKey = refuseAgent(cached.key, request);
      return;
    }
    const address = clientAddress(request);
    // A key this process has seen valid is looked up again even past the budget (to see whether it was
    // revoked): a flood of wrong keys from a shared address does not lock out the keys that work there.
    const wait = cached ? 0 : failures.retryAfter(address);
    if (wait > 0) {
      reply.header('retry-after', String(wait));
      throw new ApiError(429, 'rate_limited', `too many requests with an unknown key from your address: the limit is ${failures.max} per minute; retry after ${wait} seconds`, {
        retryAfterSeconds: wait,
      });
    }
    if (plain === undefined) throw refuse(address, 'the Authorization header must be "Bearer <key>"');
    const key = /^tm_(admin|ci|script|agent)_[A-Za-z0-9_-]{32}$/.test(plain) ? await findLiveKey(db, plain) : undefined;
    if (!key) {
      cache.delete(plain);
      throw refuse(address, 'the API key is unknown or revoked');
    }
    cache.set(plain, { key, until: t + KEY_CACHE_MS });
    request.apiKey = refuseAgent(key, request);
    void touchApiKey(db, key.id, now()).catch((err: unknown) => request.log.warn({ err }, 'could not record key use'));
  });
  return {
    forget(keyId) {
      for (const [plain, entry] of cache) if (entry.key.id === keyId) cache.delete(plain);
    },
  };
}

/** The request's key, which must have one of `purposes`: 401 without a key, 403 for a key of another purpose. */
export function requireKey(request: FastifyRequest, purposes: readonly KeyPurpose[]): AuthenticatedKey {
  const key = request.apiKey;
  if (!key) throw new ApiError(401, 'unauthorized', 'this endpoint needs an API key: send "Authorization: Bearer <key>"');
  if (!purposes.includes(key.purpose)) {
    throw new ApiError(403, 'wrong_purpose', `a ${key.purpose} key cannot do this; it needs a key with purpose ${purposes.join(' or ')}`, {
      purpose: key.purpose,
      allowed: purposes,
    });
  }
  return key;
}

/** Any key that may call the REST API (agent keys may not: they are for the failure knowledge base only). */
export const REST_PURPOSES = ['admin', 'ci', 'script'] as const satisfies readonly KeyPurpose[];
