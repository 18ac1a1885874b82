// Why node:http(s) and not undici: the `lookup` option of http.request is Node's documented hook for "the
// address this socket connects to", so the address we check is the address we connect to, with no second
// DNS query in between (no rebinding window), while the host name still drives SNI and certificate checks.
// undici's Agent({ connect: { lookup } }) would do the same, but it is a dependency (and a lockfile change)
// for what Node core, maintained with Node itself, already does; the MCP transports need only a small
// part of fetch (method, headers, a string body, a streamed response, an abort signal), adapted below.
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { addressAllowed, classifyAddress, isMetadataHostName, type AddressClass } from './address-ranges.js';
import { seconds } from './classify-error.js';
import { CaptureError } from './errors.js';
import { describeUrl } from './http-target.js';

/** A resolved address of a host name, as node:dns `lookup` gives it. */
export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Every address of a host name. The default is node:dns `lookup` (all addresses); tests inject their own. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** The system resolver (getaddrinfo: /etc/hosts, then DNS), every address, in the order the system gives. */
export const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** The policy of a guarded fetch for URLs that users register. */
export interface NetworkGuardOptions {
  /** Allow loopback, private (RFC 1918), CGNAT, link-local and unique-local addresses (metadata stays refused). */
  allowPrivate: boolean;
  /** Body bytes allowed in one response; default 2 MiB. */
  maxResponseBytes?: number;
  /** Until the TCP (and TLS) connection is up; default 10 s. */
  connectTimeoutMs?: number;
  /** For one request, from sending to the last body byte; default 60 s. */
  timeoutMs?: number;
  /** How host names are resolved; default {@link systemResolver}. */
  resolve?: Resolver;
}

/** A fetch that only reaches allowed addresses, and its refusals (the transports may swallow them). */
export interface NetworkGuard {
  fetch: FetchLike;
  /** The last refusal (address, size, time), if any. */
  refusal: () => CaptureError | undefined;
  /**
   * Rejects with the first refusal; never resolves. A body refused mid-stream is only logged by the SDK's
   * SSE reader, so a capture races its work against this to stop at once instead of at its time limit.
   */
  refused: Promise<never>;
}

export const DEFAULT_MAX_RESPONSE_BYTES = 2 * 1024 * 1024;
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/** The refusal for one address (undefined when it is allowed). */
function refusalFor(found: AddressClass, host: string, where: string, allowPrivate: boolean): CaptureError | undefined {
  if (addressAllowed(found, allowPrivate)) return undefined;
  const resolved = host === found.address ? `${host} is` : `${host} resolves to ${found.address},`;
  const hint = allowPrivate || !['loopback', 'private', 'cgnat', 'link-local', 'unique-local'].includes(found.kind)
    ? ''
    : '; only public addresses may be registered unless the operator allows private addresses';
  return new CaptureError('address_refused', `refusing to connect: ${resolved} in ${found.range} (${found.name})${hint}`, {
    where,
    host,
    address: found.address,
    range: found.range,
    kind: found.kind,
  });
}

/**
 * Refuse, without resolving anything, a host that is an IP literal of a refused range or a cloud metadata
 * service's name. Returns the literal's family (0 for a name, which {@link allowedAddresses} resolves).
 */
export function checkHost(hostname: string, allowPrivate: boolean, where: string): number {
  const host = hostname.replace(/^\[|\]$/g, '');
  const family = isIP(host);
  if (family !== 0) {
    const refusal = refusalFor(classifyAddress(host), host, where, allowPrivate);
    if (refusal !== undefined) throw refusal;
    return family;
  }
  if (isMetadataHostName(host)) {
    throw new CaptureError('address_refused', `refusing to connect: ${host} is a cloud metadata service`, { where, host, kind: 'metadata' });
  }
  return 0;
}

/**
 * The addresses `hostname` may be reached at: {@link checkHost}, then (for a name) every address it
 * resolves to, refused when ANY of them is not allowed (a connection may try any of them: IPv6 first,
 * happy eyeballs). Throws `address_refused`.
 */
export async function allowedAddresses(hostname: string, options: Pick<NetworkGuardOptions, 'allowPrivate' | 'resolve'>, where: string): Promise<ResolvedAddress[]> {
  const host = hostname.replace(/^\[|\]$/g, '');
  const family = checkHost(host, options.allowPrivate, where);
  if (family !== 0) return [{ address: host, family }];
  const resolved = await (options.resolve ?? systemResolver)(host);
  if (resolved.length === 0) throw new CaptureError('connection_failed', `could not connect: ${host} has no address`, { where, host });
  for (const entry of resolved) {
    const refusal = refusalFor(classifyAddress(entry.address), host, where, options.allowPrivate);
    if (refusal !== undefined) throw refusal;
  }
  return resolved;
}

/** The body as bytes; the MCP transports send JSON strings (or nothing). */
function bodyBytes(body: RequestInit['body'], where: string): Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  if (body instanceof Uint8Array) return Buffer.from(body);
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  if (body instanceof URLSearchParams) return Buffer.from(body.toString(), 'utf8');
  throw new CaptureError('protocol_error', 'the guarded fetch sends only string or byte bodies', { where });
}

/**
 * A fetch for capturing servers that users register: every connection goes to an address checked by
 * {@link allowedAddresses} (resolved once, checked, connected to: the socket's `lookup`), redirects are
 * never followed (a 3xx comes back as it is, for `guardedFetch` to refuse), a response body over
 * `maxResponseBytes` fails with `response_too_large`, and connect and request time limits apply. Pass its
 * `fetch` as the `base` of `guardedFetch` (captureSurface does, given `network`). No proxy variables are
 * read and no connection is kept alive, so each request's connection is checked anew.
 */
export function networkGuard(options: NetworkGuardOptions): NetworkGuard {
  const maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const connectTimeoutMs = options.connectTimeoutMs ?? 10_000;
  const timeoutMs = options.timeoutMs ?? 60_000;
  let refusal: CaptureError | undefined;
  let rejectRefused: (error: CaptureError) => void = () => undefined;
  const refused = new Promise<never>((_, reject) => {
    rejectRefused = reject;
  });
  refused.catch(() => undefined);
  const note = (error: unknown): unknown => {
    if (error instanceof CaptureError) {
      refusal = error;
      rejectRefused(error);
    }
    return error;
  };

  const fetch: FetchLike = async (input, init = {}) => {
    const url = new URL(typeof input === 'string' ? input : input.href);
    const where = describeUrl(url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw note(new CaptureError('invalid_url', `unsupported scheme "${url.protocol}"; use http:// or https://`, { where }));
    }
    const body = bodyBytes(init.body, where);
    // Literals and metadata names are refused here, before any socket: net.connect skips `lookup` for IPs.
    // Names are resolved once, by the socket's lookup below, so what is checked is what is connected to.
    try {
      checkHost(url.hostname, options.allowPrivate, where);
    } catch (error) {
      throw note(error);
    }

    // The check that counts: the socket's own lookup, so the connection uses the addresses just checked.
    const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
      allowedAddresses(hostname, options, where).then(
        (addresses) => {
          if (lookupOptions.all === true) (callback as (e: null, a: ResolvedAddress[]) => void)(null, addresses);
          else callback(null, addresses[0]?.address ?? '', addresses[0]?.family ?? 4);
        },
        (error: unknown) => callback(note(error) as NodeJS.ErrnoException, '', 4),
      );
    };

    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => {
      headers[key] = value;
    });
    // Node's http client does not decompress; asking for identity keeps counted bytes = bytes the SDK reads.
    headers['accept-encoding'] = 'identity';
    if (body !== undefined) headers['content-length'] = String(body.byteLength);

    return new Promise<Response>((resolve, reject) => {
      const signal = init.signal ?? undefined;
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      let answer: http.IncomingMessage | undefined;
      let settled = false;
      const timers: NodeJS.Timeout[] = [];
      const done = (): void => {
        for (const t of timers) clearTimeout(t);
        signal?.removeEventListener('abort', onAbort);
      };
      // Before the answer: the promise rejects. After it: the body stream fails (the SDK is reading it).
      const fail = (error: unknown): void => {
        note(error);
        const reason = error instanceof Error ? error : new Error(String(error));
        if (answer !== undefined) {
          answer.destroy(reason);
          return;
        }
        req.destroy(reason);
        if (settled) return;
        settled = true;
        done();
        reject(error instanceof CaptureError || error === signal?.reason ? error : new TypeError('fetch failed', { cause: error }));
      };
      const onAbort = (): void => fail(signal?.reason);
      signal?.addEventListener('abort', onAbort, { once: true });

      const client = url.protocol === 'https:' ? https : http;
      // agent: false: a fresh connection per request, closed after it (nothing pooled skips the lookup).
      const req = client.request(url, { method: init.method ?? 'GET', headers, lookup, agent: false });
      req.on('error', (error) => fail(error));

      const requestTimer = setTimeout(() => {
        fail(new CaptureError('timeout', `the request took longer than ${seconds(timeoutMs)} s (answer and body)`, { where, limitMs: timeoutMs }));
      }, timeoutMs);
      const connectTimer = setTimeout(() => {
        fail(new CaptureError('timeout', `connecting to ${url.host} took longer than ${seconds(connectTimeoutMs)} s`, { where, limitMs: connectTimeoutMs }));
      }, connectTimeoutMs);
      timers.push(requestTimer, connectTimer);
      req.on('socket', (socket) => {
        socket.once(url.protocol === 'https:' ? 'secureConnect' : 'connect', () => clearTimeout(connectTimer));
      });

      req.on('response', (res) => {
        clearTimeout(connectTimer);
        const tooLarge = (): CaptureError =>
          new CaptureError('response_too_large', `the response is larger than ${maxBytes} bytes; stopped reading`, { where, limitBytes: maxBytes });
        // A declared length over the cap is refused before reading a byte.
        if (Number(res.headers['content-length'] ?? 0) > maxBytes) {
          fail(tooLarge());
          res.destroy();
          return;
        }
        answer = res;
        settled = true;
        res.on('close', done);
        const responseHeaders = new Headers();
        for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
          responseHeaders.append(res.rawHeaders[i] as string, res.rawHeaders[i + 1] as string);
        }
        let seen = 0;
        const counter = new TransformStream<Uint8Array, Uint8Array>({
          transform(chunk, controller) {
            seen += chunk.byteLength;
            if (seen > maxBytes) {
              const error = tooLarge();
              note(error);
              controller.error(error);
              res.destroy(error);
              return;
            }
            controller.enqueue(chunk);
          },
        });
        const status = res.statusCode ?? 0;
        let stream: ReadableStream<Uint8Array> | null = null;
        if (NULL_BODY_STATUSES.has(status)) res.resume();
        else stream = (Readable.toWeb(res) as NodeReadableStream<Uint8Array>).pipeThrough(counter) as ReadableStream<Uint8Array>;
        try {
          resolve(new Response(stream, { status, statusText: res.statusMessage ?? '', headers: responseHeaders }));
        } catch (error) {
          res.destroy();
          reject(new CaptureError('protocol_error', `unusable HTTP answer (status ${status}): ${(error as Error).message}`, { where, status }));
        }
      });

      if (body !== undefined) req.end(body);
      else req.end();
    });
  };
  return { fetch, refusal: () => refusal, refused };
}
