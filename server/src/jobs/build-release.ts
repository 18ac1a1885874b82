// Queue `build-release`: build the dataset releases (on the schedule and on an admin's request). One job at
// a time holds a build (workers.ts, jobs/instance.ts); a worker killed mid-build leaves only a `building` row
// and a folder under `.building/`, which nobody serves and the retry — failed over within seconds of the
// worker's death by the instance heartbeat — (or the next build) removes.
import { BuildReleaseJobSchema } from '@toolmark/benchmarks';
import type { Database } from '@toolmark/db';
import { codeVersion } from '../build-info.js';
import { buildReleases, type BuildOutcome } from '../datasets/build.js';
import type { JobLog } from './boss.js';

/** Where releases go and what they say: the datasets folder, the licence, the public URL for the card. */
export interface DatasetsSettings {
  root: string;
  license: string;
  siteUrl: string;
  /** Cron (UTC) of the scheduled build; absent leaves the stored schedule as it is. */
  cron?: string;
}

/** What the handler needs. */
export interface BuildReleaseDeps {
  db: Database;
  log: JobLog;
  datasets: DatasetsSettings;
  now?: () => Date;
}

/** Build every release (or those of one kind); the outcome per release is the job's output. */
export async function buildRelease(deps: BuildReleaseDeps, data: unknown): Promise<{ releases: BuildOutcome[] }> {
  const job = BuildReleaseJobSchema.parse(data);
  const releases = await buildReleases({ db: deps.db, root: deps.datasets.root, license: deps.datasets.license, siteUrl: deps.datasets.siteUrl, codeVersion: codeVersion(), now: deps.now ?? (() => new Date()) }, job.kind);
  deps.log.info({ queue: 'build-release', reason: job.reason, releases: releases.map((r) => ({ id: r.releaseId, status: r.status })) }, 'dataset releases built');
  return { releases };
}
