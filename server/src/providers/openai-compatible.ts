import { createChatProvider, type ChatDialect } from './openai-chat.js';
import { COMPATIBLE_PRESETS, type CompatiblePreset } from './compatible-presets.js';
import { ProviderError, type HttpProviderOptions, type Provider } from './provider.js';

export { COMPATIBLE_PRESETS, type CompatiblePreset } from './compatible-presets.js';

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
