// An organisation's keys are bounded (TOOLMARK_KEYS_PER_HOUR, TOOLMARK_LIVE_KEYS): POST /v1/keys refuses past the keys made in the last hour
// (429 key_limit with Retry-After, when a slot frees) and past the live keys (409 too_many_keys until one is
// revoked) — per-key limits (rate, failure reports) bound an organisation only while its keys are bounded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from './helpers.js';

// Smaller than the defaults (20 an hour, 100 live) so the test mints few keys; the defaults are the config's.
const KEY_LIMITS = { createdPerHour: 8, live: 15 };

let h: TestApp;
let offsetMs = 0;
beforeAll(async () => {
  h = await startTestApp({ TOOLMARK_KEYS_PER_HOUR: String(KEY_LIMITS.createdPerHour), TOOLMARK_LIVE_KEYS: String(KEY_LIMITS.live) }, () => new Date(Date.now() + offsetMs));
});
afterAll(async () => h?.close());

const mint = (name: string) => h.app.inject({ method: 'POST', url: '/v1/keys', headers: bearer(h.keys.admin), payload: { purpose: 'agent', name } });
const liveKeys = async () => ((await h.app.inject({ method: 'GET', url: '/v1/keys', headers: bearer(h.keys.admin) })).json().items as { id: string; revokedAt: string | null }[]).filter((k) => k.revokedAt === null);

describe('POST /v1/keys within the organisation limits', () => {
  it('past the hourly limit: 429 key_limit with Retry-After; an hour later keys are made again', async () => {
    const before = (await liveKeys()).length;
    let made = 0;
    let refused: Awaited<ReturnType<typeof mint>> | undefined;
    for (let i = 0; i < KEY_LIMITS.createdPerHour + 1 && !refused; i++) {
      const res = await mint(`k${i}`);
      if (res.statusCode === 201) made++;
      else refused = res;
    }
    // The helper's keys were made within the hour too: they count.
    expect(made).toBe(KEY_LIMITS.createdPerHour - before);
    expect(refused?.statusCode).toBe(429);
    expect(refused?.json().error).toMatchObject({ code: 'key_limit', detail: { limit: KEY_LIMITS.createdPerHour } });
    const wait = Number(refused?.headers['retry-after']);
    expect(wait).toBeGreaterThan(3000);
    expect(wait).toBeLessThanOrEqual(3600);
    offsetMs += (wait + 1) * 1000;
    expect((await mint('after an hour')).statusCode).toBe(201);
  });

  it('past the live limit: 409 too_many_keys, whatever the hour; revoking one makes room', async () => {
    while ((await liveKeys()).length < KEY_LIMITS.live) {
      const res = await mint('filler');
      if (res.statusCode === 429) offsetMs += 3_601_000;
      else expect(res.statusCode, res.body).toBe(201);
    }
    offsetMs += 3_601_000;
    const full = await mint('one too many');
    expect(full.statusCode).toBe(409);
    expect(full.json().error).toMatchObject({ code: 'too_many_keys', detail: { limit: KEY_LIMITS.live } });
    // The newest key is a filler agent key (newest first), never the admin key used here.
    const revoked = await h.app.inject({ method: 'DELETE', url: `/v1/keys/${(await liveKeys())[0]!.id}`, headers: bearer(h.keys.admin) });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await mint('in its place')).statusCode).toBe(201);
  }, 120_000);
});
