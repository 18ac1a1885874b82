import { COMPATIBLE_PRESETS, type CompatiblePreset } from './compatible-presets.js';
import { ProviderError, type HttpProviderOptions, type Provider } from './provider.js';

export * from './provider.js';

/** Every provider id the CLI accepts, in the order `--help` lists them. */
export const PROVIDER_IDS = ['openai', 'openai-chat', 'anthropic', 'ollama', 'vllm', 'openrouter', 'together', 'openai-compatible', 'lexical', 'mock'] as const;
/** A provider id. */
export type ProviderId = (typeof PROVIDER_IDS)[number];

/** Whether `id` names a provider. */
export function isProviderId(id: string): id is ProviderId {
  return (PROVIDER_IDS as readonly string[]).includes(id);
}

/** Providers that need no model name (the model field then names the router). */
export const MODEL_OPTIONAL: ReadonlySet<ProviderId> = new Set(['lexical', 'mock']);

/** The environment variable a provider reads its key from (undefined: none). */
export function keyVariableOf(id: ProviderId): string | undefined {
  if (id === 'openai' || id === 'openai-chat') return 'OPENAI_API_KEY';
  if (id === 'anthropic') return 'ANTHROPIC_API_KEY';
  if (id === 'openai-compatible') return 'TOOLMARK_PROVIDER_API_KEY';
  if (id in COMPATIBLE_PRESETS) return COMPATIBLE_PRESETS[id as CompatiblePreset].keyVariable;
  return undefined;
}

/**
 * Make a provider by id. HTTP providers read their key from `options.env` now (missing → `missing_key`).
 * Each provider's module (and its SDK) is loaded only when that provider is made: every CLI command would
 * otherwise pay for loading both SDKs at start.
 */
export async function createProvider(id: string, options: HttpProviderOptions): Promise<Provider> {
  if (!isProviderId(id)) {
    throw new ProviderError('bad_request', `unknown provider "${id}"; known: ${PROVIDER_IDS.join(', ')}`);
  }
  switch (id) {
    case 'openai':
      return (await import('./openai-responses.js')).createOpenAIResponsesProvider(options);
    case 'openai-chat':
      return (await import('./openai-chat.js')).createOpenAIChatProvider(options);
    case 'anthropic':
      return (await import('./anthropic.js')).createAnthropicProvider(options);
    case 'openai-compatible':
      return (await import('./openai-compatible.js')).createOpenAICompatibleProvider(undefined, options);
    case 'lexical':
      return (await import('./lexical.js')).createLexicalProvider();
    case 'mock':
      return (await import('./mock.js')).createMockProvider();
    default:
      return (await import('./openai-compatible.js')).createOpenAICompatibleProvider(id, options);
  }
}
