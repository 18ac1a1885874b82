// The drizzle schema: the one description of toolmark's tables. Migrations are generated from it with
// `npm run db:generate` (drizzle-kit) and never edited once merged.
import { CategoryIdSchema, FAILURE_KINDS } from '@toolmark/benchmarks';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  json,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const now = () => timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** What a key may do: `admin` manages keys, `ci` saves lint scores, `script` also evaluates, `agent` never calls the REST API. */
export const keyPurpose = pgEnum('key_purpose', ['admin', 'ci', 'script', 'agent']);
/** How a server's tools reach toolmark. */
export const serverSource = pgEnum('server_source', ['url', 'npm', 'upload']);
/** Where a version's tools came from. */
export const versionOrigin = pgEnum('version_origin', ['api', 'capture', 'upload', 'seed']);

export const organisations = pgTable('organisations', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  slug: text().notNull().unique(),
  /** Requests per minute per key. */
  rateLimitPerMinute: integer().notNull().default(600),
  /** Monthly (UTC) units per key purpose; spending beyond them takes credits. */
  monthlyUnitsCi: integer().notNull().default(10_000),
  monthlyUnitsScript: integer().notNull().default(1_000),
  /** Set by an operator while the organisation's last payment has failed: no evaluation starts (402). */
  paymentFailed: boolean().notNull().default(false),
  createdAt: now(),
});

export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid().primaryKey().defaultRandom(),
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    purpose: keyPurpose().notNull(),
    name: text().notNull(),
    /** The first characters of the key, shown in lists so a person can tell keys apart. */
    prefix: text().notNull(),
    /** sha256 of the whole key (hex). Keys are 190 random bits, so a fast hash is enough; the key itself is never stored. */
    hash: text().notNull().unique(),
    createdByKeyId: uuid(),
    createdAt: now(),
    lastUsedAt: timestamp({ withTimezone: true, mode: 'date' }),
    revokedAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (t) => [index('api_keys_organisation_idx').on(t.organisationId)],
);

export const servers = pgTable(
  'servers',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    slug: text().notNull().unique(),
    description: text(),
    source: serverSource().notNull(),
    sourceUrl: text(),
    sourcePackage: text(),
    homepage: text(),
    repository: text(),
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    public: boolean().notNull().default(true),
    /** The newest version (denormalised so the leaderboard is one join). */
    latestVersionId: uuid(),
    captureStatus: text(),
    captureError: jsonb(),
    lastCapturedAt: timestamp({ withTimezone: true, mode: 'date' }),
    createdAt: now(),
    /**
     * Soft delete: set when the organisation deletes the server. Its versions and results stay stored (what
     * was published keeps its numbers); the server leaves the board, lists and its routes answer 404.
     */
    deletedAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('servers_organisation_idx').on(t.organisationId),
    index('servers_public_idx').on(t.public, t.latestVersionId),
  ],
);

export const serverVersions = pgTable(
  'server_versions',
  {
    id: uuid().primaryKey().defaultRandom(),
    serverId: uuid()
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    /** 1, 2, 3… per server: versions are added only when the surface hash differs from the latest one. */
    seq: integer().notNull(),
    surfaceHash: text().notNull(),
    label: text(),
    /**
     * `{ tools: [...] }` exactly as received, unknown keys included. `json`, not `jsonb`: documents are
     * stored and read whole, never queried inside, and `json` only checks the text on the way in (jsonb
     * builds a tree: most of PostgreSQL's CPU for a save of new tools) and hands it back as stored.
     */
    tools: json().notNull(),
    toolCount: integer().notNull(),
    origin: versionOrigin().notNull(),
    capturedAt: now(),
  },
  (t) => [uniqueIndex('server_versions_server_seq_idx').on(t.serverId, t.seq), index('server_versions_hash_idx').on(t.surfaceHash)],
);

/**
 * The columns a lint result is ranked and filtered by: the server mean (null for a surface without tools),
 * band, tool count, findings by severity, security findings, tokens. One definition for lint_results and
 * its copy in board_entries.
 */
const rankingColumns = () => ({
  score: real(),
  band: text(),
  toolCount: integer().notNull(),
  critical: integer().notNull(),
  required: integer().notNull(),
  minor: integer().notNull(),
  securityFindings: integer().notNull(),
  tokens: integer().notNull(),
});

export const lintResults = pgTable(
  'lint_results',
  {
    id: uuid().primaryKey().defaultRandom(),
    serverVersionId: uuid()
      .notNull()
      .references(() => serverVersions.id, { onDelete: 'cascade' }),
    rulesId: text().notNull(),
    rulesHash: text().notNull(),
    ...rankingColumns(),
    /** The full LintResult (the CLI's --json structure); `json` for the reason given at `tools`. */
    result: json().notNull(),
    createdAt: now(),
  },
  (t) => [
    // Lint is deterministic: one result per version and rule set, however often it is asked for.
    uniqueIndex('lint_results_version_rules_idx').on(t.serverVersionId, t.rulesId, t.rulesHash),
  ],
);

/** Every save of a score through the API (the score is saved on each call, the result row is shared). */
export const lintSaves = pgTable(
  'lint_saves',
  {
    id: uuid().primaryKey().defaultRandom(),
    serverId: uuid()
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    serverVersionId: uuid()
      .notNull()
      .references(() => serverVersions.id, { onDelete: 'cascade' }),
    lintResultId: uuid()
      .notNull()
      .references(() => lintResults.id, { onDelete: 'cascade' }),
    apiKeyId: uuid().references(() => apiKeys.id, { onDelete: 'set null' }),
    label: text(),
    createdAt: now(),
  },
  (t) => [index('lint_saves_server_idx').on(t.serverId, t.createdAt)],
);

/** Units spent per organisation, UTC month and key purpose. */
export const usage = pgTable(
  'usage',
  {
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    month: date({ mode: 'string' }).notNull(),
    purpose: keyPurpose().notNull(),
    units: bigint({ mode: 'number' }).notNull().default(0),
    creditUnits: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.month, t.purpose] })],
);

/** Credits: spent after the month's quota, oldest-expiring first; expired credits are never spent. */
export const credits = pgTable(
  'credits',
  {
    id: uuid().primaryKey().defaultRandom(),
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    amount: integer().notNull(),
    remaining: integer().notNull(),
    reason: text().notNull(),
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    createdAt: now(),
  },
  (t) => [
    index('credits_spend_idx').on(t.organisationId, t.expiresAt),
    check('credits_remaining_range', sql`${t.remaining} >= 0 AND ${t.remaining} <= ${t.amount}`),
  ],
);

/**
 * The leaderboard, one row per (rules id, rules hash, server): the server's latest version's result under
 * those rules with the server's name, source and version fields beside it (deleted servers have no rows), so a board page is an index scan instead
 * of a join and sort of every server. Kept by triggers (migration 0001) on servers and lint_results, so
 * every write path — repositories, bulk loads, manual SQL — keeps it right. Never written by the app.
 */
export const boardEntries = pgTable(
  'board_entries',
  {
    rulesId: text().notNull(),
    rulesHash: text().notNull(),
    serverId: uuid()
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    public: boolean().notNull(),
    slug: text().notNull(),
    name: text().notNull(),
    nameLower: text().notNull(),
    description: text(),
    lintResultId: uuid().notNull(),
    ...rankingColumns(),
    versionId: uuid().notNull(),
    versionSeq: integer().notNull(),
    versionLabel: text(),
    capturedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    /** Where the server's tools come from (the server's source): captured from npm, from a URL, or uploaded. */
    source: serverSource().notNull(),
    /** The latest version's surface hash: servers with identical tools find each other through it. */
    surfaceHash: text().notNull(),
    /**
     * Points earned of points possible per scoring category over all the server's tools, 0–100 to one
     * decimal (`{"purpose": 83.3, …}`; `{}` without tools): the board's category columns and sort keys.
     */
    categories: jsonb().$type<Record<string, number>>().notNull().default({}),
  },
  (t) => [
    primaryKey({ columns: [t.rulesId, t.rulesHash, t.serverId] }),
    // One index per sort key, each ending in the tie-breakers, so every sort and its offset walk an index.
    index('board_score_idx').on(t.rulesId, t.rulesHash, sql`${t.score} DESC NULLS LAST`, t.nameLower, t.serverId).where(sql`${t.public}`),
    index('board_score_asc_idx').on(t.rulesId, t.rulesHash, sql`${t.score} ASC NULLS LAST`, t.nameLower, t.serverId).where(sql`${t.public}`),
    index('board_name_idx').on(t.rulesId, t.rulesHash, t.nameLower, t.serverId).where(sql`${t.public}`),
    index('board_tools_idx').on(t.rulesId, t.rulesHash, t.toolCount, t.nameLower, t.serverId).where(sql`${t.public}`),
    index('board_tokens_idx').on(t.rulesId, t.rulesHash, t.tokens, t.nameLower, t.serverId).where(sql`${t.public}`),
    index('board_captured_idx').on(t.rulesId, t.rulesHash, t.capturedAt, t.nameLower, t.serverId).where(sql`${t.public}`),
    index('board_server_idx').on(t.serverId),
    index('board_surface_idx').on(t.rulesId, t.rulesHash, t.surfaceHash).where(sql`${t.public}`),
    // A category sort, highest first, walks its own index too (the expression is the one leaderboard() sorts by).
    ...CategoryIdSchema.options.map((c) =>
      index(`board_${c}_idx`).on(t.rulesId, t.rulesHash, sql`((${t.categories} ->> '${sql.raw(c)}')::real) DESC NULLS LAST`, t.nameLower, t.serverId).where(sql`${t.public}`),
    ),
  ],
);

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

/** What went wrong in a reported tool call (the core's FAILURE_KINDS). */
export const failureKind = pgEnum('failure_kind', FAILURE_KINDS);

/**
 * The failure knowledge base: one row per report an `agent` key posted (duplicates within the window are
 * never stored). The server is named by id, or by surface hash when the agent knew only its tools; a
 * report by hash is tied to the registered server with those tools when there is one. The utterance is
 * kept only when the report is tied to a server (its organisation alone reads it). Removal by an operator
 * sets `removed_at`: the row stays (who posted what is kept), every read leaves it out.
 */
export const failureReports = pgTable(
  'failure_reports',
  {
    id: uuid().primaryKey().defaultRandom(),
    serverId: uuid().references(() => servers.id, { onDelete: 'cascade' }),
    surfaceHash: text().notNull(),
    toolCalled: text(),
    expectedTool: text(),
    kind: failureKind().notNull(),
    model: text().notNull(),
    utterance: text(),
    /** The core's failureDedupeKey: the server, tools and kind. */
    dedupeKey: text().notNull(),
    apiKeyId: uuid()
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    createdAt: now(),
    removedAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('failure_reports_server_idx').on(t.serverId).where(sql`${t.removedAt} IS NULL`),
    index('failure_reports_surface_idx').on(t.surfaceHash).where(sql`${t.removedAt} IS NULL`),
    index('failure_reports_key_idx').on(t.apiKeyId, t.createdAt),
    index('failure_reports_dedupe_idx').on(t.apiKeyId, t.dedupeKey, t.createdAt),
  ],
);

/**
 * A server organisation's private cases made from reported utterances: one task per report (prompt = the
 * utterance, expected = the tool that should have been called, or null), read back as a task set.
 */
export const failureCases = pgTable(
  'failure_cases',
  {
    id: uuid().primaryKey().defaultRandom(),
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    serverId: uuid()
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    reportId: uuid()
      .notNull()
      .references(() => failureReports.id, { onDelete: 'cascade' }),
    taskId: text().notNull(),
    prompt: text().notNull(),
    expected: text(),
    createdByKeyId: uuid().references(() => apiKeys.id, { onDelete: 'set null' }),
    createdAt: now(),
  },
  (t) => [uniqueIndex('failure_cases_report_idx').on(t.reportId), index('failure_cases_server_idx').on(t.serverId, t.organisationId)],

);

/** Status of a dataset release: being built (never served), published (immutable), failed. */
export const releaseStatus = pgEnum('release_status', ['building', 'published', 'failed']);

/**
 * Dataset releases (issue 16): one row per built release. Only `published` rows are served; their files
 * never change. The latest release of a kind and key is the published one with the highest version.
 */
export const releases = pgTable(
  'releases',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text().notNull(),
    /** What releases of a kind are kept apart by: `v1:<hash>` for lint, the model and comparable settings for evaluations. */
    key: text().notNull(),
    version: integer().notNull(),
    /** The manifest's id (`lint-v1-…-v3`): the folder name and the id in URLs. */
    releaseId: text().notNull().unique(),
    status: releaseStatus().notNull().default('building'),
    /** The release's manifest once published (jsonb: key order is not kept; the manifest.json file holds the exact bytes). */
    manifest: jsonb(),
    /** Total bytes of the release's files. */
    bytes: bigint({ mode: 'number' }),
    error: jsonb(),
    createdAt: now(),
    publishedAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('releases_kind_key_version_idx').on(t.kind, t.key, t.version), index('releases_published_idx').on(t.status, t.kind, t.publishedAt)],
);
