import {
  ToolmarkError,
  type Classified,
  type NotAnAnswerCode,
  type ProposedCall,
  type ProviderErrorCode,
  type TurnRequest,
  type TurnResult,
} from '@toolmark/benchmarks';
import { providerFingerprint, requestFingerprint } from './fingerprint.js';

/**
 * One model turn, behind one interface for every provider: real models over their official SDKs, any
 * OpenAI-compatible endpoint, the lexical baseline and the mock. Providers translate the core's
 * TurnRequest to their wire format and the answer back to the core's TurnResult; nothing else.
 */
export interface Provider {
  /** Stable id: `openai`, `openai-chat`, `anthropic`, `ollama`, …, `lexical`, `mock`. */
  readonly id: string;
  /** What people read: names the endpoint kind, and says "baseline" or "mock" where it is one. */
  readonly label: string;
  /** `model`: a real model answers; `baseline`: the offline lexical router; `mock`: scripted, for tests. */
  readonly kind: 'model' | 'baseline' | 'mock';
  /** The endpoint's base URL, normalised by {@link checkBaseUrl} (`offline` for the baseline and the mock). */
  readonly endpoint: string;
  /** Request settings this provider does not honour (recorded in every result, never silently dropped). */
  unsupported(request: TurnRequest): string[];
  /** Non-secret fingerprint of the provider itself: id, endpoint base URL, adapter options (never a key). */
  readonly fingerprint: string;
  /** The request fingerprint of a turn, computable before the call; equals `TurnResult.fingerprint`. */
  requestFingerprint(request: TurnRequest): string;
  /**
   * Run one turn. Resolves only with a model answer or a truncation (`truncated: true`), as the provider's
   * classifier decided from its API's wire format; anything else (an HTTP error, an HTTP 200 body that is
   * not a model answer) throws {@link ProviderError} after the retries; `cancelled` when aborted.
   */
  turn(request: TurnRequest, options: TurnOptions): Promise<TurnResult>;
}

/** Per-call options of a turn. */
export interface TurnOptions {
  signal: AbortSignal;
}

/** Options shared by the HTTP providers. Keys are never an option: they come from `env` only. */
export interface HttpProviderOptions {
  /** Where keys are read from (the process environment in the CLI). */
  env: Readonly<Record<string, string | undefined>>;
  /** Override the endpoint (e.g. a fake server in tests, a self-hosted gateway). */
  baseURL?: string;
  /** Time limit of one HTTP request, in ms (each retry gets its own). Default 60 s. */
  timeoutMs?: number;
  /** Retries on 408/409/429/5xx, connection errors and 200 bodies without an answer, honouring Retry-After. Default 2. */
  maxRetries?: number;
}

export const DEFAULT_TIMEOUT_MS = 60_000;
export const DEFAULT_MAX_RETRIES = 2;

/** A provider failure with a stable code; the message never holds a key. */
export class ProviderError extends ToolmarkError<ProviderErrorCode, { status?: number; retryAfterMs?: number; provider?: string }> {
  override readonly name = 'ProviderError';
  get status(): number | undefined {
    return this.detail.status;
  }
  get retryAfterMs(): number | undefined {
    return this.detail.retryAfterMs;
  }
}

/** The key from the environment, or a `missing_key` error that names the variable (never a value). */
export function requireKey(env: HttpProviderOptions['env'], variable: string, provider: string): string {
  const key = env[variable];
  if (key === undefined || key.trim() === '') {
    throw new ProviderError('missing_key', `provider ${provider} needs an API key: set ${variable} in the environment`, { provider });
  }
  return key.trim();
}

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * Check a base URL and return it normalised: origin and path, trailing slashes dropped
 * (`https://gw.example.com/openai/v1/` → `https://gw.example.com/openai/v1`). The path is part of the
 * endpoint's identity (gateways route deployments by path), so it goes into the fingerprints, the cache
 * key and a diff's comparability check. A query or fragment is refused (the SDKs append paths to the base
 * URL, and a query may hold a secret). A key is sent only over HTTPS, or over plain HTTP to this machine
 * (a local Ollama or vLLM, a test fake): never in clear text across a network.
 */
export function checkBaseUrl(baseURL: string, provider: string, sendsKey: boolean): string {
  let url: URL;
  try {
    url = new URL(baseURL);
  } catch {
    throw new ProviderError('bad_request', `provider ${provider}: the base URL is not a URL`, { provider });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ProviderError('bad_request', `provider ${provider}: the base URL must be http(s), got ${url.protocol}`, { provider });
  }
  if (url.username !== '' || url.password !== '') {
    throw new ProviderError('bad_request', `provider ${provider}: the base URL must not carry credentials; keys come from the environment`, { provider });
  }
  if (url.search !== '' || url.hash !== '') {
    throw new ProviderError('bad_request', `provider ${provider}: the base URL must not carry a query or fragment (${url.origin}${url.pathname}…)`, { provider });
  }
  if (sendsKey && url.protocol === 'http:' && !LOOPBACK.test(url.hostname)) {
    throw new ProviderError('bad_request', `provider ${provider}: refusing to send an API key over plain HTTP to ${url.origin}; use https`, { provider });
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

export { providerFingerprint, requestFingerprint };


/** One proposed call from its raw arguments text: parsed, or the reason it could not be. */
export function callFromText(name: string, argumentsText: string): ProposedCall {
  try {
    return { name, argumentsText, arguments: JSON.parse(argumentsText) as unknown, parseError: null };
  } catch (error) {
    return { name, argumentsText, parseError: error instanceof Error ? error.message : String(error) };
  }
}

/** Settings the OpenAI-style providers cannot honour for this request. */
export function unsupportedOf(request: TurnRequest, unsupported: readonly (keyof TurnRequest['settings'])[]): string[] {
  return unsupported.filter((k) => request.settings[k] !== undefined).map(String);
}

/** An integer token count or null. */
export function tokens(n: unknown): number | null {
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : null;
}

/** Reject as soon as `signal` aborts, even while the SDK sleeps before a retry. */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal, provider: string): Promise<T> {
  if (signal.aborted) return Promise.reject(cancelled(provider));
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(cancelled(provider));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

/** The `cancelled` error. */
export function cancelled(provider: string): ProviderError {
  return new ProviderError('cancelled', `provider ${provider}: the turn was cancelled`, { provider });
}

/** Milliseconds from Retry-After-Ms or Retry-After (seconds or an HTTP date) of a response's headers. */
export function retryAfterFrom(headers: { get(name: string): string | null } | undefined): number | undefined {
  if (headers === undefined) return undefined;
  const ms = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return Math.round(ms);
  const value = headers.get('retry-after');
  if (value === null) return undefined;
  const seconds = Number.parseFloat(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** The shape of a Stainless SDK error (OpenAI and Anthropic SDKs share it), as far as we read it. */
interface SdkErrorLike {
  status?: number;
  headers?: { get(name: string): string | null };
  message?: string;
}

/**
 * A typed ProviderError from an SDK error. Classes are matched by name so the OpenAI and Anthropic SDKs
 * (same generator, separate classes) share one mapping. The message keeps the SDK's text, which never
 * holds the key (the SDKs do not echo request headers).
 */
export function fromSdkError(error: unknown, provider: string, signal: AbortSignal): ProviderError {
  if (error instanceof ProviderError) return error;
  if (signal.aborted) return cancelled(provider);
  const e = (typeof error === 'object' && error !== null ? error : {}) as SdkErrorLike;
  // The SDKs leave `name` as "Error"; their class names tell the kinds apart.
  const name = (error as { constructor?: { name?: string } } | null)?.constructor?.name ?? '';
  const text = redactKeys(e.message ?? String(error));
  if (name === 'APIUserAbortError') return cancelled(provider);
  if (name === 'APIConnectionTimeoutError') return new ProviderError('timeout', `provider ${provider}: the request timed out (${text})`, { provider });
  if (name === 'APIConnectionError') return new ProviderError('network', `provider ${provider}: cannot reach the endpoint (${text})`, { provider });
  const status = typeof e.status === 'number' ? e.status : undefined;
  if (status !== undefined) {
    const extra: ProviderError['detail'] = { provider, status };
    const retryAfterMs = retryAfterFrom(e.headers);
    if (retryAfterMs !== undefined) extra.retryAfterMs = retryAfterMs;
    const code: ProviderErrorCode =
      status === 429
        ? 'rate_limited'
        : status === 529
          ? 'overloaded'
          : status === 401 || status === 403
            ? 'auth'
            : status === 408
              ? 'timeout'
              : status >= 500
                ? 'server_error'
                : 'bad_request';
    return new ProviderError(code, `provider ${provider}: HTTP ${status}: ${text}`, extra);
  }
  return new ProviderError('network', `provider ${provider}: ${text}`, { provider });
}

/** Anything that looks like a bearer or API key in a message is blanked (belt and braces). */
export function redactKeys(text: string): string {
  return text.replace(/\b(sk-[A-Za-z0-9_-]{6,}|sk-ant-[A-Za-z0-9_-]{6,}|Bearer\s+\S+)/g, '[redacted]');
}

/** Milliseconds since `start` (a performance.now() reading), never negative. */
export function elapsed(start: number): number {
  return Math.max(0, performance.now() - start);
}

/** What an answer reads into: the turn's result without the parts every provider adds the same way (`truncated` comes from the class). */
export type TurnAnswer = Omit<TurnResult, 'latencyMs' | 'fingerprint' | 'unsupported' | 'truncated'>;

/** A classifier's verdict that a body is not a model answer. */
export function notAnAnswer(code: NotAnAnswerCode, message: string): Classified<TurnAnswer> {
  return { kind: 'error', code, message };
}

/** A short, key-free excerpt of an answer body for an error message (what a person needs to see what came back). */
export function excerpt(body: unknown, max = 160): string {
  let text: string;
  try {
    text = typeof body === 'string' ? body : (JSON.stringify(body) ?? String(body));
  } catch {
    text = String(body);
  }
  text = redactKeys(text.replace(/\s+/g, ' '));
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** A plain JSON object (what every API answers with), or undefined. */
export function objectOf(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** The message of an error object in a body (`{"message": …}` or a string), if any. */
export function errorMessageOf(error: unknown): string {
  const o = objectOf(error);
  const message = o?.message ?? o?.type ?? o?.code ?? error;
  return typeof message === 'string' ? message : excerpt(error);
}

/** What an SDK-backed provider supplies; {@link sdkProvider} adds timing, fingerprints, settings, retries and error mapping. */
export interface SdkProviderSpec<Body extends object, Answer> {
  id: string;
  label: string;
  endpoint: string;
  /** Settings the API does not take: recorded in every result. */
  unsupported: readonly (keyof TurnRequest['settings'])[];
  /** Adapter options that shape the wire body (part of the provider fingerprint). */
  options: Record<string, unknown>;
  /** Retries of one turn (the SDK's own retries are off: ours wait abortably, so Ctrl+C ends a Retry-After wait at once). */
  retries: number;
  /** The wire body of a turn (also what the request fingerprint hashes). */
  body(request: TurnRequest): Body;
  /** One SDK call, without retries. */
  send(body: Body, signal: AbortSignal): Promise<Answer>;
  /**
   * Required: classify the body the SDK returned for an HTTP 200 (the SDKs do not check it; a gateway may
   * send `{}`, `{"error": …}` or a filter stop with 200) as a model answer, a truncation or not an answer,
   * by the API's wire format, and normalise the answer. Must accept any value (`Answer` is what the SDK
   * promises, not what arrived).
   */
  classify(answer: Answer): Classified<TurnAnswer>;
}

/** Codes worth another attempt: transient HTTP failures and 200 bodies without an answer (a gateway's hiccup). */
const RETRYABLE: ReadonlySet<ProviderErrorCode> = new Set(['rate_limited', 'overloaded', 'server_error', 'timeout', 'network', 'error_body', 'no_answer']);

/** Whether a failure is retried (409 is retried as the SDKs do: a lock timeout). */
export function isRetryable(error: ProviderError): boolean {
  return RETRYABLE.has(error.code) || error.status === 409;
}

/** The wait before retry `attempt` (0-based): Retry-After when given, else 0.5 s × 2^attempt up to 8 s, minus up to 25 % jitter (the SDKs' rule). */
export function retryDelayMs(error: ProviderError, attempt: number): number {
  if (error.retryAfterMs !== undefined) return error.retryAfterMs;
  return Math.min(500 * 2 ** attempt, 8_000) * (1 - Math.random() * 0.25);
}

/** Wait `ms`, or reject with `cancelled` the moment `signal` aborts (the timer is cleared: nothing keeps the process alive). */
export function abortableSleep(ms: number, signal: AbortSignal, provider: string): Promise<void> {
  if (signal.aborted) return Promise.reject(cancelled(provider));
  return new Promise((resolve, reject) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(cancelled(provider));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** A model provider over an official SDK: one turn = one call (plus retries), the same bookkeeping for every API. */
export function sdkProvider<Body extends object, Answer>(spec: SdkProviderSpec<Body, Answer>): Provider {
  const { id, endpoint } = spec;
  const attempt = async (body: Body, signal: AbortSignal): Promise<TurnAnswer & { truncated: boolean }> => {
    // The SDK gets a signal of its own per attempt, tied to the caller's until the attempt ends: the OpenAI
    // SDK adds an abort listener to the signal it is given and never removes it, so on a run's shared
    // signal they piled up (one per request, each holding its request; every add and remove walked them all).
    const own = new AbortController();
    const forward = (): void => own.abort(signal.reason);
    if (signal.aborted) own.abort(signal.reason);
    else signal.addEventListener('abort', forward, { once: true });
    let answer: Answer;
    try {
      answer = await raceAbort(spec.send(body, own.signal), signal, id);
    } catch (error) {
      throw fromSdkError(error, id, signal);
    } finally {
      signal.removeEventListener('abort', forward);
    }
    const classified = spec.classify(answer);
    if (classified.kind === 'error') throw new ProviderError(classified.code, `provider ${id}: HTTP 200 without a model answer: ${classified.message}`, { provider: id, status: 200 });
    return { ...classified.answer, truncated: classified.kind === 'truncated' };
  };
  return {
    id,
    label: spec.label,
    kind: 'model',
    endpoint,
    unsupported: (request) => unsupportedOf(request, spec.unsupported),
    fingerprint: providerFingerprint(id, endpoint, spec.options),
    requestFingerprint: (request) => requestFingerprint(id, endpoint, request, spec.body(request)),
    async turn(request: TurnRequest, { signal }: TurnOptions): Promise<TurnResult> {
      const body = spec.body(request);
      const start = performance.now();
      for (let n = 0; ; n++) {
        try {
          const answer = await attempt(body, signal);
          return {
            ...answer,
            latencyMs: elapsed(start),
            fingerprint: requestFingerprint(id, endpoint, request, body),
            unsupported: unsupportedOf(request, spec.unsupported),
          };
        } catch (error) {
          if (!(error instanceof ProviderError) || n >= spec.retries || !isRetryable(error)) throw error;
          await abortableSleep(retryDelayMs(error, n), signal, id);
        }
      }
    },
  };
}
