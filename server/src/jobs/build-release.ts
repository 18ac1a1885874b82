// Queue `build-release`: build the dataset releases (on the schedule, on an admin's request, and at once
// when a public server is made private, deleted or withdrawn by the operator: `reason: 'withdrawal'`
// withdraws what holds it and rebuilds only the keys whose latest release held it). Every build runs the
// withdrawal sweep first, so a withdrawal merged into an already waiting build is not lost. One job at a
// time holds a build (workers.ts, jobs/instance.ts); a worker killed mid-build leaves only a `building` row
// and a folder under `.building/`, which nobody serves and the retry — failed over within seconds of the
// worker's death by the instance heartbeat — (or the next build) removes. `reason: 'first-release'` with `keys`
// builds only those keys (a setting's first release, queued by run-model: first-release.ts).
import { BuildReleaseJobSchema } from '@toolmark/benchmarks';
import type { Database } from '@toolmark/db';
import { codeVersion } from '../build-info.js';
import { buildAndWithdraw, type BuildReport } from '../datasets/build.js';
import type { SigningKey } from '../datasets/signing.js';
import type { CsvBomPolicy } from '../datasets/build-lint.js';
import type { JobLog } from './boss.js';

/** Where releases go and what they say: the datasets folder, the licence, the public URL for the card. */
export interface DatasetsSettings {
  root: string;
  license: string;
  siteUrl: string;
  /** The key manifests are signed with (made on the first start, in the data folder). */
  signer: SigningKey;
  /** When CSV files start with a UTF-8 byte order mark (TOOLMARK_DATASETS_CSV_BOM; default auto: Japanese-language releases). */
  csvBom?: CsvBomPolicy;
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
export async function buildRelease(deps: BuildReleaseDeps, data: unknown): Promise<BuildReport> {
  const job = BuildReleaseJobSchema.parse(data);
  const buildDeps = { db: deps.db, root: deps.datasets.root, license: deps.datasets.license, siteUrl: deps.datasets.siteUrl, signer: deps.datasets.signer, ...(deps.datasets.csvBom ? { csvBom: deps.datasets.csvBom } : {}), codeVersion: codeVersion(), now: deps.now ?? (() => new Date()) };
  const report = await buildAndWithdraw(buildDeps, { ...(job.kind ? { only: job.kind } : {}), ...(job.keys ? { onlyKeys: job.keys } : {}), onlyWithdrawn: job.reason === 'withdrawal' });
  deps.log.info({ queue: 'build-release', reason: job.reason, withdrawn: report.withdrawn.map((w) => ({ id: w.releaseId, code: w.code })), releases: report.releases.map((r) => ({ id: r.releaseId, status: r.status })) }, 'dataset releases built');
  return report;
}
