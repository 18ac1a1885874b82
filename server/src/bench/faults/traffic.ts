// Mixed traffic for the scenarios that break the database under load: a few clients, each sending reads
// (leaderboard, a server, its latest score, a badge), lint saves (repeated and changed tools, alternately)
// and site pages, one after another until told to stop, every answer recorded with its times. Then the
// answers are judged against the faults' windows: what is allowed during a fault and after it, how long
// each recovery took.
import type { Service } from './fixture.js';
import { surface } from './fixture.js';
import { codeOf, get, hasRetryAfter, HANG_MS, ok, pool, send, uniformShape, type Answer, type Outgoing } from './http.js';
import { sleep, tally, type Row } from './lib.js';

export interface Recorded extends Answer {
  what: string;
  /** An API request (the uniform shape and Retry-After apply); false: a page of the site. */
  api: boolean;
}

export interface TrafficWorld {
  service: Service;
  ciKey: string;
  /** Public servers to read and save to. */
  servers: string[];
}

/**
 * Run `clients` loops of mixed requests until `stop()` resolves (or the service exits), each request
 * bounded by {@link HANG_MS}. Returns every answer.
 */
export async function mixedTraffic(world: TrafficWorld, clients: number, until: Promise<void>): Promise<Recorded[]> {
  const p = pool(world.service.url, clients);
  const answers: Recorded[] = [];
  let stopped = false;
  void until.then(() => (stopped = true));
  let revision = 0;
  const steps: ((i: number) => { what: string; api: boolean; out: Outgoing })[] = [
    () => ({ what: 'GET leaderboard', api: true, out: get('/v1/leaderboards/lint?limit=20') }),
    (i) => ({ what: 'POST lint (same tools)', api: true, out: { method: 'POST', path: `/v1/servers/${world.servers[i % world.servers.length]}/lint?label=faults`, headers: { authorization: `Bearer ${world.ciKey}`, 'content-type': 'application/json' }, body: JSON.stringify(surface(4)) } }),
    (i) => ({ what: 'GET server', api: true, out: get(`/v1/servers/${world.servers[i % world.servers.length]}`) }),
    (i) => ({ what: 'POST lint (changed tools)', api: true, out: { method: 'POST', path: `/v1/servers/${world.servers[i % world.servers.length]}/lint?label=faults`, headers: { authorization: `Bearer ${world.ciKey}`, 'content-type': 'application/json' }, body: JSON.stringify(surface(4, ++revision)) } }),
    (i) => ({ what: 'GET lint/latest', api: true, out: get(`/v1/servers/${world.servers[i % world.servers.length]}/lint/latest`) }),
    () => ({ what: 'site /', api: false, out: { method: 'GET', path: `/?page=${1 + (revision % 3)}`, headers: { accept: 'text/html' } } }),
    (i) => ({ what: 'site server page', api: false, out: { method: 'GET', path: `/servers/${world.servers[i % world.servers.length]}`, headers: { accept: 'text/html' } } }),
    (i) => ({ what: 'GET /v1/servers', api: true, out: get(`/v1/servers?limit=5&q=faults${i % 7}`) }),
  ];
  const loop = async (client: number) => {
    for (let n = client; !stopped && world.service.alive(); n++) {
      const step = steps[n % steps.length]!(n);
      const a = await send(p, step.out, HANG_MS);
      answers.push({ ...a, what: step.what, api: step.api });
      await sleep(a.status > 0 ? 15 : 100); // a little air for the machine; longer after a refused connection
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, i) => loop(i)));
  p.agent.destroy();
  return answers;
}

/**
 * Served: a success, a 304 of a cached read, or a redirect with a Location (the site answers a server page
 * addressed by id with a 308 to its slug). Counting that 308 as a failure made every recovery look like the
 * whole 8 s between faults: the site server page is one request in eight, so no second ever went by clean.
 */
const served = (a: Answer): boolean => ok(a) || (a.status >= 300 && a.status < 400 && typeof a.headers.location === 'string');

/** How long requests must go on succeeding for a success to count as the recovery. */
const STEADY_MS = 1_000;

/** A fault: when it began and when the database was back (the same instant for a momentary fault). */
export interface Fault {
  at: number;
  restored: number;
}

/** Judgement of mixed traffic around faults. */
export interface Judgement {
  /** Per fault: seconds from `restored` to the first success of a request sent after the last failure; null: never. */
  recoveries: (number | null)[];
  /** Answers during a fault window that broke its rule (not 2xx or 503 + Retry-After within the bound). */
  outageViolations: string[];
}

/**
 * Judge `answers` into `row`: 5xx other than 503 inside a fault window (from the fault until `grace` ms
 * after the database returned; sent or answered in it), error answers of the API not in the uniform shape, hangs, 503s of the API
 * without Retry-After, and connections refused or reset while the process lived. `strict`: requests sent
 * during a fault must be answered 2xx or 503 within `within` ms.
 */
export function judge(row: Row, answers: Recorded[], faults: Fault[], options: { graceMs: number; strictWithinMs?: number; endedAt: number; serviceAlive: boolean }): Judgement {
  const inWindow = (t: number) => faults.some((f) => t >= f.at && t <= f.restored + options.graceMs);
  const inOutage = (t: number) => faults.some((f) => t >= f.at && t < f.restored);
  const fiveXX: string[] = [];
  const shapes: string[] = [];
  const hangs: string[] = [];
  const noRetry: string[] = [];
  const unanswered: string[] = [];
  const violations: string[] = [];
  const stale: string[] = [];
  for (const a of answers) {
    row.cases++;
    if (a.stale !== undefined) stale.push(String(a.stale));
    if (a.hang) hangs.push(a.what);
    else if (a.status <= 0) unanswered.push(`${a.what}: ${a.error}`);
    else {
      // A request in flight when the fault struck counts for it too (sent just before, answered after).
      // A 503 with Retry-After that is not about the database (a full CPU pool: cpu_busy) is allowed at any time.
      const busy = a.api && a.status === 503 && hasRetryAfter(a) && codeOf(a) !== '503 database_unavailable';
      if (a.status >= 500 && !busy && !(a.status === 503 && (inWindow(a.start) || inWindow(a.end)))) fiveXX.push(`${a.what}: ${codeOf(a)}${a.status === 503 ? ' (outside an outage)' : ''}`);
      if (a.api && a.status >= 400 && !uniformShape(a)) shapes.push(`${a.what}: ${codeOf(a)}`);
      if (a.api && a.status === 503 && !hasRetryAfter(a)) noRetry.push(a.what);
    }
    if (options.strictWithinMs !== undefined && inOutage(a.start)) {
      const fine = (served(a) || (a.status === 503 && (!a.api || (hasRetryAfter(a) && uniformShape(a))))) && a.end - a.start <= options.strictWithinMs;
      if (!fine) violations.push(`${a.what}: ${codeOf(a)}${a.end - a.start > options.strictWithinMs ? ` after ${((a.end - a.start) / 1000).toFixed(1)} s` : ''}`);
    }
  }
  row.fiveXX += fiveXX.length;
  row.wrongShape += shapes.length;
  row.hangs += hangs.length;
  if (fiveXX.length) row.notes.push(`5xx: ${tally(fiveXX)}`);
  if (shapes.length) row.notes.push(`wrong shape: ${tally(shapes)}`);
  if (hangs.length) row.notes.push(`hangs: ${tally(hangs)}`);
  if (noRetry.length) row.failures.push(`503 without Retry-After ×${noRetry.length}`);
  // Once the process has died every kept connection is closed: that is the death, reported on its own.
  if (stale.length && options.serviceAlive) row.failures.push(`the service closed connections after answers that did not say Connection: close ×${stale.length} (after ${tally(stale)}; the next request on each was sent again)`);
  if (unanswered.length) (options.serviceAlive ? row.failures : row.notes).push(`no answer (connection refused/reset) ×${unanswered.length}: ${tally(unanswered.map((u) => u.replace(/^[^:]*: /, '')))}`);

  // Recovery from fault i: among the requests sent after the database was back (restored) and answered
  // before the next fault, the end of the first success after which a second went by without a failed
  // answer (a late, unrelated failure does not undo a recovery; a request sent just before the next fault
  // belongs to neither window).
  const recoveries = faults.map((f, i) => {
    const next = faults[i + 1]?.at ?? options.endedAt;
    const window = answers.filter((a) => a.start >= f.restored && a.end < next).sort((x, y) => x.end - y.end);
    for (let j = 0; j < window.length; j++) {
      const s = window[j]!;
      if (!served(s)) continue;
      const spoiled = window.slice(j + 1).some((a) => a.end <= s.end + STEADY_MS && !served(a));
      if (!spoiled) return Math.max(0, (s.end - f.restored) / 1000);
    }
    return null;
  });
  // A slow recovery says what the requests after the return got, in order of their ends (what held it up).
  recoveries.forEach((r, i) => {
    if (r !== null && r <= 2) return;
    const f = faults[i]!;
    const after = answers.filter((a) => a.end >= f.restored && a.end <= f.restored + 1_000 * ((r ?? 8) + 0.5)).sort((x, y) => x.end - y.end);
    const at = (t: number) => ((t - f.restored) / 1000).toFixed(1);
    // Runs of the same outcome, in order: "0.0–1.2 s 503 database_unavailable ×30 (longest 0.1 s)".
    const runs: { code: string; from: number; to: number; n: number; longest: number }[] = [];
    for (const a of after) {
      const code = served(a) ? 'served' : codeOf(a);
      const last = runs[runs.length - 1];
      if (last && last.code === code) {
        last.to = a.end;
        last.n++;
        last.longest = Math.max(last.longest, a.end - a.start);
      } else runs.push({ code, from: a.end, to: a.end, n: 1, longest: a.end - a.start });
    }
    row.notes.push(`after fault ${i + 1}'s return, answers in order (s after it): ${runs.slice(0, 14).map((r) => `${at(r.from)}–${at(r.to)} ${r.code} ×${r.n}${r.longest > 500 ? ` (longest ${(r.longest / 1000).toFixed(1)} s)` : ''}`).join(', ')}${runs.length > 14 ? ', …' : ''}`);
  });
  return { recoveries, outageViolations: violations };
}

/** Fill the fault columns of `row` from the recoveries; the service must be the same process throughout. */
export function recordRecovery(row: Row, service: Service, recoveries: (number | null)[]): void {
  // A fault is survived when requests succeeded again afterwards; once the process is gone nothing does.
  row.faults = { injected: recoveries.length, survived: recoveries.filter((r) => r !== null).length };
  const got = recoveries.filter((r): r is number => r !== null);
  row.recoverySeconds = got.length === recoveries.length && got.length > 0 ? Math.max(...got) : null;
  if (got.length) row.notes.push(`recovery per fault (s): ${recoveries.map((r) => (r === null ? 'never' : r.toFixed(2))).join(', ')}`);
  if (!service.alive()) {
    row.serviceDied = true;
    const why = service.errorLines(2);
    row.failures.push(`the service process exited (exit ${service.child.exitCode ?? service.child.signalCode})${why.length ? `: ${why.join(' / ')}` : ''}`);
  }
}
