// Helpers for the job tests: a log that records, a poll-until, and pg-boss's view of a job. Every test
// file runs pg-boss in the `pgboss` schema of its own throwaway database (createTestDatabase).
import type { TestDatabase } from '@toolmark/db/testing';
import type { JobLog } from '../../src/jobs/boss.js';

/** One recorded log call. */
export interface LogLine {
  level: 'info' | 'warn' | 'error';
  fields: Record<string, unknown>;
  message: string;
}

/** A JobLog that keeps every line (and prints nothing). */
export function recordingLog(): JobLog & { lines: LogLine[] } {
  const lines: LogLine[] = [];
  const at = (level: LogLine['level']) => (fields: Record<string, unknown>, message: string) => {
    lines.push({ level, fields, message });
  };
  return { lines, info: at('info'), warn: at('warn'), error: at('error') };
}

/** Poll `check` until it returns something other than undefined/false, or fail after `timeoutMs`. */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined | false>, timeoutMs = 20_000, everyMs = 200): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** A job row as pg-boss stores it. */
export interface JobRow {
  id: string;
  name: string;
  state: string;
  data: Record<string, unknown>;
  output: Record<string, unknown> | null;
  retry_count: number;
  singleton_key: string | null;
  /** Timestamps as the raw client returns them (ISO-like text); wrap in Date to compare. */
  started_on: string | null;
  completed_on: string | null;
  created_on: string;
}

/** Every job of a queue (pg-boss keeps finished jobs in its job table until they are archived, hours later). */
export async function jobsOf(t: TestDatabase, queue: string): Promise<JobRow[]> {
  return t.sql.unsafe<JobRow[]>(
    'SELECT id, name, state::text AS state, data, output, retry_count, singleton_key, started_on, completed_on, created_on FROM pgboss.job WHERE name = $1 ORDER BY created_on, id',
    [queue],
  );
}

/** Lint results stored for a version. */
export async function lintRows(t: TestDatabase, versionId: string): Promise<{ rules_id: string }[]> {
  return t.sql.unsafe<{ rules_id: string }[]>('SELECT rules_id FROM lint_results WHERE server_version_id = $1', [versionId]);
}

/** Settings that keep test runs short: fast polling and maintenance, one-second retry delays. */
export const FAST = { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1 } as const;

/** A tool with a description good enough to lint. */
export const tool = (name: string, description: string) => ({
  name,
  description,
  inputSchema: { type: 'object', properties: { query: { type: 'string', description: 'What to look for.' } }, required: ['query'] },
});
