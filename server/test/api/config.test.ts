// Configuration from the environment: defaults, flags, and errors that name the variable but never echo
// its value (DATABASE_URL carries a password).
import { describe, expect, it } from 'vitest';
import { sandboxStatus } from '../../src/capture/sandbox-probe.js';
import { ConfigError, loadConfig, publicUrl } from '../../src/config.js';

describe('loadConfig', () => {
  it('fills defaults and reads flags and numbers', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ HOST: '127.0.0.1', PORT: 3000, TOOLMARK_WORKERS: 'inline', TOOLMARK_ALLOW_PRIVATE_URLS: false, TOOLMARK_SEED: true });
    expect(publicUrl(c)).toBe('http://127.0.0.1:3000');
    const d = loadConfig({ PORT: '8080', TOOLMARK_ALLOW_NPM_CAPTURE: 'yes', TOOLMARK_SEED: '0', HOST: '::1', TOOLMARK_LOG_LEVEL: '' });
    expect(d).toMatchObject({ PORT: 8080, TOOLMARK_ALLOW_NPM_CAPTURE: true, TOOLMARK_SEED: false, TOOLMARK_LOG_LEVEL: 'info' });
    // auto (the default): on exactly where the capture sandbox works (CI installs bubblewrap); off: never.
    expect(c.TOOLMARK_ALLOW_NPM_CAPTURE).toBe(sandboxStatus().available);
    expect(loadConfig({ TOOLMARK_ALLOW_NPM_CAPTURE: 'off' }).TOOLMARK_ALLOW_NPM_CAPTURE).toBe(false);
    expect(publicUrl(d)).toBe('http://[::1]:8080');
    expect(publicUrl(loadConfig({ TOOLMARK_PUBLIC_URL: 'https://toolmark.example.com/' }))).toBe('https://toolmark.example.com');
  });

  it('refuses bad values, naming each variable and never repeating a value', () => {
    const secret = 'mysql://admin:hunter2@db.example.com/x';
    let error: unknown;
    try {
      loadConfig({ DATABASE_URL: secret, PORT: '70000', TOOLMARK_WORKERS: 'sometimes', TOOLMARK_SEED: 'maybe' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of ['DATABASE_URL', 'PORT', 'TOOLMARK_WORKERS', 'TOOLMARK_SEED']) expect(message).toContain(name);
    expect(message).not.toContain('hunter2');
    expect(message).not.toContain('sometimes');
  });

  it('reads the worker heartbeat and dead-after window (10 s / 30 s by default) and refuses a window under two beats', () => {
    expect(loadConfig({})).toMatchObject({ TOOLMARK_WORKER_HEARTBEAT_S: 10, TOOLMARK_WORKER_DEAD_AFTER_S: 30 });
    expect(loadConfig({ TOOLMARK_WORKER_HEARTBEAT_S: '2', TOOLMARK_WORKER_DEAD_AFTER_S: '4' })).toMatchObject({ TOOLMARK_WORKER_HEARTBEAT_S: 2, TOOLMARK_WORKER_DEAD_AFTER_S: 4 });
    expect(() => loadConfig({ TOOLMARK_WORKER_HEARTBEAT_S: '2', TOOLMARK_WORKER_DEAD_AFTER_S: '3' })).toThrow(/TOOLMARK_WORKER_DEAD_AFTER_S: must be at least twice/);
    expect(() => loadConfig({ TOOLMARK_WORKER_DEAD_AFTER_S: '15' })).toThrow(/TOOLMARK_WORKER_DEAD_AFTER_S/);
    expect(() => loadConfig({ TOOLMARK_WORKER_HEARTBEAT_S: '0' })).toThrow(/TOOLMARK_WORKER_HEARTBEAT_S/);
  });
});
