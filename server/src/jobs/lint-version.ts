// Queue `lint-version`: score one stored version under rules versions. Lint is a pure function of the
// tools and the rule set, and the result is stored at most once per (version, rules id, rules hash), so a
// job delivered twice, or run by two workers at once, leaves one row and does no harm.
import { isRuleSetId, LintCache, lintSurface, LintVersionJobSchema, parseSurfaceValue, ruleSets, type Surface } from '@toolmark/benchmarks';
import { getVersion, hasLintResult, storeLintResult, type Database } from '@toolmark/db';
import { nodeSha256Hex } from '../native-hash.js';
import type { JobLog } from './boss.js';

/** Per-tool lint memo of this worker process: a re-captured version usually changes a tool or two. */
const toolCache = new LintCache();

/** What the handler needs. */
export interface LintVersionDeps {
  db: Database;
  log: JobLog;
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
    surface ??= parseSurfaceValue(version.tools);
    const result = await lintSurface(surface, rulesId, { sha256Hex: nodeSha256Hex, cache: toolCache });
    // ON CONFLICT DO NOTHING inside: a concurrent job that stored first makes this `created: false`.
    const stored = await storeLintResult(deps.db, version.id, result);
    (stored.created ? outcome.stored : outcome.alreadyScored).push(rulesId);
  }
  if (outcome.unknownRules.length > 0) {
    deps.log.warn({ queue: 'lint-version', versionId: version.id, rules: outcome.unknownRules }, 'rules versions unknown to this build were skipped');
  }
  return outcome;
}
