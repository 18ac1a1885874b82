// The `fetch` the official SDKs are given: one POST over node:http(s) with a keep-alive agent, its answer
// buffered into a standard `Response`. Node's global fetch turns every body into a web stream and writes it
// in pieces (several syscalls and stream objects per request): over 2 000 trials that was a third of the
// service's CPU per trial (see providers/README.md for the measurement). Anything this does not handle —
// a body that is not text or bytes, a `Request` object — goes to the global fetch unchanged.
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

type Fetch = typeof globalThis.fetch;

let agents: { http: HttpAgent; https: HttpsAgent } | undefined;
/** One pool per process: connections are reused across providers and runs (Node closes idle ones by the server's Keep-Alive hint). */
function agentsOf(): { http: HttpAgent; https: HttpsAgent } {
  agents ??= { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };
  return agents;
}

/** Statuses whose response has no body (the Response constructor refuses one). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/** What fetch rejects with when its signal aborts (the SDKs tell an abort and their own timeout by it). */
function abortError(signal: AbortSignal): unknown {
  return signal.reason instanceof Error && signal.reason.name === 'AbortError' ? signal.reason : new DOMException('This operation was aborted', 'AbortError');
}

function responseOf(res: IncomingMessage, body: Buffer): Response {
  const headers = new Headers();
  for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) headers.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
  const status = res.statusCode ?? 502;
  return new Response(NULL_BODY.has(status) ? null : body, { status, statusText: res.statusMessage ?? '', headers });
}

/** A fetch for the SDK clients (`new OpenAI({ fetch: sdkFetch })`): the same contract, a cheaper path for their JSON requests. */
export const sdkFetch: Fetch = (input, init = {}) => {
  const url = typeof input === 'string' ? new URL(input) : input instanceof URL ? input : undefined;
  const body = init.body;
  const plain = body === undefined || body === null || typeof body === 'string' || body instanceof Uint8Array;
  if (url === undefined || !plain || (url.protocol !== 'http:' && url.protocol !== 'https:')) return globalThis.fetch(input, init);
  const signal = init.signal ?? undefined;
  if (signal?.aborted) return Promise.reject(abortError(signal));
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, name) => {
    headers[name] = value;
  });
  const https = url.protocol === 'https:';
  return new Promise<Response>((resolve, reject) => {
    const req = (https ? httpsRequest : httpRequest)(
      url,
      { method: init.method ?? 'GET', headers, agent: https ? agentsOf().https : agentsOf().http },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          signal?.removeEventListener('abort', onAbort);
          try {
            resolve(responseOf(res, Buffer.concat(chunks)));
          } catch (error) {
            reject(error);
          }
        });
        res.on('error', fail);
      },
    );
    function fail(error: unknown): void {
      signal?.removeEventListener('abort', onAbort);
      reject(signal?.aborted ? abortError(signal) : error);
    }
    function onAbort(): void {
      req.destroy();
      fail(abortError(signal!));
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    req.on('error', fail);
    req.end(body ?? undefined);
  });
};
