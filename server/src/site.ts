// Mounts the public site (web/, SvelteKit built with adapter-node) in this Fastify process: every path
// outside /v1, /health, /mcp and /cli/ goes to kit's request handler from an onRequest hook (not the not-found
// handler, which would have Fastify parse request bodies first and hang on form posts). The site reads
// the API over loopback HTTP like any client; it learns where from its environment, set here before its
// handler is first imported (adapter-node reads ORIGIN and its limits at import time).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '@toolmark/benchmarks/api';
import { AddressLimiter } from './address-limiter.js';
import { type Config, publicUrl } from './config.js';
import { npmCaptureOffReason } from './capture/sandbox-probe.js';
import { SITE_TOKEN } from './site-token.js';

type KitHandler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** The built site's handler: web/build/handler.js of this checkout. */
export const DEFAULT_SITE_HANDLER = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'web', 'build', 'handler.js');

/** Paths the API answers (and /cli/, the CLI's tarball, /mcp, the MCP endpoint, the dataset signing keys, the MCP Registry API under /v0/ and /v0.1/); everything else is a page of the site. */
export function isApiPath(url: string): boolean {
  const path = url.split('?', 1)[0]!;
  return path === '/health' || path === '/mcp' || path === '/.well-known/toolmark-datasets-keys.json' || path === '/v1' || path.startsWith('/v1/') || path.startsWith('/v0/') || path.startsWith('/v0.1/') || path.startsWith('/cli/');
}

/** The cookie-sealing secret: configured, or random and kept (0600) in the data folder so sign-ins survive restarts. */
export function sessionSecret(config: Config, stateDir: string): string {
  if (config.TOOLMARK_SESSION_SECRET) return config.TOOLMARK_SESSION_SECRET;
  const file = join(stateDir, 'site-session-secret');
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  }
  mkdirSync(stateDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** Options of {@link siteMount}. */
export interface SiteOptions {
  config: Config;
  /** Where the session secret is kept when not configured. */
  stateDir: string;
  log: FastifyBaseLogger;
  /** Path of kit's handler.js (default {@link DEFAULT_SITE_HANDLER}). */
  handlerPath?: string;
}

/** The address the site reaches the API at: loopback when listening on all interfaces, else the listening address. */
function loopbackUrl(address: AddressInfo): string {
  const host = address.address === '0.0.0.0' || address.address === '::' ? '127.0.0.1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

/** A header this process sets on every page request so kit can tell its origin from the Host header (we listen on plain HTTP). */
const PROTOCOL_HEADER = 'x-toolmark-site-protocol';

/** The page a visitor gets when their address has posted too many forms this minute. */
const tooManyPosts = (max: number, wait: number): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Too many requests — toolmark</title></head><body><h1>Too many requests</h1><p>Your address has sent more than ${max} forms this minute. Please try again in ${wait} seconds.</p><p lang="ja">送信が多すぎます。${wait} 秒後にもう一度お試しください。</p></body></html>`;

/**
 * A `site` for buildApp: mounts the site, loading kit's handler at the first page request (when the port is
 * known). Form posts (every method but GET and HEAD) count against the visitor's address, the anonymous
 * limit per minute: past it they are answered 429 before kit reads their body.
 */
export function siteMount(options: SiteOptions): (app: FastifyInstance) => void {
  const handlerPath = options.handlerPath ?? DEFAULT_SITE_HANDLER;
  const posts = new AddressLimiter(options.config.TOOLMARK_ANON_RATE_LIMIT);
  return (app) => {
    let loading: Promise<KitHandler> | undefined;
    const load = (): Promise<KitHandler> =>
      (loading ??= (async () => {
        if (!existsSync(handlerPath)) throw new Error(`the site is not built (${handlerPath} is missing): run npm run build`);
        const address = app.server.address() as AddressInfo;
        const { config } = options;
        // Kit refuses form posts whose Origin is not the site's own. With a public URL configured that is the
        // origin; without one (a local install reached as localhost, 127.0.0.1 or a LAN name) it is taken
        // from the request's Host header, which a cross-site form cannot change.
        const publicOrigin = config.TOOLMARK_PUBLIC_URL === undefined ? undefined : publicUrl(config);
        Object.assign(process.env, publicOrigin ? { ORIGIN: publicOrigin } : { PROTOCOL_HEADER, HOST_HEADER: 'host' });
        Object.assign(process.env, {
          // Uploads of a tools/list up to 1 MiB arrive as multipart forms.
          BODY_SIZE_LIMIT: '2M',
          TOOLMARK_API_URL: loopbackUrl(address),
          TOOLMARK_SITE_TOKEN: SITE_TOKEN,
          TOOLMARK_SITE_SESSION_SECRET: sessionSecret(config, options.stateDir),
          TOOLMARK_SITE_NPM: config.TOOLMARK_ALLOW_NPM_CAPTURE ? '1' : '0',
          // Why npm registration is off (the sandbox's probe, or the operator), shown on /submit.
          TOOLMARK_SITE_NPM_OFF: config.TOOLMARK_ALLOW_NPM_CAPTURE ? '' : npmCaptureOffReason(),
          TOOLMARK_SITE_SECURE_COOKIES: publicOrigin?.startsWith('https:') ? '1' : '0',
        });
        const mod = (await import(pathToFileURL(handlerPath).href)) as { handler: KitHandler };
        return mod.handler;
      })());
    app.addHook('onRequest', async (request, reply) => {
      if (isApiPath(request.url)) return;
      reply.hijack();
      request.raw.headers[PROTOCOL_HEADER] = 'http';
      const res = reply.raw;
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        const wait = posts.retryAfter(request.ip);
        if (wait > 0) {
          const page = tooManyPosts(posts.max, wait);
          res.writeHead(429, {
            'content-type': 'text/html; charset=utf-8',
            'content-length': Buffer.byteLength(page),
            'retry-after': String(wait),
            'cache-control': 'no-store',
            'content-security-policy': "default-src 'none'",
            'x-content-type-options': 'nosniff',
          });
          res.end(page);
          return;
        }
        posts.hit(request.ip);
      }
      try {
        const handler = await load();
        handler(request.raw, res, () => {
          if (!res.headersSent) res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
          res.end('not found');
        });
      } catch (error) {
        loading = undefined;
        options.log.error({ err: { message: error instanceof Error ? error.message : String(error) } }, 'the site could not be loaded');
        if (!res.headersSent) res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'retry-after': String(UNAVAILABLE_RETRY_AFTER_SECONDS) });
        res.end('the site is not available; the API is at /v1/docs');
      }
    });
  };
}
