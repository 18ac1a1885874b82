import { describe, expect, it } from 'vitest';
import { AddressLimiter } from './address-limiter.js';

describe('AddressLimiter', () => {
  it('allows max events per address and window, says how long to wait, and starts over in the next window', () => {
    let t = 1_000_000;
    const limiter = new AddressLimiter(3, 60_000, 100, () => t);
    for (let i = 0; i < 3; i++) {
      expect(limiter.retryAfter('203.0.113.1')).toBe(0);
      limiter.hit('203.0.113.1');
    }
    expect(limiter.retryAfter('203.0.113.1')).toBe(60);
    expect(limiter.retryAfter('::ffff:203.0.113.1')).toBe(60);
    expect(limiter.retryAfter('203.0.113.2')).toBe(0);
    t += 59_500;
    expect(limiter.retryAfter('203.0.113.1')).toBe(1);
    t += 500;
    expect(limiter.retryAfter('203.0.113.1')).toBe(0);
    limiter.hit('203.0.113.1');
    expect(limiter.retryAfter('203.0.113.1')).toBe(0);
  });

  it('counts an IPv6 /64 as one address', () => {
    const limiter = new AddressLimiter(2);
    limiter.hit('2001:db8:1:2::1');
    limiter.hit('2001:db8:1:2::ffff');
    expect(limiter.retryAfter('2001:db8:1:2:dead:beef::1')).toBeGreaterThan(0);
    expect(limiter.retryAfter('2001:db8:1:3::1')).toBe(0);
  });

  it('stays within its capacity, dropping the oldest windows first', () => {
    const t = 5_000;
    const limiter = new AddressLimiter(1, 60_000, 3, () => t);
    for (const a of ['192.0.2.1', '192.0.2.2', '192.0.2.3', '192.0.2.4']) limiter.hit(a);
    expect((limiter as unknown as { windows: Map<string, unknown> }).windows.size).toBe(3);
    expect(limiter.retryAfter('192.0.2.1')).toBe(0);
    expect(limiter.retryAfter('192.0.2.4')).toBe(60);
  });
});
