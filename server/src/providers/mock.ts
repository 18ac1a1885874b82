import type { ProviderErrorCode, TurnRequest, TurnResult } from '@toolmark/benchmarks';
import { callFromText, cancelled, elapsed, ProviderError, providerFingerprint, requestFingerprint, type Provider, type TurnOptions } from './provider.js';

/** What the mock answers to one turn: calls (arguments as a value, or raw text to test parse errors), text, truncation. */
export interface MockReply {
  calls?: { name: string; arguments?: unknown; argumentsText?: string }[];
  text?: string;
  truncated?: boolean;
  usage?: TurnResult['usage'];
}

/** A scripted failure. */
export interface MockFailure {
  error: ProviderErrorCode;
  status?: number;
  retryAfterMs?: number;
}

/** The script: the answer to the n-th turn (0-based, in the order turns start). */
export type MockScript = (request: TurnRequest, n: number) => MockReply | MockFailure | Promise<MockReply | MockFailure>;

/** Options of the mock. */
export interface MockOptions {
  script?: MockScript;
  /** Fixed latency of every turn, in ms (abortable). */
  latencyMs?: number;
  /** Settings to report as unsupported, as a real provider would. */
  unsupported?: string[];
}

/** Calls nothing, says nothing. */
const SILENT: MockScript = () => ({ text: '' });

/** A deterministic scripted provider for tests; labelled "mock" wherever it appears, never as a model. */
export function createMockProvider(options: MockOptions = {}): Provider & { readonly turns: TurnRequest[] } {
  const id = 'mock';
  const endpoint = 'offline';
  const script = options.script ?? SILENT;
  const unsupported = (request: TurnRequest): string[] =>
    (options.unsupported ?? []).filter((k) => (request.settings as Record<string, unknown>)[k] !== undefined);
  const turns: TurnRequest[] = [];
  return {
    id,
    label: 'mock (scripted, not a model)',
    kind: 'mock',
    endpoint,
    turns,
    unsupported,
    fingerprint: providerFingerprint(id, endpoint, {}),
    requestFingerprint: (request) => requestFingerprint(id, endpoint, request, {}),
    async turn(request: TurnRequest, { signal }: TurnOptions): Promise<TurnResult> {
      const start = performance.now();
      const n = turns.length;
      turns.push(request);
      if (signal.aborted) throw cancelled(id);
      if (options.latencyMs !== undefined && options.latencyMs > 0) await sleep(options.latencyMs, signal);
      const step = await script(request, n);
      if ('error' in step) {
        const extra: ProviderError['detail'] = { provider: id };
        if (step.status !== undefined) extra.status = step.status;
        if (step.retryAfterMs !== undefined) extra.retryAfterMs = step.retryAfterMs;
        throw new ProviderError(step.error, `mock: scripted ${step.error}`, extra);
      }
      return {
        calls: (step.calls ?? []).map((c) => callFromText(c.name, c.argumentsText ?? JSON.stringify(c.arguments ?? {}))),
        text: step.text ?? '',
        truncated: step.truncated ?? false,
        usage: step.usage ?? { inputTokens: null, outputTokens: null },
        latencyMs: elapsed(start),
        fingerprint: requestFingerprint(id, endpoint, request, {}),
        unsupported: unsupported(request),
      };
    },
  };
}

/** Wait `ms`, or reject with `cancelled` when the signal aborts first. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(cancelled('mock'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
