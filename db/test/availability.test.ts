// DatabaseAvailability and the classification of connection errors, with a probe the test controls.
import { describe, expect, it } from 'vitest';
import { connectionErrorReason, DatabaseAvailability, isConnectionError, type AvailabilityState } from '@toolmark/db';

const err = (code: string, cause?: unknown) => Object.assign(new Error(code), { code, ...(cause ? { cause } : {}) });
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('isConnectionError', () => {
  it('knows lost and refused connections, also wrapped by drizzle, and not failed statements', () => {
    for (const code of ['CONNECTION_CLOSED', 'CONNECT_TIMEOUT', 'ECONNREFUSED', '57P01', '57P03', '08006']) expect(isConnectionError(err(code))).toBe(true);
    expect(isConnectionError(new Error('Failed query', { cause: err('ECONNREFUSED') }))).toBe(true);
    expect(isConnectionError(Object.assign(new AggregateError([err('ECONNREFUSED'), err('ECONNREFUSED')]), { code: undefined }))).toBe(true);
    for (const code of ['23505', '40P01', '22P02', 'MAX_PARAMETERS_EXCEEDED']) expect(isConnectionError(err(code))).toBe(false);
    expect(isConnectionError(new Error('plain'))).toBe(false);
    expect(connectionErrorReason(err('ECONNREFUSED'))).toBe('the database refused the connection');
    expect(connectionErrorReason(err('08001'))).toContain('SQLSTATE 08001');
  });
});

describe('DatabaseAvailability', () => {
  it('goes down on a connection error only, probes while down, and comes back on the first answer', async () => {
    let failing = 3;
    let probes = 0;
    const changes: AvailabilityState[] = [];
    const a = new DatabaseAvailability({
      probeIntervalMs: 10,
      probe: async () => {
        probes++;
        if (failing-- > 0) throw err('ECONNREFUSED');
      },
      onChange: (s) => changes.push(s),
    });
    expect(a.reportFailure(err('23505'))).toBe(false);
    expect(a.up).toBe(true);
    expect(probes).toBe(0); // nothing probes while up
    expect(a.reportFailure(err('CONNECTION_CLOSED'))).toBe(true);
    // A probe confirms it first: the refused probe marks it down, with the probe's reason.
    for (let i = 0; i < 100 && a.up; i++) await wait(1);
    expect(a.state).toMatchObject({ up: false, reason: 'the database refused the connection' });
    for (let i = 0; i < 100 && !a.up; i++) await wait(10);
    expect(a.up).toBe(true);
    expect(probes).toBe(4); // three refused, then an answer
    expect(changes.map((c) => c.up)).toEqual([false, true]);
    a.close();
  });

  it('stays up when the probe answers: a dropped connection or a client that hung up is not an outage', async () => {
    let probes = 0;
    const a = new DatabaseAvailability({ probeIntervalMs: 10, probe: async () => void probes++ });
    expect(a.reportFailure(err('ECONNRESET'))).toBe(true);
    await wait(30);
    expect(probes).toBe(1);
    expect(a.up).toBe(true);
    a.close();
  });

  it('shares one probe among concurrent health checks', async () => {
    let probes = 0;
    const a = new DatabaseAvailability({
      probeIntervalMs: 1_000,
      probe: async () => {
        probes++;
        await wait(20);
      },
    });
    const states = await Promise.all(Array.from({ length: 50 }, () => a.check()));
    expect(states.every((s) => s.up)).toBe(true);
    expect(probes).toBe(1);
    await a.check(); // within the interval: the same answer
    expect(probes).toBe(1);
    // …but a failed request within the interval probes again at once (the database answers here: still up).
    a.reportFailure(err('ECONNREFUSED'));
    expect(probes).toBe(2);
    a.close();
  });
});

describe('DatabaseAvailability on a late event loop', () => {
  /** Keep the event loop busy for `ms`, as a CPU-bound request does. */
  const block = (ms: number) => {
    const end = performance.now() + ms;
    while (performance.now() < end);
  };
  const LATE = { probeIntervalMs: 10, lateLoopMs: 300 };

  it('does not believe a connect timeout taken while the loop was blocked: it probes again and stays up', async () => {
    let probes = 0;
    const late: number[] = [];
    const changes: AvailabilityState[] = [];
    const a = new DatabaseAvailability({
      ...LATE,
      probe: async () => {
        probes++;
        if (probes === 1) {
          block(400);
          throw err('CONNECT_TIMEOUT');
        }
      },
      onChange: (s) => changes.push(s),
      onLateProbe: (ms) => late.push(ms),
    });
    const state = await a.check();
    expect(state.up).toBe(true);
    expect(probes).toBe(2);
    expect(changes).toEqual([]);
    expect(late).toHaveLength(1);
    expect(late[0]).toBeGreaterThanOrEqual(300);
    a.close();
  });

  it('marks down a connect timeout taken on a loop that ran on time', async () => {
    let probes = 0;
    const a = new DatabaseAvailability({
      ...LATE,
      probe: async () => {
        probes++;
        await wait(20);
        throw err('CONNECT_TIMEOUT');
      },
    });
    const state = await a.check();
    expect(state).toMatchObject({ up: false, reason: 'connecting to the database timed out' });
    expect(probes).toBe(1);
    a.close();
  });

  it('believes a refusal however late the loop was: it is an answer, not a timing', async () => {
    const a = new DatabaseAvailability({
      ...LATE,
      probe: async () => {
        block(400);
        throw err('ECONNREFUSED');
      },
    });
    expect(await a.check()).toMatchObject({ up: false, reason: 'the database refused the connection' });
    a.close();
  });

  it('concludes nothing after lateReprobes late timeouts in a row: the state stays as it was', async () => {
    let probes = 0;
    const a = new DatabaseAvailability({
      ...LATE,
      lateReprobes: 2,
      probe: async () => {
        probes++;
        block(400);
        throw err('CONNECT_TIMEOUT');
      },
    });
    expect((await a.check()).up).toBe(true);
    expect(probes).toBe(3);
    a.close();
  });
});
