// terminate-connections — 6 clients of mixed traffic (reads, lint saves, site pages) for ~20 s while every
// 4 s all of the service's database sessions are terminated (`pg_terminate_backend` on every backend of
// its database, as an operator's failover or a proxy's restart would). The service must stay the same
// process, answer only 2xx/4xx/503-with-Retry-After (503 only within 5 s of a termination), never hang
// over 5 s, store every save it answered 200, and serve again after each termination: recovery is the time
// from the termination to the first success of a request sent after the last failure.
import { connect } from '@toolmark/db';
import { TEST_SERVER_URL } from '@toolmark/db/testing';
import { must, registerServer, standardFixture, surface } from './fixture.js';
import { scaled, sleep, type Context, type Row, type Scenario } from './lib.js';
import { checkSaves, saveCounts } from './saves-check.js';
import { judge, mixedTraffic, recordRecovery, type Fault } from './traffic.js';

const scenario: Scenario = {
  id: 'terminate-connections',
  what: "6 clients of mixed traffic; every 4 s all of the service's database sessions are terminated",
  budgetSeconds: 90,
  async run(ctx: Context, row: Row) {
    const { db, service, keys, p } = await standardFixture(ctx, 'terminate');
    const servers: string[] = [];
    for (let i = 0; i < 3; i++) {
      const s = await registerServer(p, keys.admin, `faults terminate ${i}`, surface(4));
      await must(p, 'POST', `/v1/servers/${s.id}/lint`, surface(4), keys.ci);
      servers.push(s.id);
    }
    // The harness's own sessions on the database would be terminated too: it holds none during the faults.
    await db.close();
    const before = await saveCounts(db.url);
    const { sql: admin } = connect(TEST_SERVER_URL, 1, 10_000);
    ctx.defer(() => admin.end({ timeout: 5 }));

    const duration = scaled(ctx, 20, 8) * 1000;
    let stop!: () => void;
    const until = new Promise<void>((r) => (stop = r));
    const traffic = mixedTraffic({ service, ciKey: keys.ci, servers }, 6, until);
    const faults: Fault[] = [];
    const t0 = performance.now();
    await sleep(3_000);
    while (performance.now() - t0 < duration - 3_000 && service.alive()) {
      const at = performance.now();
      const killed = await admin<{ n: number }[]>`SELECT count(*)::int AS n FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = ${db.name} AND pid <> pg_backend_pid()) t`;
      faults.push({ at, restored: at });
      ctx.log(`terminated ${killed[0]!.n} sessions`);
      await sleep(4_000);
    }
    await sleep(Math.max(0, duration - (performance.now() - t0)));
    stop();
    const answers = await traffic;
    const endedAt = performance.now();
    const { recoveries } = judge(row, answers, faults, { graceMs: 5_000, endedAt, serviceAlive: service.alive() });
    recordRecovery(row, service, recoveries);
    row.recoveryTarget = 5;
    checkSaves(row, answers, before, await saveCounts(db.url));
  },
};

export default scenario;
