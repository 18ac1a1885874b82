// A per-address budget for requests that are cheap to send and dear to answer without a valid key:
// authentications that fail (each one a key lookup in the database), badges of servers that do not exist
// (a lookup each, never cached) and form posts of the site (a body to read and parse). Counted in this
// process's memory, in fixed windows, by client address (IPv6: per /64, see address-key.ts).
import { addressKey } from './address-key.js';

interface Window {
  start: number;
  count: number;
}

/** At most `max` counted events per address in each window of `windowMs`. */
export class AddressLimiter {
  /** Insertion order is window-start order (a window that expires is re-inserted), so the first entry is the oldest. */
  private readonly windows = new Map<string, Window>();

  constructor(
    readonly max: number,
    readonly windowMs = 60_000,
    private readonly capacity = 50_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until `address` may be counted again when it has used its budget in this window; 0 when it may now. */
  retryAfter(address: string): number {
    const t = this.now();
    const w = this.windows.get(addressKey(address));
    if (!w || w.start + this.windowMs <= t || w.count < this.max) return 0;
    return Math.max(1, Math.ceil((w.start + this.windowMs - t) / 1000));
  }

  /** Count one event for `address`. */
  hit(address: string): void {
    const key = addressKey(address);
    const t = this.now();
    const w = this.windows.get(key);
    if (w && w.start + this.windowMs > t) {
      w.count++;
      return;
    }
    this.windows.delete(key);
    // Expired windows sit at the front; beyond capacity the oldest window is dropped (memory stays bounded).
    for (const [k, old] of this.windows) {
      if (old.start + this.windowMs > t && this.windows.size < this.capacity) break;
      this.windows.delete(k);
    }
    this.windows.set(key, { start: t, count: 1 });
  }
}
