// Evaluations: case sets and their cases, evaluations, model runs, trials and the answers an organisation holds.
import { boolean, index, integer, json, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { now } from './columns.js';
import { apiKeys, organisations } from './accounts.js';
import { serverVersions, servers } from './servers.js';

/** Status of an evaluation and of each of its model runs. */
export const evaluationStatus = pgEnum('evaluation_status', ['queued', 'running', 'done', 'failed']);

/**
 * A case set: the cases of one server version under one generator and its settings (language, cases per
 * tool, seed), stored once; a later evaluation with the same settings reuses it and is not charged for it.
 */
export const caseSets = pgTable(
  'case_sets',
  {
    id: uuid().primaryKey().defaultRandom(),
    serverVersionId: uuid()
      .notNull()
      .references(() => serverVersions.id, { onDelete: 'cascade' }),
    generator: text().notNull(),
    /** Canonical JSON of what the cases depend on besides the version (generator, language, cases per tool, seed). */
    settingsKey: text().notNull(),
    caseSetHash: text().notNull(),
    caseCount: integer().notNull(),
    source: text().notNull(),
    createdAt: now(),
  },
  (t) => [uniqueIndex('case_sets_version_settings_idx').on(t.serverVersionId, t.settingsKey)],
);

/** The cases of a case set, in plan order; `data` is the core's EvalCase. */
export const evalCases = pgTable(
  'eval_cases',
  {
    caseSetId: uuid()
      .notNull()
      .references(() => caseSets.id, { onDelete: 'cascade' }),
    ordinal: integer().notNull(),
    caseId: text().notNull(),
    kind: text().notNull(),
    language: text().notNull(),
    expected: text(),
    utterance: text().notNull(),
    data: json().notNull(),
  },
  (t) => [primaryKey({ columns: [t.caseSetId, t.ordinal] }), uniqueIndex('eval_cases_case_idx').on(t.caseSetId, t.caseId)],
);

/** An evaluation: one server version, its settings, who started it, and one model run per model. */
export const evaluations = pgTable(
  'evaluations',
  {
    id: uuid().primaryKey().defaultRandom(),
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    serverId: uuid()
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    serverVersionId: uuid()
      .notNull()
      .references(() => serverVersions.id, { onDelete: 'cascade' }),
    name: text(),
    status: evaluationStatus().notNull().default('queued'),
    /** The resolved EvaluationSettings (models, distractor sets, language, cases per tool, repeats, seed, generator). */
    settings: jsonb().notNull(),
    caseSetId: uuid().references(() => caseSets.id, { onDelete: 'set null' }),
    /** Units the start charged (all model runs, generation included). */
    units: integer().notNull().default(0),
    /** Units of the case generation (charged to the first model run). */
    generationUnits: integer().notNull().default(0),
    createdByKeyId: uuid().references(() => apiKeys.id, { onDelete: 'set null' }),
    error: jsonb(),
    createdAt: now(),
    startedAt: timestamp({ withTimezone: true, mode: 'date' }),
    finishedAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (t) => [index('evaluations_server_idx').on(t.serverId, t.createdAt), index('evaluations_organisation_idx').on(t.organisationId, t.createdAt)],
);

/** One model's run of an evaluation (a `run-model` job). */
export const modelRuns = pgTable(
  'model_runs',
  {
    id: uuid().primaryKey().defaultRandom(),
    evaluationId: uuid()
      .notNull()
      .references(() => evaluations.id, { onDelete: 'cascade' }),
    ordinal: integer().notNull(),
    /** The catalogue id (`provider/model`). */
    modelId: text().notNull(),
    provider: text().notNull(),
    baseline: boolean().notNull(),
    /** The provider's non-secret fingerprint and the request settings, as recorded at start. */
    providerFingerprint: text().notNull(),
    settings: jsonb().notNull(),
    comparabilityKey: text().notNull(),
    /** The comparable settings as columns, for the leaderboards per model. */
    distractorsKey: text().notNull(),
    language: text().notNull(),
    generator: text().notNull(),
    casesPerTool: integer().notNull(),
    repeats: integer().notNull(),
    status: evaluationStatus().notNull().default('queued'),
    /** Units charged at start for this run (generation included for the first run). */
    units: integer().notNull(),
    generationUnits: integer().notNull().default(0),
    refundedUnits: integer().notNull().default(0),
    /**
     * Why units were refunded, one entry per refund ({@link RunRefund}): trials without a model answer
     * (`provider_error`), trials never sent (`not_sent`), or a price above the generator's cases (`repriced`).
     */
    refunds: jsonb().notNull().default([]),
    trialCount: integer().notNull(),
    /** Trials answered from the organisation's result cache when the run started (not charged). */
    reusedTrials: integer().notNull().default(0),
    /** The run's metrics (the core's Metrics) once done. */
    metrics: json(),
    /** Hashes and versions of what was run (surface, shown surface, case set, system text, distractor sets, code version). */
    facts: jsonb(),
    error: jsonb(),
    startedAt: timestamp({ withTimezone: true, mode: 'date' }),
    finishedAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('model_runs_evaluation_model_idx').on(t.evaluationId, t.modelId),
    index('model_runs_board_idx').on(t.modelId, t.comparabilityKey, t.status),
  ],
);

/** One trial: case × model run × repeat, stored once (the unique key makes a resumed run skip it). */
export const trials = pgTable(
  'trials',
  {
    modelRunId: uuid()
      .notNull()
      .references(() => modelRuns.id, { onDelete: 'cascade' }),
    caseId: text().notNull(),
    repeat: integer().notNull(),
    /**
     * The core's TrialRecord (tools shown in order, every call with arguments, verdict, usage, latency).
     * `json`, like the other documents: stored and read whole, never queried inside, and cheaper to write.
     */
    record: json().notNull(),
    verdict: text().notNull(),
    /** Argument error kinds of the verdict (missing, wrong_type, not_allowed, not_json). */
    argErrorKinds: text().array().notNull(),
    truncated: boolean().notNull(),
    error: boolean().notNull(),
    cached: boolean().notNull(),
    /** The record's latencyMs (ms, rounded), so boards take medians without parsing records; null on rows stored before it existed. */
    latencyMs: integer(),
    /** Units this trial was charged (0 when reused). */
    units: integer().notNull(),
    seed: integer().notNull(),
    createdAt: now(),
  },
  (t) => [primaryKey({ columns: [t.modelRunId, t.caseId, t.repeat] })],
);

/** Answers an organisation holds, by the core's cache key (model, settings, tools, utterance, repeat): reused and not charged. */
export const resultCache = pgTable(
  'result_cache',
  {
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    result: json().notNull(),
    createdAt: now(),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.key] })],
);
