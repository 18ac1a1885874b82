import { createHash } from 'node:crypto';
import { bandSymbol, BoundedMap, ruleSets, type Band } from '@toolmark/benchmarks';
import { endpoints } from '@toolmark/benchmarks/api';
import { badgeScore } from '@toolmark/db';
import { AddressLimiter } from '../../../../address-limiter.js';
import { clientAddress } from '../../../../site-token.js';
import { canSee, findServerId } from '../../../../pipelines/visibility.js';
import { ApiError, notFound } from '../../../errors.js';
import type { RouteModule } from '../../../route.js';
import { rulesOr404 } from '../../../rules-version.js';
import { ifNoneMatch, notModified } from '../../../conditional.js';

const escape = (text: string): string => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const COLOURS: Record<Band | 'none', string> = { sunny: '#1b6e2d', cloudy: '#7a5a00', rain: '#b3261e', none: '#5f6368' };

/** Width of `text` in 11 px Verdana, roughly (a badge only needs to be close). */
const widthOf = (text: string): number => Array.from(text).reduce((w, c) => w + (/[\u2600-\u26ff]/.test(c) ? 11 : /[A-Z0-9]/.test(c) ? 7.5 : 6.2), 0);

/** Colour of the security-risk badge (the rain colour: never the colour of a good score). */
const RISK = COLOURS.rain;

/**
 * The badge: "toolmark <rules>" on the left, band symbol + score (or "not scored") on the right. A result
 * with security findings (`securityFindings` > 0, counted with the scoring rule set's security codes)
 * says "⚠ security risk" in red instead, and its title says so first: a poisoned server must never look like a
 * good one (issue 25: it is also ranked after every server without security findings).
 */
export function badgeSvg(rulesId: string, score: number | null, band: string | null, securityFindings: number | null = 0): string {
  const known = band === 'sunny' || band === 'cloudy' || band === 'rain' ? band : null;
  const scored = score !== null && known !== null;
  const risk = scored && (securityFindings ?? 0) > 0;
  const left = `toolmark ${rulesId}`;
  const right = !scored ? 'not scored' : risk ? '⚠ security risk' : `${bandSymbol(known)} ${score.toFixed(1)}`;
  const title = !scored
    ? `toolmark lint score (rules ${rulesId}): not scored yet`
    : risk
      ? `security risk: ${securityFindings} security findings (toolmark lint, rules ${rulesId}; score ${score.toFixed(1)} of 100, ranked after every server without)`
      : `toolmark lint score (rules ${rulesId}): ${score.toFixed(1)} of 100, ${known}`;
  const lw = Math.round(widthOf(left) + 12);
  const rw = Math.round(widthOf(right) + 12);
  const w = lw + rw;
  const fill = risk ? RISK : COLOURS[scored ? known : 'none'];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="20" role="img" aria-label="${escape(title)}"><title>${escape(title)}</title><linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient><clipPath id="r"><rect width="${w}" height="20" rx="3" fill="#fff"/></clipPath><g clip-path="url(#r)"><rect width="${lw}" height="20" fill="#555"/><rect x="${lw}" width="${rw}" height="20" fill="${fill}"/><rect width="${w}" height="20" fill="url(#s)"/></g><g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="11"><text x="${lw / 2}" y="14">${escape(left)}</text><text x="${lw + rw / 2}" y="14">${escape(right)}</text></g></svg>`;
}

/** Badges are read from READMEs all day: each is kept in memory for a minute (bounded), and clients cache it for five. */
const CACHE_MS = 60_000;
const CACHE_MAX = 10_000;

/**
 * GET /v1/servers/{id}/badge.svg?rules=v1 — an SVG score badge for a public server's README, with the rules
 * version in it. Not rate-limited (image proxies fetch badges for many readers from few addresses), except
 * lookups that find no public server: each costs a query and is never cached, so they count against the
 * client's address (the anonymous limit per minute); past it, 429 before the lookup.
 */
const route: RouteModule = (app, ctx) => {
  const cache = new BoundedMap<string, { svg: string; etag: string; until: number }>({ capacity: CACHE_MAX });
  const misses = new AddressLimiter(ctx.config.TOOLMARK_ANON_RATE_LIMIT);
  app.get(
    '/v1/servers/:id/badge.svg',
    {
      schema: {
        summary: "A public server's score badge (SVG) under a rules version (default: the latest)",
        tags: ['servers'],
        ...endpoints['GET /v1/servers/{id}/badge.svg'],
      },
      config: { rateLimit: false },
    },
    async (request, reply) => {
      const rules = rulesOr404(request.query.rules);
      const cacheKey = `${request.params.id}:${rules}`;
      const t = ctx.now().getTime();
      let entry = cache.get(cacheKey);
      if (!entry || entry.until <= t) {
        const address = clientAddress(request);
        const wait = misses.retryAfter(address);
        if (wait > 0) {
          reply.header('retry-after', String(wait));
          throw new ApiError(429, 'rate_limited', `too many badges of unknown servers from your address: the limit is ${misses.max} per minute; retry after ${wait} seconds`, {
            retryAfterSeconds: wait,
          });
        }
        // By id or slug (a README's badge reads better with the slug).
        const id = await findServerId(ctx.db, request.params.id);
        const found = id === undefined ? undefined : await badgeScore(ctx.db, id, rules, ruleSets[rules].hash);
        // Badges are for everyone who may see the server without a key: a private server's score is not
        // published through an image URL, even when the request carries its organisation's key.
        if (!found || found.deletedAt !== null || !canSee(found, null)) {
          misses.hit(address);
          throw notFound('server', request.params.id);
        }
        const svg = badgeSvg(rules, found.score, found.band, found.securityFindings);
        entry = { svg, etag: `"${createHash('sha256').update(svg).digest('base64url').slice(0, 22)}"`, until: t + CACHE_MS };
        cache.set(cacheKey, entry);
      }
      reply.header('cache-control', 'public, max-age=300');
      reply.header('etag', entry.etag);
      reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
      if (ifNoneMatch(request.headers['if-none-match'], entry.etag)) return notModified(reply);
      return reply.type('image/svg+xml; charset=utf-8').send(entry.svg);
    },
  );
};
export default route;
