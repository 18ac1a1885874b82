// The start-up backfill: every stored version gets a result under every rules version this build runs.
// After a deploy that registers a rules version (v2 next to v1), each stored version lacks a result under
// it; one `lint-version` job per such version names the rules it lacks. Idempotent: a version that has its
// results is never named, and a job still waiting from an earlier start has the same singleton key
// (`<versionId>:<rules>`, boss.ts) so it is not queued twice. Read in bounded pages by version id.
import { LATEST_RULES, publishedRuleSets } from '@toolmark/benchmarks';
import { versionsWithoutLint, type Database } from '@toolmark/db';
import type { JobLog } from './boss.js';
import { BACKGROUND_LINT_PRIORITY, type JobSender } from './sender.js';

/** Versions read per query (and jobs sent per page): memory and query time stay bounded however many are stored. */
export const BACKFILL_PAGE = 500;

/** What the backfill needs. */
export interface BackfillDeps {
  db: Database;
  sender: JobSender;
  log: JobLog;
}

/** What one backfill did. */
export interface BackfillOutcome {
  /** Jobs queued. */
  queued: number;
  /** Versions lacking results whose job was already waiting (from an earlier start or a capture). */
  waiting: number;
  /** Versions lacking a result, per rules id. */
  missing: Record<string, number>;
}

/**
 * Queue `lint-version` for every stored version that lacks a result under a published rules version
 * (id + hash): servers' latest versions first (the leaderboard's), then every older version; per version
 * one job for the latest rules and one at low priority for the others it lacks.
 */
export async function backfillLints(deps: BackfillDeps, options: { pageSize?: number } = {}): Promise<BackfillOutcome> {
  const pageSize = options.pageSize ?? BACKFILL_PAGE;
  // Draft rules versions are never stored (registry.ts): only the published ones are looked for.
  const rules = publishedRuleSets().map((r) => ({ id: r.id, hash: r.hash }));
  const outcome: BackfillOutcome = { queued: 0, waiting: 0, missing: Object.fromEntries(rules.map((r) => [r.id, 0])) };
  for (const latest of [true, false]) {
    let after: string | undefined;
    for (;;) {
      const page = await versionsWithoutLint(deps.db, rules, { latest, after, limit: pageSize });
      for (const { versionId, rules: missing } of page) {
        for (const id of missing) outcome.missing[id] = (outcome.missing[id] ?? 0) + 1;
        // The latest rules at normal priority (what boards read), the other versions after every such job.
        const latest = missing.filter((id) => id === LATEST_RULES);
        const others = missing.filter((id) => id !== LATEST_RULES);
        const sent = [
          ...(latest.length > 0 ? [await deps.sender.send('lint-version', { versionId, rules: latest })] : []),
          ...(others.length > 0 ? [await deps.sender.send('lint-version', { versionId, rules: others }, { priority: BACKGROUND_LINT_PRIORITY })] : []),
        ];
        if (sent.some((id) => id !== null)) outcome.queued++;
        else outcome.waiting++;
      }
      if (page.length < pageSize) break;
      after = page.at(-1)!.versionId;
    }
  }
  if (outcome.queued + outcome.waiting > 0) deps.log.info({ queue: 'lint-version', ...outcome }, 'backfill: versions lacking results under a registered rules version queued');
  return outcome;
}
