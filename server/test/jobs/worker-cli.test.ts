// `toolmark worker` as a process (the BUILT CLI): refuses to start without DATABASE_URL, starts against a
// database, backfills lints, sets the schedule, logs JSON lines without the password, stops on SIGTERM.
import { spawn } from 'node:child_process';
import { parseSurfaceValue, publishedRuleSetIds, surfaceHash } from '@toolmark/benchmarks';
import { addVersionIfChanged, createOrganisation, createServer } from '@toolmark/db';
import { createTestDatabase, type TestDatabase } from '@toolmark/db/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CLI, runCli } from '../helpers.js';
import { lintRows, tool, waitFor } from './helpers.js';

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.drop());

it('without DATABASE_URL it explains why one is needed and exits 2', async () => {
  const run = await runCli(['worker'], { env: { DATABASE_URL: '' } });
  expect(run.code).toBe(2);
  expect(run.stderr).toContain('DATABASE_URL is not set');
  expect(run.stderr).toContain('embedded PostgreSQL');
});

it('runs jobs against DATABASE_URL and stops cleanly on SIGTERM', async () => {
  const org = await createOrganisation(t.db, { name: 'Acme', slug: 'acme' });
  const server = await createServer(t.db, { name: 'waiting', slug: 'waiting', source: 'upload', organisationId: org.id, public: true });
  const value = { tools: [tool('read_file', 'Read a file of the workspace and return its text.')] };
  const { version } = await addVersionIfChanged(t.db, {
    serverId: server.id,
    surfaceHash: surfaceHash(parseSurfaceValue(value)),
    tools: value,
    toolCount: 1,
    label: null,
    origin: 'upload',
  });

  // The test server trusts local connections, so the password is never checked, but it is in the URL the
  // worker gets, as the embedded cluster's would be: it must appear in no log line.
  const url = new URL(t.url);
  url.password = 'pw-that-must-not-leak';
  // A 1 s heartbeat (TOOLMARK_WORKER_HEARTBEAT_S; the default is 10 s) must reach the worker's instance.
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', DATABASE_URL: url.toString(), TOOLMARK_RECAPTURE_CRON: '5 4 * * *', TOOLMARK_WORKER_HEARTBEAT_S: '1', TOOLMARK_WORKER_DEAD_AFTER_S: '3' };
  const child = spawn(process.execPath, [CLI, 'worker'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    await waitFor(`the worker to start (stderr: ${stderr})`, async () => stdout.includes('job workers started'), 30_000);
    // The version had no lint: the start-up backfill queued one and the worker ran it.
    await waitFor('the backfilled lint', async () => (await lintRows(t, version.id)).length === publishedRuleSetIds().length, 20_000);
    const [schedule] = await t.sql.unsafe<{ cron: string; timezone: string }[]>("SELECT cron, timezone FROM pgboss.schedule WHERE name = 'recapture-public'");
    expect(schedule).toEqual({ cron: '5 4 * * *', timezone: 'UTC' });
    // Its instance beats every second: two new heartbeats within 5 s each (at 10 s, as by default, this fails).
    const beat = async () => (await t.sql<{ at: string }[]>`SELECT max(heartbeat_at)::text AS at FROM job_instances WHERE ended_at IS NULL`)[0]?.at;
    const first = await beat();
    const second = await waitFor('a heartbeat after the first', async () => ((await beat()) !== first ? beat() : undefined), 5_000, 100);
    await waitFor('a heartbeat after the second', async () => (await beat()) !== second, 5_000, 100);
  } finally {
    child.kill('SIGTERM');
  }
  expect(await exited).toBe(0);
  const lines = stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(lines.find((l) => l.msg === 'job workers started')).toMatchObject({ level: 30, name: 'toolmark-worker', backfilled: 1, recaptureCron: '5 4 * * *' });
  expect(lines.some((l) => l.msg === 'job done' && l.queue === 'lint-version')).toBe(true);
  expect(lines.at(-1)).toMatchObject({ msg: 'stopped' });
  expect(stdout + stderr).not.toContain('pw-that-must-not-leak');
});
