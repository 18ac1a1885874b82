// `npm start` with DATABASE_URL (the machine's PostgreSQL): no embedded cluster, same start-up and shutdown.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@toolmark/db/testing';

const startJs = resolve(import.meta.dirname, '..', '..', 'dist', 'start.js');
let t: TestDatabase;
const state = mkdtempSync(join(tmpdir(), 'toolmark-url-'));
beforeAll(async () => {
  t = await createTestDatabase(2);
});
afterAll(async () => {
  await t?.drop();
  rmSync(state, { recursive: true, force: true });
});

describe('npm start on DATABASE_URL', () => {
  it('migrates, seeds, serves, and two processes starting at once migrate and seed once', async () => {
    // The test database is migrated already; an empty sibling proves migration from scratch.
    await t.sql.unsafe('DROP SCHEMA public CASCADE; CREATE SCHEMA public; DROP SCHEMA IF EXISTS drizzle CASCADE');
    // The board holds exactly the 8 seeded servers: the catalogue's background seed (200+, its own tried lock,
    // db/test/lock.test.ts and catalogue/search-registry.test.ts) is left out so its lints cannot land first.
    const env = { PATH: process.env.PATH ?? '', DATABASE_URL: t.url, PORT: '0', TOOLMARK_DATA_DIR: state, TOOLMARK_WORKERS: 'off', TOOLMARK_SEED_CATALOGUE: 'false' };
    const run = () => {
      const child = spawn(process.execPath, [startJs], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stderr.on('data', (c: Buffer) => (out += c.toString()));
      const url = new Promise<string>((done, fail) => {
        child.stdout.on('data', (c: Buffer) => {
          out += c.toString();
          const m = /toolmark is serving on (http:\/\/[^"\s]+)/.exec(out);
          if (m) done(m[1]!);
        });
        child.once('exit', (code) => fail(new Error(`exited ${code}:\n${out}`)));
      });
      return { child, url, out: () => out };
    };
    const a = run();
    const b = run();
    try {
      const [ua, ub] = await Promise.all([a.url, b.url]);
      for (const u of [ua, ub]) {
        const board = (await (await fetch(`${u}/v1/leaderboards/lint?limit=100`)).json()) as { total: number };
        expect(board.total).toBe(8);
      }
      expect(a.out() + b.out()).not.toContain(t.url);
      expect(existsSync(join(state, 'first-admin-key'))).toBe(true);
      const keys = await t.sql`SELECT count(*)::int AS n FROM api_keys`;
      expect(keys[0]!.n).toBe(1); // only one of the two made the first admin key
    } finally {
      for (const p of [a, b]) {
        const exited = new Promise((r) => p.child.once('exit', r));
        p.child.kill('SIGTERM');
        await exited;
      }
    }
  });
});
