import { z } from 'zod';
import { CaseLanguageSchema } from './eval.js';

/**
 * The model catalogue an operator offers in the service (a checked-in default file, or the file
 * `TOOLMARK_MODELS` names): which models users may evaluate with, at what price, with which request
 * settings. Keys are never here: each provider reads its key from the environment.
 */

/** The id of the lexical baseline in every catalogue: always present, 0 units, labelled a baseline. */
export const BASELINE_MODEL_ID = 'lexical/baseline';

/** A model id as users see it: `provider/model` (e.g. `openai/gpt-4.1-mini`). */
export const ModelIdSchema = z
  .string()
  .max(200)
  .regex(/^[a-z0-9][a-z0-9._-]*\/[A-Za-z0-9][A-Za-z0-9._:/-]*$/, 'must be provider/model, e.g. openai/gpt-4.1-mini');

/** Request settings of a catalogue model (what every trial of it sends). */
export const CatalogueSettingsSchema = z.strictObject({
  temperature: z.number().min(0).max(2).default(0),
  maxOutputTokens: z.number().int().min(16).max(32_768).default(1024),
  reasoningEffort: z.enum(['minimal', 'low', 'medium', 'high']).optional(),
});

/** One model of the catalogue. */
export const CatalogueModelSchema = z.strictObject({
  id: ModelIdSchema,
  /** What people read; default: the id. */
  label: z.string().min(1).max(100).optional(),
  /** A provider id of the CLI (`openai`, `openai-chat`, `anthropic`, `ollama`, `vllm`, `openrouter`, `together`, `openai-compatible`, `lexical`, `mock`). */
  provider: z.string().min(1).max(40),
  /** The provider's model name (not for `lexical` and `mock`). */
  model: z.string().min(1).max(200).optional(),
  /** The endpoint (required for `openai-compatible`, e.g. a local Ollama or vLLM). */
  baseUrl: z.string().max(2000).optional(),
  settings: CatalogueSettingsSchema.prefault({}),
  /** Units per 1 000 request tokens (tools shown + utterance, o200k_base); a trial costs ceil(tokens × price / 1000). */
  unitPrice: z.number().min(0).max(1_000_000),
  /** `paused`: listed as paused and cannot be started. */
  status: z.enum(['enabled', 'paused']).default('enabled'),
  /** Selected in a new evaluation unless the request names models. */
  preselected: z.boolean().default(false),
  /** Trials in flight at once in one model run. */
  concurrency: z.number().int().min(1).max(64).default(4),
  requestTimeoutSeconds: z.number().int().min(1).max(600).default(60),
  retries: z.number().int().min(0).max(10).default(2),
  /** A run stops, fails and refunds once more than this share of its trials ended in a provider error. */
  maxErrorRate: z.number().min(0).max(1).default(0.1),
});
/** One model of the catalogue (defaults applied). */
export type CatalogueModel = z.output<typeof CatalogueModelSchema>;

/** The case generator of the service: the seeded offline generator, at a price per 1 000 tokens of the tools it reads. */
export const CatalogueGeneratorSchema = z.strictObject({
  kind: z.literal('offline'),
  unitPrice: z.number().min(0).max(1_000_000).default(0),
});

/**
 * A generator model that writes case sets (the CLI's `--generate-with <provider> --generator-model <model>`):
 * one request per case set listing the server's tools, its reply validated by the core. Offered beside the
 * offline generator; an evaluation asks for it with `generator: "model"`. Its key comes from the environment.
 */
export const CatalogueGeneratorModelSchema = z.strictObject({
  /** A model provider id of the CLI (not `lexical` or `mock`: they cannot write cases). */
  provider: z.string().min(1).max(40),
  model: z.string().min(1).max(200),
  baseUrl: z.string().max(2000).optional(),
  /** Units per 1 000 tokens of the server's tools it reads, charged to the first model run unless the cases are held. */
  unitPrice: z.number().min(0).max(1_000_000),
  /** Time limit of the one generation request (every case in one answer). */
  timeoutSeconds: z.number().int().min(1).max(3600).default(120),
  retries: z.number().int().min(0).max(10).default(2),
});
/** The generator model of the catalogue (defaults applied). */
export type CatalogueGeneratorModel = z.output<typeof CatalogueGeneratorModelSchema>;

/** The case-set generator id of a generator model: what case sets, comparability keys and leaderboards name (`model:openai/gpt-4.1`). */
export const generatorModelId = (g: Pick<CatalogueGeneratorModel, 'provider' | 'model'>): string => `model:${g.provider}/${g.model}`;

/** A case-set generator id: `offline`, `model:<provider>/<model>`, or a hand-written suite's half `suite:<suite>/<half>`. */
export const GeneratorIdSchema = z
  .string()
  .max(250)
  .regex(/^(offline|model:[a-z0-9][a-z0-9-]*\/[A-Za-z0-9][A-Za-z0-9._:/-]*|suite:[a-z0-9][a-z0-9-]*\/(calibration|test|all))$/, 'must be offline, model:<provider>/<model> or suite:<suite>/<half>');

/** The catalogue file. */
export const ModelCatalogueSchema = z.strictObject({
  version: z.literal(1),
  generator: CatalogueGeneratorSchema.prefault({ kind: 'offline' }),
  /** A generator model offered beside the offline generator (none by default). */
  generatorModel: CatalogueGeneratorModelSchema.optional(),
  /** Trials one model run may have (cases × repeats). */
  maxTrials: z.number().int().min(1).max(100_000).default(5_000),
  models: z.array(CatalogueModelSchema).max(100),
});
/** The catalogue (defaults applied). */
export type ModelCatalogue = z.output<typeof ModelCatalogueSchema>;

/** What an evaluation is run with (the API's request body, resolved). */
export const EvaluationSettingsSchema = z.object({
  models: z.array(ModelIdSchema),
  distractors: z.array(z.string()),
  language: CaseLanguageSchema,
  casesPerTool: z.number().int(),
  repeats: z.number().int(),
  seed: z.number().int(),
  /** The case-set generator: `offline`, or `model:<provider>/<model>` (see {@link generatorModelId}). */
  generator: z.string(),
});
/** Resolved evaluation settings. */
export type EvaluationSettings = z.infer<typeof EvaluationSettingsSchema>;
