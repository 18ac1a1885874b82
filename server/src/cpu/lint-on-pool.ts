// One stored version's lint on the CPU pool for work that has no client to answer (the lint-version job,
// the catalogue seed): a full pool (requests come first) is waited out instead of refused.
import { setTimeout as sleep } from 'node:timers/promises';
import type { LintResult, RuleSetId } from '@toolmark/benchmarks';
import { CpuRefusal } from './errors.js';
import type { CpuPool } from './pool.js';
import { unwrap } from './tasks.js';

/** How long a lint waits for room in a full pool before it fails (a job's attempt is then retried by pg-boss). */
const POOL_WAIT_MS = 60_000;

/** Lint `document` (`{ tools: [...] }` as stored) under `rules` on a pool thread. */
export async function lintOnPool(cpu: CpuPool, document: unknown, rules: RuleSetId): Promise<LintResult> {
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
