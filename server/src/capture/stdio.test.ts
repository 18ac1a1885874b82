import { describe, expect, it } from 'vitest';
import { describeCommand, reducedEnv } from './stdio.js';

describe('reducedEnv', () => {
  it('keeps only PATH and HOME from the parent, plus the explicit variables', () => {
    const parent = { PATH: '/usr/bin', HOME: '/home/me', AWS_SECRET_ACCESS_KEY: 'x', TOOLMARK_HTTP_AUTHORIZATION: 'Bearer y', USER: 'me' };
    expect(reducedEnv(parent, { API_KEY: 'k' })).toEqual({ PATH: '/usr/bin', HOME: '/home/me', API_KEY: 'k' });
  });

  it('lets an explicit variable override an inherited one', () => {
    expect(reducedEnv({ PATH: '/usr/bin' }, { PATH: '/opt/bin' })).toEqual({ PATH: '/opt/bin' });
  });
});

describe('describeCommand', () => {
  it('quotes arguments with spaces or shell characters', () => {
    expect(describeCommand({ command: 'node', args: ['server.js', '--name', 'my server', 'a;b'] })).toBe('node server.js --name "my server" "a;b"');
  });
});
