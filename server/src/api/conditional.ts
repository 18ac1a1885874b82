// Conditional GETs (RFC 9110 §13.1.2, §15.4.5): one definition for every route with an ETag (the badge,
// the CLI tarball, dataset files).
import type { FastifyReply } from 'fastify';

/** The entity-tags of an If-None-Match value: `*`, or each `"…"` / `W/"…"` in the list. */
const TAGS = /\*|(?:W\/)?"[^"]*"/g;

/** Weak comparison: two tags match when their opaque parts are equal, whether either is weak or not. */
const opaque = (tag: string): string => (tag.startsWith('W/') ? tag.slice(2) : tag);

/**
 * True when `If-None-Match` matches `etag`: `*`, or any listed tag equal to it under the weak comparison
 * that RFC 9110 §13.1.2 prescribes for If-None-Match (`W/"x"` matches `"x"`; a cache that got the
 * representation compressed often holds the weak form).
 */
export function ifNoneMatch(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const tags = (Array.isArray(header) ? header.join(',') : header).match(TAGS) ?? [];
  return tags.some((tag) => tag === '*' || opaque(tag) === opaque(etag));
}

/**
 * Answer 304 Not Modified: no body, so no Content-Type and no Content-Length (`send(null)` wrote the JSON
 * text `null` and said so: `content-length: 4`). Headers the route set for the 200 (ETag, Cache-Control,
 * Vary) stay, as RFC 9110 §15.4.5 asks.
 */
export function notModified(reply: FastifyReply): FastifyReply {
  reply.removeHeader('content-type');
  reply.removeHeader('content-length');
  return reply.status(304).send();
}
