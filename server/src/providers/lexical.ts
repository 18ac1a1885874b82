import { createLexicalRouter, LEXICAL_VERSION, type LexicalOptions, type TurnRequest, type TurnResult } from '@toolmark/benchmarks';
import { cancelled, elapsed, providerFingerprint, requestFingerprint, type Provider, type TurnOptions } from './provider.js';

/**
 * The lexical baseline: the core's pure BM25 router (offline, deterministic, free) behind the provider
 * interface. It is a baseline, not a model — `kind: 'baseline'` and a label that says so wherever a
 * result of it is shown.
 */
export function createLexicalProvider(options: LexicalOptions = {}): Provider {
  const id = 'lexical';
  const endpoint = 'offline';
  const router = createLexicalRouter(options);
  const settings = { version: LEXICAL_VERSION, ...options };
  // One body object for every fingerprint: requestFingerprint keeps the text of the last one it saw.
  const body = { router: settings };
  const unsupported = (request: TurnRequest): string[] => (['temperature', 'seed', 'reasoningEffort'] as const).filter((k) => request.settings[k] !== undefined);
  return {
    id,
    label: `lexical baseline (${LEXICAL_VERSION}; not a model)`,
    kind: 'baseline',
    endpoint,
    fingerprint: providerFingerprint(id, endpoint, settings),
    unsupported,
    requestFingerprint: (request) => requestFingerprint(id, endpoint, request, body),
    async turn(request: TurnRequest, { signal }: TurnOptions): Promise<TurnResult> {
      if (signal.aborted) throw cancelled(id);
      const start = performance.now();
      const result = router.turn(request);
      return { ...result, latencyMs: elapsed(start), fingerprint: requestFingerprint(id, endpoint, request, body), unsupported: unsupported(request) };
    },
  };
}
