import { describe, expect, it } from 'vitest';
import { CaptureError } from './errors.js';
import { describeUrl, httpAuthFromEnv, isLoopbackHost, parseTargetUrl, resolveHttpAuth } from './http-target.js';

const SECRET = 'Bearer t0p-s3cret-value';
const refusal = (fn: () => unknown): CaptureError => {
  try {
    fn();
  } catch (error) {
    if (error instanceof CaptureError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('isLoopbackHost', () => {
  it('accepts localhost, 127.0.0.0/8 and ::1 as the URL parser writes them', () => {
    for (const url of ['http://localhost/', 'http://LOCALHOST./', 'http://127.0.0.1/', 'http://127.255.0.9/', 'http://127.1/', 'http://[::1]/', 'http://[::ffff:127.0.0.1]/', 'http://2130706433/']) {
      expect(isLoopbackHost(new URL(url).hostname), url).toBe(true);
    }
  });

  it('rejects everything else, including look-alikes', () => {
    for (const url of ['http://128.0.0.1/', 'http://10.0.0.1/', 'http://[::2]/', 'http://localhost.example/', 'http://127.0.0.1.nip.io/', 'http://example.com/', 'http://[::ffff:10.0.0.1]/']) {
      expect(isLoopbackHost(new URL(url).hostname), url).toBe(false);
    }
  });
});

describe('parseTargetUrl', () => {
  it('accepts http and https URLs', () => {
    expect(parseTargetUrl('https://mcp.example/mcp').href).toBe('https://mcp.example/mcp');
  });

  it('refuses other schemes, garbage and credentials in the URL, without echoing them', () => {
    expect(refusal(() => parseTargetUrl('file:///etc/passwd')).code).toBe('invalid_url');
    expect(refusal(() => parseTargetUrl('not a url')).code).toBe('invalid_url');
    const creds = refusal(() => parseTargetUrl('https://me:hunter2@mcp.example/mcp'));
    expect(creds.code).toBe('invalid_url');
    expect(JSON.stringify(creds.toJSON())).not.toContain('hunter2');
  });

  it('describes a URL without query or fragment', () => {
    expect(describeUrl(new URL('https://mcp.example:8443/mcp?key=abc#x'))).toBe('https://mcp.example:8443/mcp');
  });
});

describe('httpAuthFromEnv', () => {
  it('reads both variables and treats empty values as unset', () => {
    expect(httpAuthFromEnv({ TOOLMARK_HTTP_AUTHORIZATION: SECRET, TOOLMARK_HTTP_AUTHORIZATION_ORIGIN: 'https://a.example' })).toEqual({
      authorization: SECRET,
      origin: 'https://a.example',
    });
    expect(httpAuthFromEnv({ TOOLMARK_HTTP_AUTHORIZATION: '', TOOLMARK_HTTP_AUTHORIZATION_ORIGIN: '' })).toEqual({});
  });
});

describe('resolveHttpAuth', () => {
  const url = new URL('https://mcp.example/mcp');

  it('returns nothing when no header is configured (an origin alone does nothing)', () => {
    expect(resolveHttpAuth(url, {})).toBeUndefined();
    expect(resolveHttpAuth(url, { origin: 'https://mcp.example' })).toBeUndefined();
  });

  it('returns the header for the exact origin (a trailing slash is tolerated)', () => {
    expect(resolveHttpAuth(url, { authorization: SECRET, origin: 'https://mcp.example' })).toBe(SECRET);
    expect(resolveHttpAuth(url, { authorization: SECRET, origin: 'https://mcp.example/' })).toBe(SECRET);
    expect(resolveHttpAuth(new URL('http://127.0.0.1:3001/mcp'), { authorization: SECRET, origin: 'http://127.0.0.1:3001' })).toBe(SECRET);
    expect(resolveHttpAuth(new URL('http://[::1]:3001/mcp'), { authorization: SECRET, origin: 'http://[::1]:3001' })).toBe(SECRET);
  });

  it('refuses a missing, malformed or different origin', () => {
    const cases = [
      {},
      { origin: 'mcp.example' },
      { origin: 'https://mcp.example/mcp' },
      { origin: 'https://other.example' },
      { origin: 'http://mcp.example' },
      { origin: 'https://mcp.example:444' },
      { origin: 'https://sub.mcp.example' },
    ];
    for (const c of cases) {
      const error = refusal(() => resolveHttpAuth(url, { authorization: SECRET, ...c }));
      expect(error.code, JSON.stringify(c)).toBe('auth_refused');
      expect(JSON.stringify(error.toJSON())).not.toContain('s3cret');
    }
  });

  it('refuses plain HTTP to a host that is not loopback, even when the origin matches', () => {
    const plain = new URL('http://mcp.example/mcp');
    const error = refusal(() => resolveHttpAuth(plain, { authorization: SECRET, origin: 'http://mcp.example' }));
    expect(error.code).toBe('auth_refused');
    expect(error.message).toContain('plain HTTP');
  });

  it('refuses a value that would split the header', () => {
    const error = refusal(() => resolveHttpAuth(url, { authorization: 'Bearer x\r\nX-Evil: 1', origin: 'https://mcp.example' }));
    expect(error.code).toBe('auth_refused');
    expect(error.message).not.toContain('X-Evil');
  });
});
