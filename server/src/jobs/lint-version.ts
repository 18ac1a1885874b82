// Queue `lint-version`: score one stored version under rules versions. Lint is a pure function of the
// tools and the rule set, and the result is stored at most once per (version, rules id, rules hash), so a
// job delivered twice, or run by two workers at once, leaves one row and does no harm.
//
// A job that names no rules scores the version under the latest rules only — what the leaderboard, the
// badge and the upload's answer read — and queues one more job, at low priority, for the other published
// versions (issue 25: linting every version in every job held throughput at 16.5 jobs/s). A draft rules
// version is never stored: its results are not final (registry.ts).
import {
  isRuleSetId,
  LATEST_RULES,
  LintCache,
  lintSurface,
  LintVersionJobSchema,
  parseSurfaceValue,
  ruleSets,
  type LintResult,
  type RegisteredRuleSet,
  type Surface,
} from '@toolmark/benchmarks';
import { getVersion, hasLintResult, storeLintResult, type Database } from '@toolmark/db';
import type { CpuPool } from '../cpu/pool.js';
import { lintOnPool } from '../cpu/lint-on-pool.js';
import { nodeSha256Hex } from '../native-hash.js';
import { watchAfterLint, type WatchEventKind } from '../pipelines/watch-events.js';
import type { JobLog } from './boss.js';
import { BACKGROUND_LINT_PRIORITY, type JobSender } from './sender.js';

/** Per-tool lint memo of this worker process: a re-captured version usually changes a tool or two. */
const toolCache = new LintCache();

/** What the handler needs. */
export interface LintVersionDeps {
  db: Database;
  log: JobLog;
  /**
   * The process's CPU pool (`npm start` with inline workers shares the API's): the lint runs on a worker
   * thread, not on the event loop that answers requests. Absent (`toolmark worker`, tests): in this thread.
   */
  cpu?: CpuPool;
  /** Queues the low-priority job for the other published rules versions. */
  sender: JobSender;
  /** The rules versions (default: the registry); tests pass one with a draft entry. */
  registry?: Readonly<Record<string, RegisteredRuleSet>>;
}

/** What one job did, per rules id (kept by pg-boss as the job's output). */
export interface LintVersionOutcome {
  versionId: string;
  /** `missing`: the version was deleted after the job was queued. */
  status: 'done' | 'missing';
  stored: string[];
  /** Already scored under these rules (by an earlier or a concurrent job). */
  alreadyScored: string[];
  /** Rules ids this build does not know (a job queued by a newer build during a rolling deploy). */
  unknownRules: string[];
  /** Draft rules versions named by the job: never stored (their results are not final). */
  draftRules: string[];
  /** The other published rules versions left to a low-priority job (queued, or already waiting). */
  deferred: string[];
  /** Watch events of the version (pipelines/watch-events.ts): only for a job that names no rules, on the server's latest version. */
  watch: WatchEventKind[];
}

/**
 * Lint the version under each named rules id — by default the latest rules, with one low-priority job
 * queued for the other published versions. A version whose stored tools no longer parse is data damage,
 * not a passing fault: the InputError is thrown, the job is retried and then lands in the dead-letter
 * queue where an operator sees it.
 */
export async function lintVersion(deps: LintVersionDeps, data: unknown): Promise<LintVersionOutcome> {
  const job = LintVersionJobSchema.parse(data);
  const registry = deps.registry ?? (ruleSets as Readonly<Record<string, RegisteredRuleSet>>);
  const published = Object.keys(registry).filter((id) => registry[id]!.status === 'published');
  const requested = [...new Set(job.rules ?? [LATEST_RULES])];
  const deferred = job.rules === undefined ? published.filter((id) => id !== LATEST_RULES) : [];
  const outcome: LintVersionOutcome = { versionId: job.versionId, status: 'done', stored: [], alreadyScored: [], unknownRules: [], draftRules: [], deferred: [], watch: [] };
  const version = await getVersion(deps.db, job.versionId);
  if (!version) {
    // Versions go only with their server (cascade); nothing is left to score.
    deps.log.info({ queue: 'lint-version', versionId: job.versionId }, 'version no longer exists; nothing to lint');
    return { ...outcome, status: 'missing' };
  }
  let surface: Surface | undefined;
  for (const rulesId of requested) {
    const rules = Object.hasOwn(registry, rulesId) ? registry[rulesId]! : undefined;
    if (rules === undefined || !isRuleSetId(rulesId)) {
      outcome.unknownRules.push(rulesId);
      continue;
    }
    if (rules.status !== 'published') {
      outcome.draftRules.push(rulesId);
      continue;
    }
    // The common repeat (backfill after a restart, a second delivery) costs one indexed lookup, no lint.
    if (await hasLintResult(deps.db, version.id, { id: rules.id, hash: rules.hash })) {
      outcome.alreadyScored.push(rulesId);
      continue;
    }
    let result: LintResult;
    if (deps.cpu) result = await lintOnPool(deps.cpu, version.tools, rulesId);
    else {
      surface ??= parseSurfaceValue(version.tools);
      result = await lintSurface(surface, rulesId, { sha256Hex: nodeSha256Hex, cache: toolCache });
    }
    // ON CONFLICT DO NOTHING inside: a concurrent job that stored first makes this `created: false`.
    const stored = await storeLintResult(deps.db, version.id, result);
    (stored.created ? outcome.stored : outcome.alreadyScored).push(rulesId);
  }
  // A capture's or an upload's lint (no rules named) tells watchers what changed. Stored once per version and
  // kind, so a retried job publishes nothing twice; a backfill naming rules never does.
  if (job.rules === undefined) outcome.watch = await watchAfterLint({ db: deps.db, jobs: deps.sender }, version);
  if (deferred.length > 0) {
    // Queued after the latest result is stored: a job that dies before this line is retried, and the
    // start-up backfill queues whatever a version still lacks.
    await deps.sender.send('lint-version', { versionId: version.id, rules: deferred }, { priority: BACKGROUND_LINT_PRIORITY });
    outcome.deferred = deferred;
  }
  if (outcome.unknownRules.length > 0) {
    deps.log.warn({ queue: 'lint-version', versionId: version.id, rules: outcome.unknownRules }, 'rules versions unknown to this build were skipped');
  }
  if (outcome.draftRules.length > 0) {
    deps.log.warn({ queue: 'lint-version', versionId: version.id, rules: outcome.draftRules }, 'draft rules versions are never stored; skipped');
  }
  return outcome;
}
