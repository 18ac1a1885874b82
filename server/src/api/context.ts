import type { TokenCounter } from '@toolmark/benchmarks';
import type { DatabaseAvailability, EmbeddedStatus, leaderboard, ScoreCounts } from '@toolmark/db';
import type { Catalogue } from '../model-catalogue.js';
import type { Config } from '../config.js';
import type { CpuPool } from '../cpu/pool.js';
import type { Env } from '../pipelines/evaluation-plan.js';
import type { PipelineDeps } from '../pipelines/deps.js';
import type { ReadCache } from '../pipelines/read-cache.js';

/**
 * What routes get: everything a pipeline may use (PipelineDeps: the database and its pools, the job
 * sender, the lint memo, a clock), the whole configuration, and what only the HTTP layer needs.
 */
export interface ApiContext extends Omit<PipelineDeps, 'config'> {
  config: Config;
  /** Short-lived cache of leaderboard pages (see pipelines/read-cache.ts). */
  boardCache: ReadCache<Awaited<ReturnType<typeof leaderboard>>>;
  /** Short-lived cache of each board's score counts (its ranks), shared by every page, sort and filter of it. */
  scoreCountsCache: ReadCache<ScoreCounts>;
  /** Forget cached lookups of a key (after revocation). */
  forgetKey(keyId: string): void;
  /** Whether the database answers, as this process last saw it (503s while it does not; /health). */
  availability: DatabaseAvailability;
  /** The model catalogue the service offers (TOOLMARK_MODELS or server/models.json). */
  catalogue: Catalogue;
  /** Where provider keys are read from (the process environment). */
  env: Env;
  /** The core's tokenizer (o200k_base): request sizes of evaluations. */
  tokens: TokenCounter;
  /** The worker threads of CPU-heavy work (lint): the event loop stays free; 503/429 with Retry-After when full. */
  cpu: CpuPool;
  /** How the embedded cluster is doing, when the service runs on it. */
  embeddedStatus?: (() => EmbeddedStatus) | undefined;
}
