// A public server leaving the public (made private, deleted) takes itself out of every dataset release at
// once: the `build-release` job with `reason: 'withdrawal'` withdraws every release that holds it and
// rebuilds the latest ones without it (datasets/withdraw.ts). When a build is already waiting the send is
// merged into it (the queue is stately) — every build runs the withdrawal sweep first, and so does the
// nightly one, should this send fail (it never fails the edit that caused it: that is already committed).
import type { JobSender } from '../jobs/sender.js';

/** Queue the withdrawal build when a server that was public no longer is (or was deleted); the job id, or null when none was queued. */
export async function queueDatasetWithdrawal(jobs: JobSender, before: { public: boolean }, after: { public: boolean; deletedAt: Date | null }): Promise<string | null> {
  if (!before.public || (after.public && after.deletedAt === null)) return null;
  return jobs.send('build-release', { reason: 'withdrawal' }).catch(() => null);
}
