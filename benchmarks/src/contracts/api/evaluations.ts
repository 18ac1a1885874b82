// Evaluations in the service: the model catalogue, estimate, start, status, cases and trials, and the
// leaderboards per model. Exactly the seed's public contract (api.md, Evaluations), plus the reads the
// site's pages need.
import { z } from 'zod';
import { ArgErrorKindSchema, CaseKindSchema, CaseLanguageSchema, ConfusionSchema, MetricDeltaSchema, ProviderErrorGroupSchema, RateSchema, TrialErrorSchema, VerdictSchema } from '../eval.js';
import { EvaluationSettingsSchema, ModelIdSchema } from '../models.js';
import { ProposedCallSchema } from '../provider.js';
import { IdOrSlugParamsSchema, IdParamsSchema, PageQuerySchema, storedText, TimestampSchema } from './common.js';
import { authErrors, bodyErrors, ErrorSchema, unavailable } from './errors.js';

/** A model of the catalogue as users see it: `unavailable` when its key is missing from the service's environment. */
export const ModelRefSchema = z.object({
  id: z.string(),
  label: z.string(),
  provider: z.string(),
  /** The lexical baseline: not a model; its numbers are labelled a baseline wherever they appear. */
  baseline: z.boolean(),
  status: z.enum(['enabled', 'paused', 'unavailable']),
  /** Why it cannot be started now (paused by the operator, or the environment variable its key is read from), else null. */
  reason: z.string().nullable(),
  unitPrice: z.number(),
  preselected: z.boolean(),
});

/** `GET /v1/models`: the catalogue, the case generator and the distractor sets one may choose. */
export const ModelCatalogueAnswerSchema = z.object({
  models: z.array(ModelRefSchema),
  generator: z.object({ kind: z.literal('offline'), unitPrice: z.number() }),
  /** The generator model an evaluation may ask for (`generator: "model"`), or null when the operator offers none; `unavailable` when its key is missing. */
  generatorModel: z
    .object({ id: z.string(), provider: z.string(), model: z.string(), unitPrice: z.number(), status: z.enum(['enabled', 'unavailable']), reason: z.string().nullable() })
    .nullable(),
  distractors: z.array(z.object({ name: z.string(), toolCount: z.number(), status: z.enum(['available', 'unavailable']) })),
  languages: z.array(CaseLanguageSchema),
  maxTrials: z.number(),
});

/** The fields of an evaluation request, one definition for the estimate and the start. */
const evaluationRequestFields = z.strictObject({
  models: z.array(ModelIdSchema).min(1).max(10).optional(),
  distractors: z.array(z.string().max(50)).max(8).default([]),
  language: CaseLanguageSchema.default('en'),
  casesPerTool: z.number().int().min(1).max(20).default(8),
  repeats: z.number().int().min(1).max(10).default(1),
  seed: z.number().int().min(0).max(2_147_483_647).default(0),
  /**
   * Who writes the cases: the offline generator (default; paraphrases of the tool text, for checking a
   * server's wiring, never for a public board), the catalogue's generator model (`GET /v1/models`
   * `generatorModel`), or `suite`: the hand-written public suite's test half (`MODELS_SUITE`), for the
   * suite's servers only; `casesPerTool` is then the suite's.
   */
  generator: z.enum(['offline', 'model', 'suite']).default('offline'),
});

/** Body of `POST /v1/servers/{id}/evaluations/estimate` (all optional; the defaults are the preselected models, no distractor set, English, 8 cases per tool). */
export const EvaluationRequestSchema = z.preprocess((body) => body ?? {}, evaluationRequestFields);
/** An evaluation request (defaults applied). */
export type EvaluationRequest = z.output<typeof EvaluationRequestSchema>;

/** Body of `POST /v1/servers/{id}/evaluations`: the estimate's body plus an optional name. */
export const StartEvaluationSchema = z.preprocess((body) => body ?? {}, evaluationRequestFields.extend({ name: storedText(100).optional() }));
/** A start request (defaults applied). */
export type StartEvaluationBody = z.output<typeof StartEvaluationSchema>;

/** A warning of the estimate: a distractor tool named like a server tool, more than 60 tools shown. */
export const EstimateWarningSchema = z.object({ code: z.string(), message: z.string(), names: z.array(z.string()).optional() });

/** This month's remaining units of the organisation's `script` quota and its live credits. */
export const BalanceSchema = z.object({ month: z.string(), remaining: z.number(), credits: z.number() });

/** One model's part of an estimate. */
export const ModelEstimateSchema = z.object({
  model: ModelRefSchema,
  trials: z.number(),
  /** Trials whose answer the organisation holds already (same model, settings, tools, utterance, repeat): not charged. */
  reusedTrials: z.number(),
  /** Request tokens of the trials to run (tools shown + utterance, o200k_base). */
  requestTokens: z.number(),
  /** Units of the case generation, charged to the first model unless the cases are held. */
  generationUnits: z.number(),
  units: z.number(),
});

/** Tokens an estimate counts for each utterance a generator model has yet to write (generously: the offline generator's run ~20-40). */
export const STAND_IN_UTTERANCE_TOKENS = 64;

/** `POST /v1/servers/{id}/evaluations/estimate`. */
export const EstimateSchema = z.object({
  server: z.object({ id: z.string(), versionId: z.string(), versionSeq: z.number() }),
  settings: EvaluationSettingsSchema,
  /**
   * `estimated`: a generator model writes the cases after the start, so the trials are priced on the cases it
   * is asked for (the offline generator's counts, each utterance at {@link STAND_IN_UTTERANCE_TOKENS} tokens);
   * once written, each run is priced on them and units charged above that are refunded as credits.
   */
  cases: z.object({ count: z.number(), held: z.boolean(), estimated: z.boolean(), generationUnits: z.number(), toolsShown: z.number() }),
  models: z.array(ModelEstimateSchema),
  units: z.number(),
  warnings: z.array(EstimateWarningSchema),
  balance: BalanceSchema,
});

/** `POST /v1/servers/{id}/evaluations` (202): the evaluation and the units of each model run. */
export const StartedEvaluationSchema = z.object({
  id: z.string(),
  status: z.literal('queued'),
  units: z.number(),
  runs: z.array(z.object({ id: z.string(), model: z.string(), units: z.number() })),
});

/** Status of an evaluation and of a model run. */
export const EvaluationStatusSchema = z.enum(['queued', 'running', 'done', 'failed']);

/** A failure recorded with a run or an evaluation (never a stack trace). */
export const RunErrorSchema = z.object({ code: z.string(), message: z.string() });

/** The metrics of a finished model run (counts and Wilson 95 % intervals on every rate; null value: "—"). */
export const RunMetricsSchema = z.object({
  selectionAcc: RateSchema,
  argValidity: RateSchema,
  falseCallRate: RateSchema,
  passRate: RateSchema,
  errorRate: RateSchema,
  scored: z.number(),
  truncated: z.number(),
  errors: z.number(),
  verdicts: z.record(z.string(), z.number()),
  providerErrors: z.array(ProviderErrorGroupSchema),
  confusion: ConfusionSchema,
  /** Repeats per case; pass@k (some of k passed) and pass^k (all k passed) over cases with k scored trials — null when k is 1. */
  k: z.number(),
  passAtK: RateSchema.nullable(),
  passHatK: RateSchema.nullable(),
});

/** One refund of a run: why, how many trials it covers (null for a repricing on a generator model's cases) and the units given back as credits. */
export const RunRefundSchema = z.object({
  /** `provider_error`: the trial ended without a model answer; `not_sent`: the run stopped before sending it; `repriced`: the start charged above the price on the cases written. */
  reason: z.enum(['provider_error', 'not_sent', 'repriced']),
  trials: z.number().nullable(),
  units: z.number(),
  at: TimestampSchema,
});

/** One model run of an evaluation. */
export const ModelRunSchema = z.object({
  id: z.string(),
  model: ModelRefSchema,
  status: EvaluationStatusSchema,
  /** Runs with equal keys (model, endpoint, settings, seed, repeats, distractor sets, language, generator) are ranked together. */
  comparabilityKey: z.string(),
  /** Units the start charged for this run; `refundedUnits` of them came back as credits, for the reasons in `refunds`. */
  units: z.number(),
  refundedUnits: z.number(),
  /** `units - refundedUnits`: what the run cost. */
  chargedUnits: z.number(),
  refunds: z.array(RunRefundSchema),
  /** Planned trials; `answeredTrials` of them have a model answer (provider errors and trials never sent do not). */
  trials: z.number(),
  answeredTrials: z.number(),
  answeredCases: z.number(),
  /**
   * Whether the run may be ranked: done with at least `MIN_ANSWERED_SHARE` (95 %) of its trials answered.
   * False for a failed run or one below the share (shown as incomplete), null while it runs.
   */
  complete: z.boolean().nullable(),
  reusedTrials: z.number(),
  metrics: RunMetricsSchema.nullable(),
  error: RunErrorSchema.nullable(),
  startedAt: TimestampSchema.nullable(),
  finishedAt: TimestampSchema.nullable(),
});

/** The server and version an evaluation is of. */
export const EvaluatedServerSchema = z.object({ id: z.string(), slug: z.string(), name: z.string(), versionId: z.string(), versionSeq: z.number() });

/** `GET /v1/evaluations/{id}`. */
export const EvaluationSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  status: EvaluationStatusSchema,
  server: EvaluatedServerSchema,
  organisationId: z.string(),
  settings: EvaluationSettingsSchema,
  /** Null until the cases are generated. */
  caseCount: z.number().nullable(),
  /** The case set used: its frozen hash and source (`offline`: the seeded generator, paraphrases of the tool text; `model:…`; a task set); null until generated. */
  caseSet: z.object({ hash: z.string(), source: z.string() }).nullable(),
  units: z.number(),
  refundedUnits: z.number(),
  error: RunErrorSchema.nullable(),
  createdAt: TimestampSchema,
  finishedAt: TimestampSchema.nullable(),
  runs: z.array(ModelRunSchema),
});

/** One evaluation in a server's list. */
export const EvaluationSummarySchema = EvaluationSchema.omit({ runs: true }).extend({
  runs: z.array(
    z.object({
      id: z.string(),
      model: z.string(),
      label: z.string(),
      baseline: z.boolean(),
      status: EvaluationStatusSchema,
      selectionAcc: RateSchema.nullable(),
      argValidity: RateSchema.nullable(),
      falseCallRate: RateSchema.nullable(),
      trials: z.number(),
      answeredTrials: z.number(),
      /** As the run's `complete`: false below 95 % answered (never ranked), null while it runs. */
      complete: z.boolean().nullable(),
    }),
  ),
});

/** `GET /v1/servers/{id}/evaluations`: newest first. */
export const EvaluationListSchema = z.object({ total: z.number(), limit: z.number(), offset: z.number(), items: z.array(EvaluationSummarySchema) });

/** Query of `GET /v1/evaluations/{id}/cases`: filters of the case browser, paged. */
export const CaseQuerySchema = PageQuerySchema.extend({
  /** `any`: some model missed the case; `one`: exactly one model missed it. */
  missed: z.enum(['any', 'one']).optional(),
  /** Cases where some trial has an argument error of this kind, or (`provider`) ended in a provider error. */
  errorKind: z.enum([...ArgErrorKindSchema.options, 'provider']).optional(),
  kind: CaseKindSchema.optional(),
});

/** One trial of a case by one model run: the calls, the verdict (argument errors say which argument and how). */
export const CaseTrialSchema = z.object({
  runId: z.string(),
  model: z.string(),
  baseline: z.boolean(),
  repeat: z.number(),
  order: z.array(z.string()).nullable(),
  calls: z.array(ProposedCallSchema),
  text: z.string(),
  truncated: z.boolean(),
  error: TrialErrorSchema.nullable(),
  verdict: VerdictSchema,
  latencyMs: z.number(),
  cached: z.boolean(),
});

/** One case with every model's trials. */
export const EvaluationCaseSchema = z.object({
  caseId: z.string(),
  kind: CaseKindSchema,
  language: CaseLanguageSchema,
  utterance: z.string(),
  expected: z.string().nullable(),
  pairedWith: z.string().nullable(),
  trials: z.array(CaseTrialSchema),
});

/** `GET /v1/evaluations/{id}/cases`. */
export const EvaluationCasesSchema = z.object({ total: z.number(), limit: z.number(), offset: z.number(), items: z.array(EvaluationCaseSchema) });

/**
 * Why a model's comparison has no paired test, by code (one definition: the API sends the code and this
 * English text; the site shows its own words for the code in each language).
 */
export const UNPAIRED_REASONS = {
  no_previous: 'no earlier evaluation of this server has results of this model',
  different_cases: 'the evaluations have different case sets (another server version): rates compared, trials not paired',
  different_settings: 'no earlier run of this model on this server has the same settings (comparability key): not compared; `differences` says which settings differ from the newest earlier run',
} as const;
export type UnpairedCode = keyof typeof UNPAIRED_REASONS;
const UNPAIRED_CODES = Object.keys(UNPAIRED_REASONS) as [UnpairedCode, ...UnpairedCode[]];

/** One model's comparison with the previous evaluation of the same server that has its results under the same comparability key. */
export const ModelComparisonSchema = z.object({
  model: z.string(),
  runId: z.string(),
  /**
   * The previous run of this model on this server with results and the same comparability key; when there
   * is none, the newest earlier run with other settings (not compared: `differences` names the settings), or null.
   */
  previous: z.object({ evaluationId: z.string(), runId: z.string(), versionSeq: z.number(), finishedAt: TimestampSchema }).nullable(),
  /** Null unless `previous` has the same comparability key. */
  selectionAcc: MetricDeltaSchema.nullable(),
  argValidity: MetricDeltaSchema.nullable(),
  falseCallRate: MetricDeltaSchema.nullable(),
  /** The settings in which `previous` differs from this run (`different_settings`), in words; empty otherwise. */
  differences: z.array(z.string()),
  /**
   * The paired sign test of `toolmark diff` over trials matched by case and repeat — only when both runs
   * share the case set and the comparability key; otherwise null and `unpairedReason` says why.
   */
  paired: z
    .object({ pairs: z.number(), regressed: z.number(), improved: z.number(), pValue: z.number().nullable(), significant: z.boolean(), unpaired: z.number() })
    .nullable(),
  /** Why `paired` is null (UNPAIRED_REASONS), in English; null when it is not. */
  unpairedReason: z.string().nullable(),
  /** The same reason as a code, for clients that say it in their own words; null when paired. */
  unpairedCode: z.enum(UNPAIRED_CODES).nullable(),
});

/** `GET /v1/evaluations/{id}/comparison`: per finished model, against the previous evaluation of the server with its results. */
export const EvaluationComparisonSchema = z.object({ evaluationId: z.string(), models: z.array(ModelComparisonSchema) });

/** Evaluations. */
export const evaluationsEndpoints = {
  'GET /v1/models': { response: { 200: ModelCatalogueAnswerSchema, ...authErrors } },
  'POST /v1/servers/{id}/evaluations/estimate': {
    params: IdOrSlugParamsSchema,
    body: EvaluationRequestSchema,
    response: { 200: EstimateSchema, ...bodyErrors, 404: ErrorSchema, 409: ErrorSchema, ...authErrors, ...unavailable },
  },
  'POST /v1/servers/{id}/evaluations': {
    params: IdOrSlugParamsSchema,
    body: StartEvaluationSchema,
    response: { 202: StartedEvaluationSchema, ...bodyErrors, 402: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema, ...authErrors, ...unavailable },
  },
  'GET /v1/servers/{id}/evaluations': {
    params: IdOrSlugParamsSchema,
    querystring: PageQuerySchema,
    response: { 200: EvaluationListSchema, 400: ErrorSchema, 404: ErrorSchema, ...authErrors, ...unavailable },
  },
  'GET /v1/evaluations/{id}': { params: IdParamsSchema, response: { 200: EvaluationSchema, 400: ErrorSchema, 404: ErrorSchema, ...authErrors, ...unavailable } },
  'GET /v1/evaluations/{id}/comparison': { params: IdParamsSchema, response: { 200: EvaluationComparisonSchema, 400: ErrorSchema, 404: ErrorSchema, ...authErrors, ...unavailable } },
  'GET /v1/evaluations/{id}/cases': {
    params: IdParamsSchema,
    querystring: CaseQuerySchema,
    response: { 200: EvaluationCasesSchema, 400: ErrorSchema, 404: ErrorSchema, ...authErrors, ...unavailable },
  },
};
