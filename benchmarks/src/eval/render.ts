import type { Tool } from '../contracts/tool.js';
import { TurnSettingsSchema, type ShownTool, type TurnRequest, type TurnSettings } from '../contracts/provider.js';

/**
 * The system text of every trial unless the operator sets another. Neutral on purpose: it neither
 * encourages nor discourages calling, so no-call cases measure the model and not the prompt.
 */
export const DEFAULT_SYSTEM =
  'You are an assistant with access to tools. Call a tool when one fits the request; otherwise answer in text.';

/** A server's tool as shown to a model: name, description ('' when absent) and the input schema verbatim. */
export function toShownTool(tool: Tool): ShownTool {
  return { name: tool.name, description: typeof tool.description === 'string' ? tool.description : '', inputSchema: tool.inputSchema };
}

/** What one turn is made of. */
export interface RenderInput {
  model: string;
  utterance: string;
  /** The tools in the order shown (already permuted for the trial). */
  tools: readonly ShownTool[];
  settings: TurnSettings | Partial<TurnSettings>;
  /** The system text; {@link DEFAULT_SYSTEM} when absent. */
  system?: string;
}

/**
 * THE renderer of a model turn. Every provider (real, compatible, lexical baseline, mock), the trial
 * runner and case generation build their request with this one function — there is no eval-only prompt
 * or tool rendering anywhere, so what is measured is what a client sends.
 */
export function renderTurnRequest(input: RenderInput): TurnRequest {
  return {
    model: input.model,
    system: input.system ?? DEFAULT_SYSTEM,
    utterance: input.utterance,
    tools: input.tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema })),
    settings: TurnSettingsSchema.parse({ maxOutputTokens: 1024, ...input.settings }),
  };
}
