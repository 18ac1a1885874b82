// The leaderboards of evaluations: one model's board of public servers, the models leaderboard on the
// fixed suite with its accuracy-against-tools-shown curve, and the operator's suite run. Only runs with
// the same comparability key are ranked together.
import { z } from 'zod';
import { CaseLanguageSchema, RateSchema } from '../eval.js';
import { GeneratorIdSchema, ModelIdSchema } from '../models.js';
import { MODELS_SUITE } from '../../eval/suite.js';
import { PageQuerySchema, TimestampSchema } from './common.js';
import { authErrors, bodyErrors, ErrorSchema, unavailable } from './errors.js';
import { ModelRefSchema } from './evaluations.js';

/** A comparability key as runs store it (`cmp1:` + 32 hex digits). */
export const ComparabilityKeySchema = z.string().max(100).regex(/^cmp[0-9]+:[0-9a-f]{8,64}$/, 'must be a comparability key, e.g. cmp1:0123…');

/** Query of `GET /v1/leaderboards/evaluations`: one model and the settings that make runs comparable. */
export const ModelBoardQuerySchema = PageQuerySchema.extend({
  model: ModelIdSchema,
  /** Comma-separated distractor set names (none by default). */
  distractors: z.string().max(400).default(''),
  language: CaseLanguageSchema.default('en'),
  /** Default: the public suite's (the hand-written toolmark-public v2, test half); `offline` is paraphrases of the tool text, answered only when asked for. */
  generator: GeneratorIdSchema.default(MODELS_SUITE.generator),
  casesPerTool: z.coerce.number<number | string>().int().min(1).max(20).default(MODELS_SUITE.casesPerTool),
  repeats: z.coerce.number<number | string>().int().min(1).max(10).default(1),
  /** The comparability key to rank (one of the answer's `keys`); default: the key with the most servers (the newest on a tie). */
  key: ComparabilityKeySchema.optional(),
});

/** One comparability key the query matched: how many servers it ranks, and what its runs recorded (so a reader sees why keys differ). */
export const BoardKeySchema = z.object({
  key: z.string(),
  servers: z.number(),
  latestFinishedAt: TimestampSchema,
  /** The distractor sets with their frozen hashes. */
  distractors: z.array(z.object({ name: z.string(), hash: z.string() })),
  /** The model endpoint the runs called (null for the baseline). */
  endpoint: z.string().nullable(),
  /** Code versions (git sha) of the runs under this key. */
  codeVersions: z.array(z.string()),
  /** The key this board ranks. */
  selected: z.boolean(),
});

/** What a board row cost and how fast it answered, as BFCL publishes them (the catalogue price is the model's `unitPrice`). */
const costFields = {
  /** Units the runs of this row cost: charged at start less refunded (answers reused from earlier runs cost 0). */
  units: z.number(),
  /** Median latency of the answered trials sent to the provider (ms); null when none (every answer reused from an earlier run). */
  medianLatencyMs: z.number().nullable(),
};

/** Repeats per case and, where they are above 1, pass@k (some of k trials passed) and pass^k (all k passed); null when k is 1. */
const passKFields = { k: z.number(), passAtK: RateSchema.nullable(), passHatK: RateSchema.nullable() };

/**
 * A row's answered share: a run (or any run of a pooled row) with fewer than `MIN_ANSWERED_SHARE` (95 %) of
 * its planned trials answered is `complete: false`, listed after the ranked rows with `rank: null`.
 */
const completenessFields = { complete: z.boolean(), answeredTrials: z.number(), trials: z.number() };

/** A server on a model's leaderboard: its latest finished evaluation with that comparability key, on the server's latest version. */
export const ModelBoardItemSchema = z.object({
  /** Null for an incomplete run: listed, never ranked. */
  rank: z.number().nullable(),
  ...completenessFields,
  server: z.object({ id: z.string(), slug: z.string(), name: z.string() }),
  versionId: z.string(),
  versionSeq: z.number(),
  evaluationId: z.string(),
  runId: z.string(),
  finishedAt: TimestampSchema,
  selectionAcc: RateSchema,
  argValidity: RateSchema,
  falseCallRate: RateSchema,
  ...passKFields,
  ...costFields,
  /** False when this server's selectionAcc interval overlaps the one ranked just above: the two are not distinguishable. */
  distinguishable: z.boolean(),
  /**
   * The rows not distinguishable from each other share a number (1, 1, 2, …): a group opens at the top
   * row and at each row whose selectionAcc interval lies wholly under its group's first row's. Null for an
   * incomplete row. Unlike `distinguishable` (against the row just above), groups never chain.
   */
  group: z.number().nullable(),
});

/** `GET /v1/leaderboards/evaluations`: public servers ranked by `selectionAcc` for one model under one comparability key. */
export const ModelBoardSchema = z.object({
  model: ModelRefSchema,
  settings: z.object({ distractors: z.array(z.string()), language: CaseLanguageSchema, generator: z.string(), casesPerTool: z.number(), repeats: z.number() }),
  /** The key the ranked runs share; null when no run matches. */
  comparabilityKey: z.string().nullable(),
  /** The other keys seen for the same query. */
  otherKeys: z.array(z.string()),
  /** Every key seen for the query, most servers first. */
  keys: z.array(BoardKeySchema),
  /** The least answered share a ranked run has (the core's MIN_ANSWERED_SHARE). */
  minAnsweredShare: z.number(),
  /** Matching runs left out because they are of an older version of their server (each server is ranked at its latest version). */
  olderVersionRuns: z.number(),
  total: z.number(),
  limit: z.number(),
  offset: z.number(),
  items: z.array(ModelBoardItemSchema),
});

/** Query of `GET /v1/leaderboards/models`: which step of the suite (its distractor sets) to rank. */
export const ModelsBoardQuerySchema = z.object({
  distractors: z.string().max(400).default(''),
  language: CaseLanguageSchema.default('en'),
});

/** One model on the models leaderboard: pooled over the suite's servers, with intervals. */
export const ModelsBoardItemSchema = z.object({
  /** Null for an incomplete row: listed, never ranked. */
  rank: z.number().nullable(),
  ...completenessFields,
  model: ModelRefSchema,
  comparabilityKey: z.string(),
  servers: z.number(),
  /** Mean number of tools shown per request (trial) over the suite's servers (server + distractor sets), each server weighted by its trials: the x of the accuracy curve. */
  toolsShown: z.number(),
  selectionAcc: RateSchema,
  argValidity: RateSchema,
  falseCallRate: RateSchema,
  ...passKFields,
  ...costFields,
  /** False when this model's selectionAcc interval overlaps the one ranked just above. */
  distinguishable: z.boolean(),
  /**
   * The rows not distinguishable from each other share a number (1, 1, 2, …): a group opens at the top
   * row and at each row whose selectionAcc interval lies wholly under its group's first row's. Null for an
   * incomplete row. Unlike `distinguishable` (against the row just above), groups never chain.
   */
  group: z.number().nullable(),
});

/** One point of a model's curve: its pooled selectionAcc over the suite at one distractor step. */
export const CurvePointSchema = z.object({
  step: z.number(),
  distractors: z.array(z.string()),
  /** Mean tools shown per request at this step (as the item's `toolsShown`). */
  toolsShown: z.number(),
  /** Whether every run of the point is complete (an incomplete point is drawn hollow). */
  complete: z.boolean(),
  servers: z.number(),
  selectionAcc: RateSchema,
  comparabilityKey: z.string(),
});

/** The fixed, versioned suite (one definition: `MODELS_SUITE` of the core). */
export const SuiteSchema = z.object({
  id: z.string(),
  version: z.number(),
  /** The suite's servers (seeded slugs); `id` null when this install has no public server with that slug. */
  servers: z.array(z.object({ slug: z.string(), id: z.string().nullable(), name: z.string().nullable() })),
  language: CaseLanguageSchema,
  casesPerTool: z.number(),
  repeats: z.number(),
  generator: z.string(),
  /** The distractor sets of each step of the curve. */
  steps: z.array(z.array(z.string())),
  /** The step this answer ranks. */
  distractors: z.array(z.string()),
});

/** `GET /v1/leaderboards/models`: which model routes best on the suite, the baseline a labelled row, and accuracy against tools shown per model. */
export const ModelsBoardSchema = z.object({
  suite: SuiteSchema,
  /** The least answered share a ranked row has (the core's MIN_ANSWERED_SHARE). */
  minAnsweredShare: z.number(),
  items: z.array(ModelsBoardItemSchema),
  /** Per model with any suite run, one point per step it has runs for (in step order). */
  curve: z.array(z.object({ model: ModelRefSchema, points: z.array(CurvePointSchema) })),
});

/** Body of `POST /v1/leaderboards/models/runs`: which models (default: every enabled one) on which distractor sets (default: every step of the suite). */
export const SuiteRunSchema = z.preprocess(
  (body) => body ?? {},
  z.strictObject({
    models: z.array(ModelIdSchema).min(1).max(20).optional(),
    distractors: z.array(z.string().max(50)).max(8).optional(),
    language: CaseLanguageSchema.default('en'),
    /** Run every server and step again, even those that already have a run of the model under the same comparability key (default: only what is missing, as `toolmark suite run`). */
    refresh: z.boolean().default(false),
  }),
);

/** `POST /v1/leaderboards/models/runs` (202): one evaluation per suite server and step, or why one was skipped. */
export const SuiteRunAnswerSchema = z.object({
  suite: z.object({ id: z.string(), version: z.number() }),
  units: z.number(),
  evaluations: z.array(
    z.object({ serverId: z.string().nullable(), slug: z.string(), distractors: z.array(z.string()), evaluationId: z.string().nullable(), units: z.number(), skipped: z.string().nullable() }),
  ),
});

/** Leaderboards of evaluations. */
export const modelBoardsEndpoints = {
  'POST /v1/leaderboards/models/runs': {
    body: SuiteRunSchema,
    response: { 202: SuiteRunAnswerSchema, ...bodyErrors, 402: ErrorSchema, 409: ErrorSchema, ...authErrors, ...unavailable },
  },
  'GET /v1/leaderboards/evaluations': { querystring: ModelBoardQuerySchema, response: { 200: ModelBoardSchema, 400: ErrorSchema, 404: ErrorSchema, ...authErrors, ...unavailable } },
  'GET /v1/leaderboards/models': { querystring: ModelsBoardQuerySchema, response: { 200: ModelsBoardSchema, 400: ErrorSchema, ...authErrors, ...unavailable } },
};
