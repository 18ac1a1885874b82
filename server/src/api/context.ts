import type { Database, DatabaseAvailability, DatabaseHandle, EmbeddedStatus, leaderboard } from '@toolmark/db';
import type { Config } from '../config.js';
import type { JobSender } from '../jobs/sender.js';
import type { LintMemo } from '../pipelines/lint-memo.js';
import type { ReadCache } from '../pipelines/read-cache.js';

/** What routes get: the database, the job sender, the lint memo, configuration and a clock. */
export interface ApiContext {
  db: Database;
  sql: DatabaseHandle['sql'];
  /** The pool for saves of repeated tools (db connectSavesPool; see TOOLMARK_SAVES_POOL, TOOLMARK_SAVES_ASYNC_COMMIT). */
  savesSql: DatabaseHandle['sql'];
  /** The async-commit pool for saves of new tools (see TOOLMARK_SAVES_POOL). */
  newVersionsSql: DatabaseHandle['sql'];
  jobs: JobSender;
  memo: LintMemo;
  /** Short-lived cache of leaderboard pages (see pipelines/read-cache.ts). */
  boardCache: ReadCache<Awaited<ReturnType<typeof leaderboard>>>;
  config: Config;
  now: () => Date;
  /** Forget cached lookups of a key (after revocation). */
  forgetKey(keyId: string): void;
  /** Whether the database answers, as this process last saw it (503s while it does not; /health). */
  availability: DatabaseAvailability;
  /** How the embedded cluster is doing, when the service runs on it. */
  embeddedStatus?: (() => EmbeddedStatus) | undefined;
}
