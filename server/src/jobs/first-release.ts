// A comparable setting's first evaluation release is built as soon as its runs have settled, not at the
// next nightly build: when a finished run of a public server leaves no run of its setting queued or running
// and the setting has no release yet, `build-release` is queued for that one key. So a fresh install's seeded
// baseline evaluations are on /datasets and /methodology minutes after the first start; later runs of a
// setting that has a release wait for the schedule (or an operator's build), as before.
import { releasesOf, settledRunKey, type Database } from '@toolmark/db';
import { evaluationKey } from '../datasets/build-evaluation.js';
import type { JobSender } from './sender.js';

/** Queue the first release of the run's setting when it is due; the key queued, or null. */
export async function queueFirstRelease(db: Database, sender: JobSender, runId: string): Promise<string | null> {
  const settled = await settledRunKey(db, runId);
  if (!settled || settled.pending > 0) return null;
  const key = evaluationKey(settled.key);
  if ((await releasesOf(db, 'evaluation', key)).some((r) => r.status !== 'failed')) return null;
  await sender.send('build-release', { reason: 'first-release', kind: 'evaluation', keys: [key] });
  return key;
}
