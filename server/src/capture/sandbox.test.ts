// The sandbox's argv, its probe, and what a process inside it sees (real bwrap; CI installs bubblewrap).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, realpathSync } from 'node:fs';
import process from 'node:process';
import { describe, expect, it } from 'vitest';
import { ConfigError, resolveNpmCapture } from '../config.js';
import { DEFAULT_SANDBOX_LIMITS, DEFAULT_SANDBOX_TOOLS, GUARD_REGION_ADDRESS_SPACE, WASM_NODE_FLAG, sandboxCommand, wasmFlagAccepted } from './sandbox.js';
import { npmCaptureOffReason, probeSandbox } from './sandbox-probe.js';

const node = realpathSync(process.execPath);

describe('sandboxCommand', () => {
  it('unshares everything, mounts the package read-only at /pkg and sets the limits before the command', () => {
    const run = sandboxCommand({ packageDir: '/srv/x/install', command: '/pkg/node_modules/.bin/s', args: ['--flag'], uid: 212345, limits: { processes: 7 } });
    const all = [run.command, ...run.args];
    expect(all.join(' ')).not.toMatch(/\bsh -c\b|bash/);
    for (const flag of ['--unshare-all', '--unshare-user', '--disable-userns', '--die-with-parent', '--new-session']) expect(all).toContain(flag);
    expect(all.join(' ')).toContain('--ro-bind /srv/x/install /pkg');
    expect(all.join(' ')).toContain('--remount-ro /dev');
    expect(all.slice(-3)).toEqual(['--', '/pkg/node_modules/.bin/s', '--flag']);
    expect(all).toContain('--nproc=7');
    if (process.getuid?.() === 0) {
      expect(run.command).toBe(DEFAULT_SANDBOX_TOOLS.setpriv);
      expect(run.args.slice(0, 2)).toEqual(['--reuid=212345', '--regid=212345']);
    } else {
      expect(run.command).toBe(DEFAULT_SANDBOX_TOOLS.bwrap);
    }
  });

  it('a process inside sees no host files, no network, only the variables it was given', () => {
    const script = `
      const fs = require('node:fs');
      const out = { root: fs.readdirSync('/').sort(), env: Object.keys(process.env).sort(), uid: process.getuid(), ifaces: Object.keys(require('node:os').networkInterfaces()) };
      try { fs.readFileSync('/etc/passwd'); out.passwd = 'read'; } catch (e) { out.passwd = e.code; }
      process.stdout.write(JSON.stringify(out));`;
    const run = sandboxCommand({ command: node, args: ['-e', script] });
    const result = spawnSync(run.command, run.args, { env: { GIVEN: '1' }, encoding: 'utf8' });
    expect(result.stderr).toBe('');
    const seen = JSON.parse(result.stdout) as { root: string[]; env: string[]; uid: number; ifaces: string[]; passwd: string };
    expect(seen.env).toEqual(['GIVEN', 'HOME', 'NODE_OPTIONS', 'PATH', 'PWD', 'TMPDIR']);
    expect(seen.passwd).toBe('ENOENT');
    expect(seen.root).not.toContain('root');
    expect(seen.root).not.toContain('work');
    expect(seen.ifaces.filter((i) => i !== 'lo')).toEqual([]);
    if (process.getuid?.() === 0) expect(seen.uid).not.toBe(0);
  });

  it('under the default limits, fetch() works (Node loads its Wasm parser) and 512 files open at once', () => {
    // Both failed under the first defaults in real servers (capture/README.md "Limits"): undici's llhttp
    // WebAssembly could not reserve its guard regions in 4 GiB, and chrome-devtools-mcp met EMFILE at 256.
    const script = `
      const fs = require('node:fs');
      const fds = [];
      try { for (let i = 0; i < 512; i++) fds.push(fs.openSync('/proc/self/stat', 'r')); } catch (e) { process.stdout.write('open ' + e.code + ' '); }
      fetch('http://127.0.0.1:4251/').then(() => process.stdout.write('fetched'), (e) => process.stdout.write('fetch ' + (e.cause && e.cause.code)));`;
    const run = sandboxCommand({ command: node, args: ['-e', script] });
    expect(run.args.join(' ')).toContain(`--as=${DEFAULT_SANDBOX_LIMITS.addressSpaceBytes}`);
    const result = spawnSync(run.command, run.args, { env: {}, encoding: 'utf8' });
    expect(result.stderr).not.toMatch(/Wasm memory/);
    // No network inside: the request is refused by the sandbox's own loopback, after the parser loaded.
    expect(result.stdout).toBe('fetch ECONNREFUSED');
    expect(result.status).toBe(0);
  });

  it('sets NODE_OPTIONS itself where Node accepts the Wasm flag, else gives the guard regions room', () => {
    const args = sandboxCommand({ command: node, args: [] }).args.join(' ');
    if (wasmFlagAccepted()) {
      expect(args).toContain(`--setenv NODE_OPTIONS ${WASM_NODE_FLAG}`);
      expect(args).toContain(`--as=${DEFAULT_SANDBOX_LIMITS.addressSpaceBytes} `);
    } else {
      expect(args).not.toContain('NODE_OPTIONS');
      expect(args).toContain(`--as=${GUARD_REGION_ADDRESS_SPACE} `);
    }
  });
});

/** Processes whose command line mentions `text`. */
function processesMentioning(text: string): number[] {
  const found: number[] = [];
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(text)) found.push(Number(pid));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

describe('the sandbox when the worker dies', () => {
  it('a worker killed with SIGKILL takes every process of its sandbox with it, daemons too', async () => {
    const marker = `toolmark-orphan-${randomBytes(6).toString('hex')}`;
    // Inside: a server that starts a detached grandchild and waits; both carry the marker.
    const inner = `require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', '${marker}'], { detached: true, stdio: 'ignore' }).unref(); setInterval(() => {}, 1000);`;
    const run = sandboxCommand({ command: node, args: ['-e', inner, marker] });
    // The "worker": spawns the sandbox, says so, and waits to be killed.
    const worker = spawn(node, ['-e', `require('node:child_process').spawn(${JSON.stringify(run.command)}, ${JSON.stringify(run.args)}, { stdio: 'ignore' }); setInterval(() => {}, 1000);`], { stdio: 'ignore' });
    for (let i = 0; i < 100 && processesMentioning(marker).length < 3; i++) await new Promise((r) => setTimeout(r, 100));
    // bwrap's own command line holds the marker too; the server and its detached child are the other two.
    expect(processesMentioning(marker).length).toBeGreaterThanOrEqual(3);
    worker.kill('SIGKILL');
    for (let i = 0; i < 50 && processesMentioning(marker).length > 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(processesMentioning(marker)).toEqual([]);
  }, 30_000);
});

describe('probeSandbox and the setting', () => {
  it('works here, and names the package when bwrap is missing', () => {
    expect(probeSandbox()).toEqual({ available: true });
    const missing = probeSandbox({ ...DEFAULT_SANDBOX_TOOLS, bwrap: '/nonexistent/bwrap' });
    expect(missing).toEqual({ available: false, reason: '/nonexistent/bwrap is missing (Debian/Ubuntu package bubblewrap)' });
    expect(npmCaptureOffReason(missing)).toContain('apt-get install bubblewrap');
    expect(npmCaptureOffReason(missing)).toContain('TOOLMARK_ALLOW_NPM_CAPTURE');
    expect(npmCaptureOffReason({ available: true })).toContain('TOOLMARK_ALLOW_NPM_CAPTURE=off');
  });

  it('auto follows the probe, off never probes, on without the sandbox stops start-up', () => {
    const up = () => ({ available: true as const });
    const down = () => ({ available: false as const, reason: 'bwrap is missing' });
    const never = () => {
      throw new Error('probed');
    };
    expect(resolveNpmCapture('auto', up)).toBe(true);
    expect(resolveNpmCapture('auto', down)).toBe(false);
    expect(resolveNpmCapture('off', never)).toBe(false);
    expect(resolveNpmCapture('false', never)).toBe(false);
    expect(resolveNpmCapture('on', up)).toBe(true);
    expect(() => resolveNpmCapture('on', down)).toThrow(ConfigError);
    expect(() => resolveNpmCapture('yes', down)).toThrow(/TOOLMARK_ALLOW_NPM_CAPTURE: is on, but .*bwrap is missing; install bubblewrap/);
  });
});
