// database-outage — the service on DATABASE_URL pointing at a TCP proxy in front of the machine's
// PostgreSQL (proxy.ts); under mixed traffic the proxy is cut for a few seconds (every connection dropped,
// new ones refused: the database is down) and restored, several times. While the database is down every
// answer must be a success (from a cache) or 503 with Retry-After in the uniform shape, within 2 s, and
// /health must answer 503 saying why; after it returns, requests must succeed again within 5 s, in the
// same process, and every save answered 200 must be stored.
import { TEST_SERVER_URL } from '@toolmark/db/testing';
import { must, raiseLimits, makeKeys, registerServer, startServiceFor, surface, throwawayDatabase } from './fixture.js';
import { codeOf, get, pool, send, type Answer } from './http.js';
import { scaled, sleep, tally, type Context, type Row, type Scenario } from './lib.js';
import { CutProxy } from './proxy.js';
import { checkSaves, saveCounts } from './saves-check.js';
import { judge, mixedTraffic, recordRecovery, type Fault } from './traffic.js';

const OUTAGE_MS = 5_000;
const UP_MS = 8_000;

const scenario: Scenario = {
  id: 'database-outage',
  what: 'the database behind a TCP proxy is cut for 5 s and restored, under mixed traffic; 503 + Retry-After within 2 s, back within 5 s',
  budgetSeconds: 120,
  async run(ctx: Context, row: Row) {
    const db = await throwawayDatabase(ctx);
    const target = new URL(TEST_SERVER_URL);
    const proxy = new CutProxy({ host: target.hostname, port: Number(target.port || 5432) });
    await proxy.start();
    ctx.defer(() => proxy.close());
    const viaProxy = new URL(db.url);
    viaProxy.port = String(proxy.port);
    const service = await startServiceFor(ctx, 'outage', viaProxy.toString());
    await raiseLimits(db);
    const p = pool(service.url, 2);
    ctx.defer(() => p.agent.destroy());
    const keys = await makeKeys(service, p);
    const servers: string[] = [];
    for (let i = 0; i < 3; i++) {
      const s = await registerServer(p, keys.admin, `faults outage ${i}`, surface(4));
      await must(p, 'POST', `/v1/servers/${s.id}/lint`, surface(4), keys.ci);
      servers.push(s.id);
    }
    await db.close(); // checks below use fresh connections straight to PostgreSQL
    const before = await saveCounts(db.url);

    const outages = scaled(ctx, 3, 1);
    let stop!: () => void;
    const until = new Promise<void>((r) => (stop = r));
    const traffic = mixedTraffic({ service, ciKey: keys.ci, servers }, 4, until);
    // /health, polled on its own connection four times a second.
    const health: (Answer & { outage: boolean })[] = [];
    let down = false;
    const hp = pool(service.url, 1);
    ctx.defer(() => hp.agent.destroy());
    const healthLoop = (async () => {
      let stopped = false;
      void until.then(() => (stopped = true));
      while (!stopped && service.alive()) {
        const wasDown = down;
        const a = await send(hp, get('/health'));
        health.push({ ...a, outage: wasDown && down });
        await sleep(250);
      }
    })();
    const faults: Fault[] = [];
    await sleep(3_000);
    for (let i = 0; i < outages && service.alive(); i++) {
      const at = performance.now();
      await proxy.cut();
      down = true;
      ctx.log(`outage ${i + 1}/${outages}: database cut`);
      await sleep(OUTAGE_MS);
      down = false;
      await proxy.restore();
      faults.push({ at, restored: performance.now() });
      ctx.log(`outage ${i + 1}/${outages}: database back`);
      await sleep(UP_MS);
    }
    stop();
    const answers = await traffic;
    await healthLoop;
    const endedAt = performance.now();
    // Requests sent during the outage (after the cut, before the restore): 2xx or 503 + Retry-After, uniform, ≤ 2 s.
    const { recoveries, outageViolations } = judge(row, answers, faults, { graceMs: 5_000, strictWithinMs: 2_000, endedAt, serviceAlive: service.alive() });
    recordRecovery(row, service, recoveries);
    row.recoveryTarget = 5;
    if (outageViolations.length) row.failures.push(`answers during the outage not 2xx or 503 + Retry-After (uniform) within 2 s ×${outageViolations.length}: ${tally(outageViolations)}`);
    const during = answers.filter((a) => faults.some((f) => a.start >= f.at && a.start < f.restored));
    row.notes.push(`${during.length} requests during ${faults.length} outages: ${tally(during.map((a) => codeOf(a)))}`);
    // /health while the database was down: 503 with a reason, within 2 s.
    const hDown = health.filter((h) => h.outage);
    const badHealth = hDown.filter((h) => h.status !== 503 || h.end - h.start > 2_000 || !reason(h.body));
    row.cases += health.length;
    if (hDown.length === 0 && faults.length) row.failures.push('/health was never read during an outage');
    if (badHealth.length) row.failures.push(`/health during the outage not 503 with a reason within 2 s ×${badHealth.length} of ${hDown.length}: ${tally(badHealth.map((h) => `${codeOf(h)}${h.end - h.start > 2_000 ? ' slow' : ''}`))}`);
    else if (hDown.length) row.notes.push(`/health during the outage: 503 ×${hDown.length} (${reason(hDown[0]!.body)})`);
    // While the database was up: sent and answered outside every fault window (the fault until 5 s after the
    // return). A /health in flight when the cut came — sent just before, answered after — belongs to the
    // outage, as for the traffic (traffic.ts judge).
    const inWindow = (t: number) => faults.some((f) => t >= f.at && t <= f.restored + 5_000);
    const hUp = health.filter((h) => !inWindow(h.start) && !inWindow(h.end));
    const inFlight = health.filter((h) => !inWindow(h.start) && inWindow(h.end) && h.status !== 200);
    if (inFlight.length) row.notes.push(`/health sent before a cut and answered after it: ${tally(inFlight.map(codeOf))}`);
    const badUp = hUp.filter((h) => h.status !== 200);
    const when = (h: Answer) => {
      const f = faults.reduce((best, x) => (Math.abs(h.start - x.at) < Math.abs(h.start - best.at) ? x : best), faults[0]!);
      return f ? ` (sent ${((h.start - f.at) / 1000).toFixed(1)} s from a cut, answered in ${((h.end - h.start) / 1000).toFixed(1)} s)` : '';
    };
    if (badUp.length) row.failures.push(`/health not 200 while the database was up ×${badUp.length}: ${tally(badUp.map((h) => `${codeOf(h)}${when(h)}`))}`);
    checkSaves(row, answers, before, await saveCounts(db.url));
  },
};

/** The reason a /health answer gives: any non-empty string field other than `status` (or the uniform error's message). */
function reason(body: string): string | undefined {
  try {
    const j = JSON.parse(body) as Record<string, unknown> & { error?: { message?: unknown } };
    if (typeof j.error?.message === 'string' && j.error.message) return j.error.message;
    const found = Object.entries(j).find(([k, v]) => k !== 'status' && typeof v === 'string' && v.length > 0);
    return found ? `${found[0]}: ${String(found[1])}` : undefined;
  } catch {
    return undefined;
  }
}

export default scenario;
