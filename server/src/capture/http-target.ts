import { CaptureError } from './errors.js';

/** Environment variable holding the full `Authorization` header value for HTTP targets. */
export const HTTP_AUTH_ENV = 'TOOLMARK_HTTP_AUTHORIZATION';
/** Environment variable holding the one origin that header may be sent to, e.g. `https://mcp.example`. */
export const HTTP_AUTH_ORIGIN_ENV = 'TOOLMARK_HTTP_AUTHORIZATION_ORIGIN';

/** The auth settings as given (from the environment); checked against the URL by {@link resolveHttpAuth}. */
export interface HttpAuthSettings {
  authorization?: string;
  origin?: string;
}

/** Read the auth settings from an environment; empty values count as unset. */
export function httpAuthFromEnv(env: Readonly<Record<string, string | undefined>>): HttpAuthSettings {
  const settings: HttpAuthSettings = {};
  const authorization = env[HTTP_AUTH_ENV];
  const origin = env[HTTP_AUTH_ORIGIN_ENV];
  if (authorization !== undefined && authorization !== '') settings.authorization = authorization;
  if (origin !== undefined && origin !== '') settings.origin = origin;
  return settings;
}

/** A URL for messages: origin and path only, so no query token or userinfo is ever printed. */
export function describeUrl(url: URL): string {
  return `${url.origin}${url.pathname}`;
}

/** Parse a target URL: http or https only, and no credentials in it (use the auth variables instead). */
export function parseTargetUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new CaptureError('invalid_url', 'not a valid URL; expected http(s)://host[:port]/path', { where: '--url' });
  }
  const where = describeUrl(url);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new CaptureError('invalid_url', `unsupported scheme "${url.protocol}"; use http:// or https://`, { where });
  }
  if (url.username !== '' || url.password !== '') {
    throw new CaptureError(
      'invalid_url',
      `the URL carries credentials; remove them and set ${HTTP_AUTH_ENV} and ${HTTP_AUTH_ORIGIN_ENV} instead`,
      { where },
    );
  }
  return url;
}

/** True for hosts that never leave the machine: localhost, 127.0.0.0/8 and ::1 (also IPv4-mapped). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (host === 'localhost' || host === '::1') return true;
  if (/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)) return true;
  // WHATWG URL writes ::ffff:127.0.0.1 as ::ffff:7f00:1 (127.x.y.z is 7fxx:yyzz).
  return /^::ffff:(7f[0-9a-f]{2}:[0-9a-f]{1,4}|127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/.test(host);
}

/**
 * The `Authorization` header value to send to `url`, or undefined when none is configured. Refuses (throws
 * `auth_refused`, before any connection) when the allowed origin is missing, malformed or not the URL's
 * origin, when the URL is plain HTTP to a host that is not loopback, or when the value could split a
 * header. Messages never contain the value.
 */
export function resolveHttpAuth(url: URL, settings: HttpAuthSettings): string | undefined {
  const header = settings.authorization;
  if (header === undefined) return undefined;
  const where = describeUrl(url);
  if (settings.origin === undefined) {
    throw new CaptureError(
      'auth_refused',
      `${HTTP_AUTH_ENV} is set but ${HTTP_AUTH_ORIGIN_ENV} is not; set it to the exact origin the header may go to (here: ${url.origin})`,
      { where, key: HTTP_AUTH_ORIGIN_ENV },
    );
  }
  let allowed: string;
  try {
    allowed = new URL(settings.origin).origin;
  } catch {
    allowed = 'null';
  }
  if (allowed === 'null' || allowed !== settings.origin.replace(/\/$/, '')) {
    throw new CaptureError(
      'auth_refused',
      `${HTTP_AUTH_ORIGIN_ENV} must be an origin only (scheme, host, optional port), like https://mcp.example`,
      { where, key: HTTP_AUTH_ORIGIN_ENV },
    );
  }
  if (allowed !== url.origin) {
    throw new CaptureError(
      'auth_refused',
      `${HTTP_AUTH_ORIGIN_ENV} allows ${allowed}, not ${url.origin}; refusing to send the auth header to another origin`,
      { where, key: HTTP_AUTH_ORIGIN_ENV, allowedOrigin: allowed, origin: url.origin },
    );
  }
  if (url.protocol !== 'https:' && !isLoopbackHost(url.hostname)) {
    throw new CaptureError(
      'auth_refused',
      `refusing to send the auth header over plain HTTP to ${url.hostname}; use https:// (plain HTTP is allowed only for localhost, 127.0.0.0/8 and ::1)`,
      { where, key: HTTP_AUTH_ENV },
    );
  }
  if (/[\r\n\0]/.test(header)) {
    throw new CaptureError('auth_refused', `${HTTP_AUTH_ENV} contains a line break or NUL; it must be one header value`, {
      where,
      key: HTTP_AUTH_ENV,
    });
  }
  return header;
}
