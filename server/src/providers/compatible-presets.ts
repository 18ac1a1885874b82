// The presets apart from the provider code, so naming a key variable or listing presets (the CLI's help)
// does not load an SDK.
import type { ChatDialect } from './openai-chat.js';

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

