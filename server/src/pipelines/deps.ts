import type { Database, DatabaseHandle } from '@toolmark/db';
import type { Config } from '../config.js';
import type { JobSender } from '../jobs/sender.js';
import type { LintMemo } from './lint-memo.js';

/**
 * What pipelines may use — the database and its pools, the job sender, the lint memo, settings and a
 * clock — and nothing of HTTP. Each pipeline asks for the part it needs (`Pick<PipelineDeps, …>`), so a
 * route passes its `ApiContext` (which has all of it), and a job handler or the MCP endpoint passes its own.
 */
export interface PipelineDeps {
  db: Database;
  sql: DatabaseHandle['sql'];
  /** The pool for saves of repeated tools (db connectSavesPool; TOOLMARK_SAVES_POOL, TOOLMARK_SAVES_ASYNC_COMMIT). */
  savesSql: DatabaseHandle['sql'];
  /** The pool for saves of new tools (the same settings). */
  newVersionsSql: DatabaseHandle['sql'];
  jobs: JobSender;
  memo: LintMemo;
  config: Pick<Config, 'TOOLMARK_ALLOW_NPM_CAPTURE' | 'TOOLMARK_ALLOW_PRIVATE_URLS' | 'TOOLMARK_SAVES_ASYNC_COMMIT'>;
  now: () => Date;
}
