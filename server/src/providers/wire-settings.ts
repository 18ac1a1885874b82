// A run's request settings as its provider puts them on the wire (dataset releases record them): the
// provider's own body function for one turn, with the per-trial parts (model messages, system prompt,
// tools) left out. One definition: the body functions the providers send.
import type { TurnSettings } from '@toolmark/benchmarks';
import { messagesBody } from './anthropic.js';
import { COMPATIBLE_PRESETS, type CompatiblePreset } from './compatible-presets.js';
import { chatBody, OPENAI_CHAT } from './openai-chat.js';
import { GENERIC_COMPATIBLE } from './openai-compatible.js';
import { responsesBody } from './openai-responses.js';

/** What every trial's body carries besides the settings: rendered from the trial (system prompt, utterance, tools in the trial's order). */
const PER_TRIAL = ['messages', 'input', 'instructions', 'system', 'tools'] as const;

/** The settings of a turn in the provider's wire names (`max_output_tokens`, `tool_choice`, …); null for the baseline and the mock, which send nothing. */
export function wireSettings(provider: string, model: string, settings: TurnSettings): Record<string, unknown> | null {
  // One placeholder tool so the body has its tool_choice as a real turn does.
  const request = { model, system: '', utterance: '', tools: [{ name: 'tool', description: '', inputSchema: { type: 'object' } }], settings };
  let body: Record<string, unknown>;
  if (provider === 'lexical' || provider === 'mock') return null;
  if (provider === 'openai') body = { ...responsesBody(request) };
  else if (provider === 'anthropic') body = { ...messagesBody(request) };
  else if (provider === 'openai-chat') body = { ...chatBody(request, OPENAI_CHAT) };
  else body = { ...chatBody(request, COMPATIBLE_PRESETS[provider as CompatiblePreset] ?? GENERIC_COMPATIBLE) };
  for (const k of PER_TRIAL) delete body[k];
  return body;
}
