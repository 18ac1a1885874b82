// Queue `watch-version`: the watch events of a version a CI save added (security.finding, version.created,
// score.changed; pipelines/watch-events.ts). The save inserts this job in its own statement (db
// `insertJobs`), so it commits with the version or not at all, and the save answers without waiting for
// the ~10 statements the events take (issue 31). Events are stored once per version and kind (the
// watch_events unique key) and a delivered webhook is never sent again, so a job delivered twice, retried
// or run by two workers at once adds nothing.
import { WatchVersionJobSchema } from '@toolmark/benchmarks';
import { getVersion, type Database } from '@toolmark/db';
import { watchAfterLint, type WatchEventKind } from '../pipelines/watch-events.js';
import type { JobLog } from './boss.js';
import type { JobSender } from './sender.js';

/** What the handler needs. */
export interface WatchVersionDeps {
  db: Database;
  log: JobLog;
  /** Queues the webhook deliveries. */
  sender: JobSender;
}

/** What one job did (kept by pg-boss as the job's output). */
export interface WatchVersionOutcome {
  versionId: string;
  /** `missing`: the version went with its server after the save. */
  status: 'done' | 'missing';
  /** The kinds of the version's events (stored now, or by an earlier attempt of this job). */
  events: WatchEventKind[];
}

/** Raise the watch events of a saved version, compared with the version before it (whatever came after). */
export async function watchVersion(deps: WatchVersionDeps, data: unknown): Promise<WatchVersionOutcome> {
  const job = WatchVersionJobSchema.parse(data);
  const version = await getVersion(deps.db, job.versionId);
  if (!version) {
    deps.log.info({ queue: 'watch-version', versionId: job.versionId }, 'version no longer exists; nothing to tell');
    return { versionId: job.versionId, status: 'missing', events: [] };
  }
  const events = await watchAfterLint({ db: deps.db, jobs: deps.sender }, version, { anyVersion: true });
  return { versionId: job.versionId, status: 'done', events };
}
