// Queue `recapture-public`: the drift schedule's tick. It only fans out, one `capture-server` job per public
// server with a live source, so a slow or failing server delays nobody else and is retried on its own.
import { RecapturePublicJobSchema } from '@toolmark/benchmarks';
import { listRecapturable, type Database } from '@toolmark/db';
import type { JobLog } from './boss.js';
import type { JobSender } from './sender.js';

/** What the handler needs. */
export interface RecapturePublicDeps {
  db: Database;
  sender: JobSender;
  log: JobLog;
  /** Without npm capture, npm servers are left alone (a capture would only overwrite their status with "disabled"). */
  allowNpmCapture: boolean;
}

/** What one tick did (kept by pg-boss as the job's output). */
export interface RecapturePublicOutcome {
  queued: number;
  /** A capture of the server was already waiting (singleton key). */
  alreadyWaiting: number;
  skippedNpm: number;
}

/** Queue a scheduled capture of every public URL (and, when enabled, npm) server. */
export async function recapturePublic(deps: RecapturePublicDeps, data: unknown): Promise<RecapturePublicOutcome> {
  RecapturePublicJobSchema.parse(data);
  const outcome: RecapturePublicOutcome = { queued: 0, alreadyWaiting: 0, skippedNpm: 0 };
  for (const server of await listRecapturable(deps.db)) {
    if (server.source === 'npm' && !deps.allowNpmCapture) {
      outcome.skippedNpm++;
      continue;
    }
    // One waiting capture per server: a tick retried after a partial fan-out queues no duplicates.
    const id = await deps.sender.send('capture-server', { serverId: server.id, reason: 'scheduled' }, { singletonKey: server.id });
    if (id === null) outcome.alreadyWaiting++;
    else outcome.queued++;
  }
  deps.log.info({ queue: 'recapture-public', ...outcome }, 'scheduled captures queued');
  return outcome;
}
