// withAdvisoryLock (src/lock.ts): start-up steps of concurrent processes run one at a time, the lock goes
// when the work throws, and when the backend holding it is terminated the caller gets a catchable error, the
// lock is free again and the pool goes on (the lock used to sit on a sql.reserve()d connection, the trigger of
// porsager/postgres#1208: a reserved connection whose backend died threw an uncatchable TypeError).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { createTestDatabase, type TestDatabase } from '@toolmark/db/testing';
import { withAdvisoryLock, withTryAdvisoryLock } from '../src/lock.js';

let t: TestDatabase;
const KEY = 7_310_442_999;
beforeAll(async () => {
  t = await createTestDatabase(6);
});
afterAll(async () => t?.drop());

/** Whether another session can take the lock now (without waiting). */
async function free(): Promise<boolean> {
  const other = postgres(t.url, { max: 1, onnotice: () => undefined });
  try {
    const [row] = await other<{ got: boolean }[]>`SELECT pg_try_advisory_lock(${KEY}) AS got`;
    if (row!.got) await other`SELECT pg_advisory_unlock(${KEY})`;
    return row!.got;
  } finally {
    await other.end({ timeout: 1 });
  }
}

describe('withAdvisoryLock', () => {
  it('runs concurrent holders one at a time and returns what the work returned (arrays too)', async () => {
    const events: string[] = [];
    const step = (name: string) => async () => {
      events.push(`${name} in`);
      await new Promise((r) => setTimeout(r, 150));
      events.push(`${name} out`);
      return [name];
    };
    const results = await Promise.all([withAdvisoryLock(t.sql, KEY, step('a')), withAdvisoryLock(t.sql, KEY, step('b'))]);
    expect(results.sort()).toEqual([['a'], ['b']]);
    expect(events[1]).toBe(`${events[0]!.split(' ')[0]} out`); // the second began only after the first ended
    expect(await free()).toBe(true);
  });

  it('releases the lock when the work throws', async () => {
    await expect(withAdvisoryLock(t.sql, KEY, async () => Promise.reject(new Error('step failed')))).rejects.toThrow('step failed');
    expect(await free()).toBe(true);
  });

  it('a terminated lock backend is a catchable error; the lock is free and the pool answers afterwards', async () => {
    const killer = postgres(t.url, { max: 1, onnotice: () => undefined });
    try {
      const held = withAdvisoryLock(t.sql, KEY, async () => {
        await killer`SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND objid = ${KEY % 2 ** 32} AND granted`;
        await new Promise((r) => setTimeout(r, 200));
      });
      await expect(held).rejects.toMatchObject({ code: expect.stringMatching(/CONNECTION_CLOSED|57P01|ECONNRESET/) });
      expect(await free()).toBe(true);
      for (let i = 0; i < 3; i++) expect((await withAdvisoryLock(t.sql, KEY, async () => (await t.sql<{ one: number }[]>`SELECT 1 AS one`)[0]!.one))).toBe(1);
    } finally {
      await killer.end({ timeout: 1 });
    }
  });
});

describe('withTryAdvisoryLock', () => {
  it('runs the work when the lock is free, skips it (ran: false) while another holds it, and frees it after', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let entered!: () => void;
    const inside = new Promise<void>((r) => (entered = r));
    const first = withTryAdvisoryLock(t.sql, KEY, async () => {
      entered();
      await held;
      return 'first';
    });
    await inside;
    let ran = false;
    expect(await withTryAdvisoryLock(t.sql, KEY, async () => (ran = true))).toEqual({ ran: false });
    expect(ran).toBe(false);
    expect(await free()).toBe(false);
    release();
    expect(await first).toEqual({ ran: true, result: 'first' });
    expect(await free()).toBe(true);
    expect(await withTryAdvisoryLock(t.sql, KEY, async () => [1, 2])).toEqual({ ran: true, result: [1, 2] });
  });
});
