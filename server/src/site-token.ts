// The public site (web/) renders pages by calling this API over loopback. Without help every visitor's
// page would count against one anonymous rate-limit bucket, that of 127.0.0.1. The site's API client
// therefore sends this process's random token with the visitor's address; a request that carries the
// right token is limited by that address instead. The token never leaves the process (it reaches the
// site through its environment, never a response or a log), so nobody else can claim another address.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/** This process's site token. */
export const SITE_TOKEN = randomBytes(24).toString('base64url');
const expected = Buffer.from(SITE_TOKEN);

/** Header names the site's API client sends. */
export const SITE_TOKEN_HEADER = 'x-toolmark-site';
export const SITE_CLIENT_HEADER = 'x-toolmark-client';

/** The visitor's address when the request comes from the site with the right token, else undefined. */
export function siteClientAddress(request: FastifyRequest): string | undefined {
  const token = request.headers[SITE_TOKEN_HEADER];
  const client = request.headers[SITE_CLIENT_HEADER];
  if (typeof token !== 'string' || typeof client !== 'string') return undefined;
  const given = Buffer.from(token);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return isIP(client) ? client : undefined;
}

/** The address per-address limits count a request under: the visitor's when it comes from the site, else the caller's. */
export const clientAddress = (request: FastifyRequest): string => siteClientAddress(request) ?? request.ip;
