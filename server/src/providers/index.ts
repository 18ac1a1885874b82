import { createAnthropicProvider } from './anthropic.js';
import { createLexicalProvider } from './lexical.js';
import { createMockProvider } from './mock.js';
import { createOpenAIChatProvider } from './openai-chat.js';
import { COMPATIBLE_PRESETS, createOpenAICompatibleProvider, type CompatiblePreset } from './openai-compatible.js';
import { createOpenAIResponsesProvider } from './openai-responses.js';
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

/** Make a provider by id. HTTP providers read their key from `options.env` now (missing → `missing_key`). */
export function createProvider(id: string, options: HttpProviderOptions): Provider {
  if (!isProviderId(id)) {
    throw new ProviderError('bad_request', `unknown provider "${id}"; known: ${PROVIDER_IDS.join(', ')}`);
  }
  switch (id) {
    case 'openai':
      return createOpenAIResponsesProvider(options);
    case 'openai-chat':
      return createOpenAIChatProvider(options);
    case 'anthropic':
      return createAnthropicProvider(options);
    case 'openai-compatible':
      return createOpenAICompatibleProvider(undefined, options);
    case 'lexical':
      return createLexicalProvider();
    case 'mock':
      return createMockProvider();
    default:
      return createOpenAICompatibleProvider(id, options);
  }
}
