import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { describe, expect, it } from 'vitest';
import { CaptureError } from './errors.js';
import { guardedFetch } from './guarded-fetch.js';

/** A fake fetch that records requests and answers with `status` (no network). */
function fake(status: number, headers: Record<string, string> = {}): { base: FetchLike; seen: { url: string; init: RequestInit | undefined }[] } {
  const seen: { url: string; init: RequestInit | undefined }[] = [];
  const base: FetchLike = async (url, init) => {
    seen.push({ url: String(url), init });
    return new Response(status === 204 || status === 307 || status === 302 ? null : '{}', { status, headers });
  };
  return { base, seen };
}

const target = new URL('https://mcp.example/mcp');

describe('guardedFetch', () => {
  it('adds the auth header and asks fetch not to follow redirects', async () => {
    const { base, seen } = fake(200);
    const { fetch } = guardedFetch(target, 'Bearer xyz', base);
    const response = await fetch('https://mcp.example/mcp', { method: 'POST', headers: { accept: 'application/json' } });
    expect(response.status).toBe(200);
    const headers = new Headers(seen[0]?.init?.headers);
    expect(headers.get('authorization')).toBe('Bearer xyz');
    expect(headers.get('accept')).toBe('application/json');
    expect(seen[0]?.init?.redirect).toBe('manual');
  });

  it('sends no auth header when none is configured', async () => {
    const { base, seen } = fake(200);
    await guardedFetch(target, undefined, base).fetch(target);
    expect(new Headers(seen[0]?.init?.headers).has('authorization')).toBe(false);
  });

  it('refuses a redirect, naming its target without the query', async () => {
    const { base } = fake(307, { location: 'https://evil.example/steal?token=abc' });
    const guard = guardedFetch(target, 'Bearer xyz', base);
    const error = await guard.fetch(target).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CaptureError);
    expect((error as CaptureError).code).toBe('redirect_refused');
    expect((error as CaptureError).message).toContain('redirecting to https://evil.example/steal;');
    expect((error as CaptureError).message).not.toContain('token=abc');
    expect(guard.refusal()).toBe(error);
  });

  it('never sends a request to another origin', async () => {
    const { base, seen } = fake(200);
    const error = await guardedFetch(target, 'Bearer xyz', base).fetch('https://other.example/messages').catch((e: unknown) => e);
    expect((error as CaptureError).code).toBe('redirect_refused');
    expect(seen).toHaveLength(0);
  });
});
