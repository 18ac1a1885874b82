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
