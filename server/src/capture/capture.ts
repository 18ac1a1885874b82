import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { InputError, MAX_SURFACE_BYTES, MAX_SURFACE_TOOLS, parseSurfaceValue, utf8Length, type Surface } from '@toolmark/benchmarks';
import { classify, seconds } from './classify-error.js';
import { CaptureError } from './errors.js';
import { guardedFetch } from './guarded-fetch.js';
import { createSseTransport, createStreamableTransport, shouldFallBackToSse, type HttpTarget } from './http.js';
import { networkGuard, type NetworkGuard, type NetworkGuardOptions } from './network-guard.js';
import { describeUrl, parseTargetUrl, resolveHttpAuth } from './http-target.js';
import { RecordingTransport } from '@toolmark/distractors/recording-transport';
import { Redactor } from './redact.js';
import { createStdioTransport, describeCommand, type StdioTarget } from './stdio.js';

/** What to capture: a command over stdio, or a URL over HTTP. */
export type CaptureTarget = StdioTarget | HttpTarget;

/** Time limits of one capture. */
export interface CaptureOptions {
  /** Until the server has answered `initialize` (process start or TCP/TLS included); default 30 s. */
  connectTimeoutMs?: number;
  /** For the whole capture, every `tools/list` page included; default 60 s. */
  timeoutMs?: number;
  /**
   * For URLs that users register (the service): only allowed addresses are reached (see `networkGuard`),
   * response bodies are capped. Unset (the CLI, on the user's own machine): no address policy.
   */
  network?: NetworkOptions;
}

/** The network policy of a capture by URL; the time limits come from the capture's own. */
export type NetworkOptions = Pick<NetworkGuardOptions, 'allowPrivate' | 'maxResponseBytes' | 'resolve'>;

/** A captured surface: the tools exactly as sent, the parsed surface, and how it was reached. */
export interface CapturedSurface {
  /** `{ tools: [...] }` with every tool object as the server sent it (unknown keys included). */
  value: { tools: unknown[] };
  surface: Surface;
  transport: 'stdio' | 'streamable-http' | 'sse';
  /** The target for messages (URL without query or credentials, or the command line). */
  where: string;
  server: { name?: string; version?: string };
  pages: number;
}

const MAX_PAGES = 100;
const CLIENT_INFO = { name: 'toolmark', version: '0.1.0' };

interface Session {
  client: Client;
  recorder: RecordingTransport;
  transport: CapturedSurface['transport'];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Run `work` with a time limit; on expiry reject with `onTimeout()` (the work is abandoned, not awaited). */
async function within<T>(work: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  work.catch(() => undefined);
  const expiry = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), Math.max(0, ms));
  });
  try {
    return await Promise.race([work, expiry]);
  } finally {
    clearTimeout(timer);
  }
}

/** Connect over stdio. */
async function connectStdio(target: StdioTarget, timeoutMs: number): Promise<Session & { stderrTail: () => string }> {
  const { transport, stderrTail } = createStdioTransport(target);
  const recorder = new RecordingTransport(transport);
  const client = new Client(CLIENT_INFO, { capabilities: {} });
  try {
    await client.connect(recorder, { timeout: timeoutMs });
  } catch (error) {
    await client.close().catch(() => undefined);
    throw classify(error, { where: describeCommand(target), phase: 'initialize', stderrTail: stderrTail(), limitMs: timeoutMs });
  }
  return { client, recorder, transport: 'stdio', stderrTail };
}

/** Connect over Streamable HTTP; on a 4xx answer, over HTTP+SSE (the SDK's backwards-compatibility pattern). */
async function connectHttp(url: URL, authorization: string | undefined, timeoutMs: number, network: NetworkGuard | undefined): Promise<Session> {
  const where = describeUrl(url);
  const guard = guardedFetch(url, authorization, network?.fetch);
  const attempt = async (kind: Session['transport']): Promise<Session> => {
    const inner = kind === 'sse' ? createSseTransport(url, guard.fetch) : createStreamableTransport(url, guard.fetch);
    const recorder = new RecordingTransport(inner);
    const client = new Client(CLIENT_INFO, { capabilities: {} });
    try {
      await client.connect(recorder, { timeout: timeoutMs });
      return { client, recorder, transport: kind };
    } catch (error) {
      await client.close().catch(() => undefined);
      throw guard.refusal() ?? network?.refusal() ?? error;
    }
  };
  try {
    return await attempt('streamable-http');
  } catch (first) {
    if (!shouldFallBackToSse(first)) throw classify(first, { where, phase: 'initialize', limitMs: timeoutMs });
    try {
      return await attempt('sse');
    } catch (second) {
      const err = classify(second, { where, phase: 'initialize', limitMs: timeoutMs });
      if (!(err instanceof CaptureError)) throw err;
      const firstMessage = first instanceof Error ? first.message : String(first);
      throw new CaptureError(err.code, `${err.message} (after Streamable HTTP failed: ${firstMessage})`, err.detail);
    }
  }
}

/** Every page of `tools/list`, following `nextCursor`, as raw tool objects. */
async function listTools(session: Session, where: string, requestTimeoutMs: number): Promise<{ tools: unknown[]; pages: number }> {
  if (session.client.getServerCapabilities()?.tools === undefined) {
    throw new CaptureError('protocol_error', 'the server does not offer tools (no "tools" capability in its initialize answer)', {
      where,
    });
  }
  const tools: unknown[] = [];
  const seen = new Set<string>();
  let bytes = 0;
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = cursor === undefined ? `tools/list` : `tools/list (page ${pages + 1})`;
    let failure: unknown;
    try {
      await session.client.request({ method: 'tools/list', params: cursor === undefined ? {} : { cursor } }, ResultSchema, {
        timeout: requestTimeoutMs,
      });
    } catch (error) {
      failure = error;
    }
    const raw = session.recorder.lastResponse('tools/list');
    // A result the SDK's generic schema refused is still the server's answer; anything else is the failure.
    if (raw?.result === undefined) throw classify(failure ?? new Error('no answer'), { where, phase: page, limitMs: requestTimeoutMs });
    const result = raw.result;
    if (!isRecord(result) || !Array.isArray(result.tools)) {
      throw new InputError('missing_tools', `the answer to ${page} has no "tools" array`, { path: '$.result.tools', key: 'tools', page: pages + 1 });
    }
    tools.push(...result.tools);
    bytes += utf8Length(JSON.stringify(result.tools));
    pages++;
    // Past either limit, parsing below reports it; no need to fetch more.
    if (tools.length > MAX_SURFACE_TOOLS || bytes > MAX_SURFACE_BYTES) break;
    const next = result.nextCursor;
    cursor = typeof next === 'string' && next !== '' ? next : undefined;
    if (cursor !== undefined) {
      if (seen.has(cursor)) throw new CaptureError('protocol_error', `${page} repeated an earlier cursor; stopping`, { where });
      if (pages >= MAX_PAGES) throw new CaptureError('protocol_error', `tools/list still paginating after ${MAX_PAGES} pages`, { where });
      seen.add(cursor);
    }
  } while (cursor !== undefined);
  return { tools, pages };
}

/** Redact secrets from an error's message (capture errors and input errors keep their class and detail). */
function redacted(error: Error, redactor: Redactor): Error {
  if (error instanceof CaptureError) return new CaptureError(error.code, redactor.redact(error.message), error.detail);
  if (error instanceof InputError) return error;
  return new Error(redactor.redact(error.message));
}

/**
 * Capture a server's `tools/list`: connect (stdio or HTTP), initialize, list every page, close. The tools
 * are kept exactly as sent and checked against the public limits (1 MiB, 200 tools) and the surface
 * rules (names, duplicates, schemas); failures are CaptureError or InputError, with secrets redacted.
 */
export async function captureSurface(target: CaptureTarget, options: CaptureOptions = {}): Promise<CapturedSurface> {
  const connectTimeoutMs = options.connectTimeoutMs ?? 30_000;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const started = Date.now();
  const redactor = new Redactor();
  for (const value of Object.values(target.kind === 'stdio' ? (target.env ?? {}) : {})) redactor.add(value);

  let where: string;
  let network: NetworkGuard | undefined;
  let session: (Session & { stderrTail?: () => string }) | undefined;
  let connecting: Promise<Session & { stderrTail?: () => string }>;
  if (target.kind === 'stdio') {
    where = describeCommand(target);
    connecting = connectStdio(target, Math.min(connectTimeoutMs, timeoutMs));
  } else {
    redactor.add(target.auth?.authorization);
    const url = parseTargetUrl(target.url);
    where = describeUrl(url);
    // Checked before any connection: a refused header never leaves the machine.
    const authorization = resolveHttpAuth(url, target.auth ?? {});
    if (options.network !== undefined) {
      network = networkGuard({ ...options.network, connectTimeoutMs: Math.min(connectTimeoutMs, timeoutMs), timeoutMs });
    }
    connecting = connectHttp(url, authorization, Math.min(connectTimeoutMs, timeoutMs), network);
  }
  const timeout = (what: string, ms: number) => () =>
    new CaptureError('timeout', `${what} took longer than ${seconds(ms)} s`, { where, limitMs: ms });

  // The guard's first refusal ends the capture at once (the SDK may only log it and wait for a timeout).
  const orRefused = <T>(work: Promise<T>): Promise<T> => (network === undefined ? work : Promise.race([work, network.refused]));
  try {
    const connectLimit = Math.min(connectTimeoutMs, timeoutMs);
    session = await within(orRefused(connecting), connectLimit + 1_000, timeout('connecting', connectLimit));
    const left = timeoutMs - (Date.now() - started);
    const listed = await within(orRefused(listTools(session, where, Math.max(1, left))), left, timeout('the capture', timeoutMs));
    const value = { tools: listed.tools };
    const surface = parseSurfaceValue(value);
    const info = session.client.getServerVersion();
    const server: CapturedSurface['server'] = {};
    if (info?.name !== undefined) server.name = info.name;
    if (info?.version !== undefined) server.version = info.version;
    return { value, surface, transport: session.transport, where, server, pages: listed.pages };
  } catch (error) {
    // A refusal of the guard (address, size) is the cause even when a transport reported something vaguer.
    const cause = error instanceof InputError ? error : (network?.refusal() ?? error);
    throw redacted(classify(cause, { where, phase: 'the capture', stderrTail: session?.stderrTail?.() ?? '' }), redactor);
  } finally {
    // A connection still being made when time ran out is closed once it completes.
    if (session === undefined) connecting.then((s) => s.client.close(), () => undefined).catch(() => undefined);
    else await session.client.close().catch(() => undefined);
  }
}
