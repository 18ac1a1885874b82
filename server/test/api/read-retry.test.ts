// A read whose pooled connection died (its backend terminated, as after a PostgreSQL restart) is read again
// on another connection: the database is up, so the visitor gets 200, not 503. On a real PostgreSQL, with
// the app's pooled connections terminated from outside between two rounds of reads.
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, tool, type TestApp } from './helpers.js';

let h: TestApp;
let admin: postgres.Sql;
let id: string;

beforeAll(async () => {
  h = await startTestApp();
  // Another database's connection: terminating the test database's backends must not take this one.
  admin = postgres(h.t.url.replace(/\/[^/?]+(\?|$)/, '/postgres$1'), { max: 1, onnotice: () => undefined });
  const res = await h.app.inject({
    method: 'POST',
    url: '/v1/servers',
    headers: bearer(h.keys.admin),
    payload: { name: 'Read retry', public: true, source: { kind: 'upload', tools: { tools: [tool('search_docs', 'Search the documentation by keyword and return matching pages.')] } } },
  });
  expect(res.statusCode).toBe(202);
  id = res.json().server.id;
});
afterAll(async () => {
  await admin?.end({ timeout: 5 });
  await h?.close();
});

const reads = () =>
  Promise.all(
    Array.from({ length: 12 }, (_, i) => h.app.inject({ method: 'GET', url: i % 2 ? `/v1/servers/${id}` : '/v1/leaderboards/lint?limit=5', headers: bearer(h.keys.admin) }).then((r) => r.statusCode)),
  );

describe('reads on a lost connection', () => {
  it('answers 200 after every pooled connection was terminated, three times over', async () => {
    for (let round = 0; round < 3; round++) {
      // Warm: the pool holds several open connections.
      expect(new Set(await reads())).toEqual(new Set([200]));
      const killed = await admin`SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity WHERE datname = ${h.t.name}`;
      expect(killed.length).toBeGreaterThan(0);
      expect(await reads(), `round ${round}`).toEqual(Array(12).fill(200));
    }
  });
});
