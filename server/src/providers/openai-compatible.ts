import { createChatProvider, type ChatDialect } from './openai-chat.js';
import { ProviderError, type HttpProviderOptions, type Provider } from './provider.js';

/**
 * OpenAI-compatible endpoints speak the Chat Completions dialect. Each preset names its default base URL
 * and the environment variable its key is read from; `openai-compatible` itself needs --base-url.
 */
export const COMPATIBLE_PRESETS = {
  ollama: { id: 'ollama', name: 'Ollama (OpenAI-compatible)', defaultBaseURL: 'http://localhost:11434/v1', keyVariable: 'OLLAMA_API_KEY', keyOptional: true, maxTokensField: 'max_tokens' },
  vllm: { id: 'vllm', name: 'vLLM (OpenAI-compatible)', defaultBaseURL: 'http://localhost:8000/v1', keyVariable: 'VLLM_API_KEY', keyOptional: true, maxTokensField: 'max_tokens' },
  openrouter: { id: 'openrouter', name: 'OpenRouter (OpenAI-compatible)', defaultBaseURL: 'https://openrouter.ai/api/v1', keyVariable: 'OPENROUTER_API_KEY', keyOptional: false, maxTokensField: 'max_tokens' },
  together: { id: 'together', name: 'Together (OpenAI-compatible)', defaultBaseURL: 'https://api.together.xyz/v1', keyVariable: 'TOGETHER_API_KEY', keyOptional: false, maxTokensField: 'max_tokens' },
} as const satisfies Record<string, ChatDialect>;

/** A preset name. */
export type CompatiblePreset = keyof typeof COMPATIBLE_PRESETS;

/** The generic dialect: any endpoint given by --base-url; key (optional) from TOOLMARK_PROVIDER_API_KEY. */
export const GENERIC_COMPATIBLE: Omit<ChatDialect, 'defaultBaseURL'> = {
  id: 'openai-compatible',
  name: 'OpenAI-compatible endpoint',
  keyVariable: 'TOOLMARK_PROVIDER_API_KEY',
  keyOptional: true,
  maxTokensField: 'max_tokens',
};

/** A provider for a preset, or for any OpenAI-compatible endpoint (`preset` undefined; baseURL required). */
export function createOpenAICompatibleProvider(preset: CompatiblePreset | undefined, options: HttpProviderOptions): Provider {
  if (preset !== undefined) return createChatProvider(COMPATIBLE_PRESETS[preset], options);
  if (options.baseURL === undefined) {
    throw new ProviderError('bad_request', 'provider openai-compatible needs a base URL (--base-url https://host/v1)', { provider: GENERIC_COMPATIBLE.id });
  }
  return createChatProvider({ ...GENERIC_COMPATIBLE, defaultBaseURL: options.baseURL }, options);
}
