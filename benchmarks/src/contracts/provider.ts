import { z } from 'zod';

/**
 * The one model turn of a trial, as every provider (real model, OpenAI-compatible endpoint, the lexical
 * baseline, the mock) receives and answers it. The runner builds the request once per trial; providers only
 * translate it to and from their wire format, so there is no eval-only prompt or tool rendering anywhere.
 */

/** A tool as shown to the model: name, description and input schema, exactly as the server sent them. */
export const ShownToolSchema = z.object({
  name: z.string(),
  description: z.string(),
  inputSchema: z.record(z.string(), z.unknown()),
});
/** A tool as shown to the model. */
export type ShownTool = z.infer<typeof ShownToolSchema>;

/** Request settings; a provider that cannot honour one lists it in `unsupported` of its answer. */
export const TurnSettingsSchema = z.object({
  temperature: z.number().min(0).max(2).optional(),
  seed: z.number().int().optional(),
  /**
   * How hard a reasoning model thinks before it answers: sent where the API has it (OpenAI Responses
   * `reasoning.effort`, Chat Completions `reasoning_effort`), recorded as unsupported elsewhere.
   */
  reasoningEffort: z.enum(['minimal', 'low', 'medium', 'high']).optional(),
  /** The length limit of the answer; an answer cut off by it is `truncated` and scored in no metric. */
  maxOutputTokens: z.number().int().positive().max(32_768),
  /** `auto`: the model may call a tool or answer in text (no-call cases need that choice). */
  toolChoice: z.literal('auto').default('auto'),
});
/** Request settings of a turn. */
export type TurnSettings = z.infer<typeof TurnSettingsSchema>;

/** One model turn: system text, the user's utterance, the tools in the order shown, settings. */
export const TurnRequestSchema = z.object({
  model: z.string(),
  system: z.string(),
  utterance: z.string(),
  tools: z.array(ShownToolSchema),
  settings: TurnSettingsSchema,
});
/** One model turn's request. */
export type TurnRequest = z.infer<typeof TurnRequestSchema>;

/** One proposed tool call: the raw arguments text as sent, and either the parsed value or why it failed. */
export const ProposedCallSchema = z.object({
  name: z.string(),
  argumentsText: z.string(),
  /** The parsed arguments; absent when `parseError` is set. */
  arguments: z.unknown().optional(),
  parseError: z.string().nullable(),
});
/** One proposed tool call. */
export type ProposedCall = z.infer<typeof ProposedCallSchema>;

/** The normalised answer of every provider. */
export const TurnResultSchema = z.object({
  /** Every call proposed in the turn, in order (the first is a view kept for compatibility). */
  calls: z.array(ProposedCallSchema),
  text: z.string(),
  /** Cut off by the length limit: excluded from every metric. */
  truncated: z.boolean(),
  usage: z.object({ inputTokens: z.number().int().nullable(), outputTokens: z.number().int().nullable() }),
  latencyMs: z.number().nonnegative(),
  /** sha256 of the provider id, endpoint origin, model, settings and the request body's canonical JSON. */
  fingerprint: z.string(),
  /** Settings the provider does not honour (e.g. `seed` on Anthropic): recorded, never silently dropped. */
  unsupported: z.array(z.string()),
});
/** The normalised answer of a turn. */
export type TurnResult = z.infer<typeof TurnResultSchema>;

/**
 * Why a turn failed (after the provider's own retries). HTTP failures: `rate_limited` (429), `overloaded`
 * (529), `server_error` (5xx), `timeout`, `auth`, `bad_request`, `network`. HTTP 200 bodies that are not a
 * model's answer: `error_body` (the body carries an error: `{"error": …}`, an Anthropic error body, a
 * Responses `status: "failed"`), `no_answer` (no answer in it: `{}`, `{"choices": []}`, no message, an
 * unfinished status), `content_filter` (the provider's filter stopped the answer). Never a model's choice.
 */
export const ProviderErrorCodeSchema = z.enum([
  'rate_limited',
  'overloaded',
  'server_error',
  'timeout',
  'auth',
  'bad_request',
  'network',
  'error_body',
  'no_answer',
  'content_filter',
  'cancelled',
  'missing_key',
]);
/** A provider failure code. */
export type ProviderErrorCode = z.infer<typeof ProviderErrorCodeSchema>;

/** The codes of an HTTP 200 body that is not a model answer. */
export type NotAnAnswerCode = Extract<ProviderErrorCode, 'error_body' | 'no_answer' | 'content_filter'>;

/**
 * What a provider's classifier makes of one answer body: a model answer (scored), a truncation (the
 * length limit cut it: recorded, scored in no metric) or a provider error (counted toward the error rate,
 * never as the model's choice not to call). Every provider classifies every answer by its API's wire format.
 */
export type Classified<Answer> = { kind: 'answer'; answer: Answer } | { kind: 'truncated'; answer: Answer } | { kind: 'error'; code: NotAnAnswerCode; message: string };
