// The rows of an evaluation release that rerun it (schema version 2): every run's inputs (provider, model,
// endpoint, system prompt, request settings as sent, seeds, distractor sets), the tool definitions of every
// surface shown (each surface once, by its hash) and the models suite's membership.
import { z } from 'zod';
import { TurnSettingsSchema } from '../contracts/provider.js';

/** A distractor set a run showed: name, frozen hash (its tools are the `tool_definitions` rows with that `surfaceHash`), tool count. */
const ReleaseDistractorSchema = z.strictObject({ name: z.string(), hash: z.string(), toolCount: z.number().int() });

/** An evaluation release's run row: what one model run sent, to whom, with which tools and settings. */
export const RunInputRowSchema = z.strictObject({
  runId: z.string(),
  serverId: z.string(),
  versionId: z.string(),
  /** The catalogue id of the model (`openai/gpt-4.1`, `baseline/lexical`). */
  modelId: z.string(),
  /** The provider adapter (`openai`, `openai-chat`, `anthropic`, `ollama`, …, `lexical`). */
  provider: z.string(),
  /** The model name as sent in the request (`lexical-baseline` for the baseline). */
  model: z.string(),
  /** The endpoint's base URL (null for the baseline). */
  endpoint: z.string().nullable(),
  providerFingerprint: z.string(),
  /** The server version's tools as captured: the `tool_definitions` rows with this hash and origin `server`. */
  surfaceHash: z.string(),
  /** The hash of every tool shown (server and distractor sets), as the trials and the run report give it. */
  shownSurfaceHash: z.string(),
  caseSetHash: z.string(),
  distractors: z.array(ReleaseDistractorSchema),
  /** The system prompt sent with every trial (null when it could not be rebuilt: see `reproducible`). */
  system: z.string().nullable(),
  systemHash: z.string(),
  /** The request settings of every trial (the core's names). */
  settings: TurnSettingsSchema.strict(),
  /** The same settings as the provider puts them on the wire (its own names, without messages and tools); null for the baseline. */
  request: z.record(z.string(), z.unknown()).nullable(),
  /** The seed of the tool order and the cases. */
  seed: z.number().int(),
  repeats: z.number().int().positive(),
  /** The tool order is shuffled per trial from (seed, case id, repeat). */
  permute: z.boolean(),
  toolsShown: z.number().int(),
  /** The inputs rebuilt now hash to what the run recorded (tools shown, system prompt, case set). */
  reproducible: z.boolean(),
  /** Why not, when `reproducible` is false. */
  note: z.string().nullable(),
  codeVersion: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
/** An evaluation release's run row. */
export type RunInputRow = z.infer<typeof RunInputRowSchema>;

/** One tool of a surface as captured and as shown to the model. */
export const ToolDefRowSchema = z.strictObject({
  /** The server version's surface hash, or the distractor set's hash. */
  surfaceHash: z.string(),
  /** `server`, or the distractor set's name. */
  origin: z.string(),
  /** Its place in the surface (0-based): the canonical order before a trial's shuffle. */
  position: z.number().int().nonnegative(),
  name: z.string(),
  /** Exactly what the model was shown: name, description, input schema. */
  shown: z.strictObject({ name: z.string(), description: z.string(), inputSchema: z.record(z.string(), z.unknown()) }),
  /** The tool as the server (or the set) declares it, annotations and output schema included. */
  definition: z.record(z.string(), z.unknown()),
});
/** An evaluation release's tool row. */
export type ToolDefRow = z.infer<typeof ToolDefRowSchema>;

/** The models suite's membership: one row per suite server, at the release's distractor step. */
export const SuiteRowSchema = z.strictObject({
  suiteId: z.string(),
  suiteVersion: z.number().int(),
  /** The suite's distractor step this release's setting is (null: not one of the curve's steps). */
  step: z.number().int().nullable(),
  slug: z.string(),
  /** Null when the suite server is not on this instance (or not public). */
  serverId: z.string().nullable(),
  /** The server's latest version and its surface hash: what the models board pools. */
  versionId: z.string().nullable(),
  surfaceHash: z.string().nullable(),
  /** This release's run on that server (null: none). */
  runId: z.string().nullable(),
  /** The run counts in the models leaderboard's pooled numbers (on the latest version, under the pooled comparability key). */
  pooled: z.boolean(),
});
/** An evaluation release's suite row. */
export type SuiteRow = z.infer<typeof SuiteRowSchema>;
