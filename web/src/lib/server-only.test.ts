// Server-only page data is replaced by a placeholder when SvelteKit serialises a page's data: its contents
// are never read (so a large page's object graph is not walked), and nothing else is touched.
import { describe, expect, it } from 'vitest';
import { serverOnly, serverOnlyTransport } from './server-only';

describe('server-only page data', () => {
  it('encodes to a placeholder without reading the value', () => {
    const untouchable = new Proxy({}, { get: () => { throw new Error('read'); }, ownKeys: () => { throw new Error('walked'); } });
    expect(serverOnlyTransport.encode(serverOnly({ isDataRequest: false }, untouchable))).toBe(1);
    expect(serverOnlyTransport.decode()).toBeNull();
  });
  it('is plain data for a client-side navigation (__data.json), which the browser renders', () => {
    const wrapped = serverOnly({ isDataRequest: true }, { a: 1 });
    expect(serverOnlyTransport.encode(wrapped)).toBe(false);
    expect(wrapped).toEqual({ value: { a: 1 } });
  });
  it('leaves every other value to the default serialiser', () => {
    for (const v of [null, 0, 'x', [], {}, { value: 1 }, new Date(0)]) expect(serverOnlyTransport.encode(v)).toBe(false);
  });
});
