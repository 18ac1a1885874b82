import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findLiveKey, touchApiKey, type AuthenticatedKey, type Database, type KeyPurpose } from '@toolmark/db';
import { ApiError } from '../errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The key the request was made with, when it carried one (validated: unknown or revoked keys never get here). */
    apiKey: AuthenticatedKey | null;
  }
}

/** Agent keys exist for the failure knowledge base and may not call the REST API at all. */
function refuseAgent(key: AuthenticatedKey): AuthenticatedKey {
  if (key.purpose === 'agent') {
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
 */
export function registerAuth(app: FastifyInstance, db: Database, now: () => Date): { forget(keyId: string): void } {
  const cache = new Map<string, { key: AuthenticatedKey; until: number }>();
  app.decorateRequest('apiKey', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (header === undefined) return;
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) throw new ApiError(401, 'unauthorized', 'the Authorization header must be "Bearer <key>"');
    const plain = match[1]!;
    const cached = cache.get(plain);
    const t = now().getTime();
    if (cached && cached.until > t) {
      request.apiKey = refuseAgent(cached.key);
      return;
    }
    const key = /^tm_(admin|ci|script|agent)_[A-Za-z0-9_-]{32}$/.test(plain) ? await findLiveKey(db, plain) : undefined;
    if (!key) throw new ApiError(401, 'unauthorized', 'the API key is unknown or revoked');
    if (cache.size > 10_000) cache.clear();
    cache.set(plain, { key, until: t + KEY_CACHE_MS });
    request.apiKey = refuseAgent(key);
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
