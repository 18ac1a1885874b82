// Queue `lint-version`: score one stored version under rules versions. Lint is a pure function of the
// tools and the rule set, and the result is stored at most once per (version, rules id, rules hash), so a
// job delivered twice, or run by two workers at once, leaves one row and does no harm.
import { isRuleSetId, LintCache, lintSurface, LintVersionJobSchema, parseSurfaceValue, ruleSets, type LintResult, type RuleSetId, type Surface } from '@toolmark/benchmarks';
import { getVersion, hasLintResult, storeLintResult, type Database } from '@toolmark/db';
import { setTimeout as sleep } from 'node:timers/promises';
import { CpuRefusal } from '../cpu/errors.js';
import type { CpuPool } from '../cpu/pool.js';
import { unwrap } from '../cpu/tasks.js';
import { nodeSha256Hex } from '../native-hash.js';
import type { JobLog } from './boss.js';

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
}

/** How long a lint waits for room in a full pool before its attempt fails (and pg-boss retries it). */
const POOL_WAIT_MS = 60_000;

/** One lint on the pool; a full pool (requests first) is waited out, a job has no client to answer. */
async function lintOnPool(cpu: CpuPool, document: unknown, rules: RuleSetId): Promise<LintResult> {
  const deadline = Date.now() + POOL_WAIT_MS;
  for (;;) {
    try {
      return unwrap(await cpu.run('lintStored', { document, rules }));
    } catch (error) {
      if (!(error instanceof CpuRefusal) || Date.now() >= deadline) throw error;
      await sleep(error.detail.retryAfterSeconds * 1000);
    }
  }
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
}

/**
 * Lint the version under each named rules id (default: every rules version this build has). A version
 * whose stored tools no longer parse is data damage, not a passing fault: the InputError is thrown, the
 * job is retried and then lands in the dead-letter queue where an operator sees it.
 */
export async function lintVersion(deps: LintVersionDeps, data: unknown): Promise<LintVersionOutcome> {
  const job = LintVersionJobSchema.parse(data);
  const requested = [...new Set(job.rules ?? Object.keys(ruleSets))];
  const outcome: LintVersionOutcome = { versionId: job.versionId, status: 'done', stored: [], alreadyScored: [], unknownRules: [] };
  const version = await getVersion(deps.db, job.versionId);
  if (!version) {
    // Versions go only with their server (cascade); nothing is left to score.
    deps.log.info({ queue: 'lint-version', versionId: job.versionId }, 'version no longer exists; nothing to lint');
    return { ...outcome, status: 'missing' };
  }
  let surface: Surface | undefined;
  for (const rulesId of requested) {
    if (!isRuleSetId(rulesId)) {
      outcome.unknownRules.push(rulesId);
      continue;
    }
    const rules = ruleSets[rulesId];
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
  if (outcome.unknownRules.length > 0) {
    deps.log.warn({ queue: 'lint-version', versionId: version.id, rules: outcome.unknownRules }, 'rules versions unknown to this build were skipped');
  }
  return outcome;
}
