// The sandbox's argv, its probe, and what a process inside it sees (real bwrap; CI installs bubblewrap).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, realpathSync } from 'node:fs';
import process from 'node:process';
import { describe, expect, it } from 'vitest';
import { ConfigError, resolveNpmCapture } from '../config.js';
import { DEFAULT_SANDBOX_LIMITS, DEFAULT_SANDBOX_TOOLS, GUARD_REGION_ADDRESS_SPACE, SANDBOX_UIDS, WASM_NODE_FLAG, sandboxCommand, wasmFlagAccepted } from './sandbox.js';
import { npmCaptureOffReason, probeSandbox } from './sandbox-probe.js';
import { orphanSandboxes, sweepOrphanSandboxes } from './sandbox-sweep.js';

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

function processArgv(pids: number[]): string[][] {
  const argvs: string[][] = [];
  for (const pid of pids) {
    try {
      argvs.push(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0'));
    } catch {
      // gone meanwhile
    }
  }
  return argvs;
}

describe('the sandbox when the worker dies', () => {
  it('a worker killed with SIGKILL takes every process of its sandbox with it, daemons too', async () => {
    const marker = `toolmark-orphan-${randomBytes(6).toString('hex')}`;
    // Inside: a server that starts a detached grandchild and waits; both carry the marker.
    const inner = `require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', '${marker}'], { detached: true, stdio: 'ignore' }).unref(); setInterval(() => {}, 1000);`;
    const run = sandboxCommand({ command: node, args: ['-e', inner, marker] });
    // The "worker": spawns the sandbox, says so, and waits to be killed.
    const worker = spawn(node, ['-e', `require('node:child_process').spawn(${JSON.stringify(run.command)}, ${JSON.stringify(run.args)}, { stdio: 'ignore' }); setInterval(() => {}, 1000);`], { stdio: 'ignore' });
    // Kill only once the detached daemon is running. Counting processes that mention the marker is not enough:
    // the worker, bwrap and bwrap's forked copy (the namespace's init) mention it before the server has even
    // started, and a kill that early races bwrap's own set-up (CI saw three processes survive that way).
    const daemonRunning = () => processArgv(processesMentioning(marker)).some((argv) => argv[2] === 'setInterval(() => {}, 1000)' && argv[3] === marker);
    try {
      for (let i = 0; i < 150 && !daemonRunning(); i++) await new Promise((r) => setTimeout(r, 100));
      expect(daemonRunning()).toBe(true);
      // The worker, bwrap, its init, the server and its detached child.
      expect(processesMentioning(marker).length).toBeGreaterThanOrEqual(5);
      worker.kill('SIGKILL');
      for (let i = 0; i < 50 && processesMentioning(marker).length > 0; i++) await new Promise((r) => setTimeout(r, 100));
      expect(processesMentioning(marker)).toEqual([]);
    } finally {
      // A failed run must not leave its processes behind (a machine without bwrap left the worker running).
      worker.kill('SIGKILL');
      for (const pid of processesMentioning(marker)) process.kill(pid, 'SIGKILL');
    }
  }, 30_000);
});

describe('sandboxes whose worker died while bwrap was setting them up', () => {
  it('orphanSandboxes finds a sandbox uid hanging off PID 1, never a live one or another user', () => {
    const table = [
      { pid: 100, ppid: 1, uid: 0 }, // the worker
      { pid: 200, ppid: 100, uid: 210_000 }, // a live sandbox: bwrap, its init, the server
      { pid: 201, ppid: 200, uid: 210_000 },
      { pid: 202, ppid: 201, uid: 210_000 },
      { pid: 301, ppid: 1, uid: 220_000 }, // an orphan: bwrap's init re-parented to PID 1, the server, a daemon
      { pid: 302, ppid: 301, uid: 220_000 },
      { pid: 303, ppid: 302, uid: 220_000 },
      { pid: 400, ppid: 1, uid: 1000 }, // somebody's daemon
      { pid: 500, ppid: 1, uid: 260_000 }, // outside the range
    ];
    expect([...orphanSandboxes(table)]).toEqual([[220_000, [301, 302, 303]]]);
  });

  it('the sweep ends sandboxes a worker killed in their first milliseconds left behind, and spares a live one', async () => {
    // A live sandbox of this process, which the sweep must leave alone.
    const liveMarker = `toolmark-live-${randomBytes(6).toString('hex')}`;
    const liveRun = sandboxCommand({ command: node, args: ['-e', 'setInterval(() => {}, 1000)', liveMarker] });
    const live = spawn(liveRun.command, liveRun.args, { stdio: 'ignore' });
    // One orphan for certain: a process of a sandbox uid whose starter exited (what bwrap's init is after the race).
    const certain = `toolmark-orphan-${randomBytes(6).toString('hex')}`;
    const uid = SANDBOX_UIDS.first + 12_345;
    const orphanArgs = [`--reuid=${uid}`, `--regid=${uid}`, '--clear-groups', '--', node, '-e', 'setInterval(() => {}, 1000)', certain];
    spawnSync(node, ['-e', `require('node:child_process').spawn('/usr/bin/setpriv', ${JSON.stringify(orphanArgs)}, { detached: true, stdio: 'ignore' }).unref()`]);
    // And the real race, five times: a worker killed as soon as bwrap has forked (measured: 12 of 20 leave the
    // namespace's init, the server and its children running, re-parented to PID 1).
    const markers = [certain];
    for (let attempt = 0; attempt < 5; attempt++) {
      const marker = `toolmark-early-${randomBytes(6).toString('hex')}`;
      markers.push(marker);
      const run = sandboxCommand({ command: node, args: ['-e', 'setInterval(() => {}, 1000)', marker] });
      const worker = spawn(node, ['-e', `require('node:child_process').spawn(${JSON.stringify(run.command)}, ${JSON.stringify(run.args)}, { stdio: 'ignore' }); setInterval(() => {}, 1000);`], { stdio: 'ignore' });
      for (let i = 0; i < 300 && processesMentioning(marker).length < 3; i++) await new Promise((r) => setTimeout(r, 10));
      worker.kill('SIGKILL');
    }
    try {
      for (let i = 0; i < 50 && processesMentioning(certain).length === 0; i++) await new Promise((r) => setTimeout(r, 100));
      expect(processesMentioning(certain)).toHaveLength(1);
      await new Promise((r) => setTimeout(r, 1500));
      expect(sweepOrphanSandboxes()).toBeGreaterThanOrEqual(1);
      for (let i = 0; i < 50 && markers.some((m) => processesMentioning(m).length > 0); i++) await new Promise((r) => setTimeout(r, 100));
      expect(markers.flatMap((m) => processesMentioning(m))).toEqual([]);
      expect(processesMentioning(liveMarker).length).toBeGreaterThanOrEqual(2);
      expect(live.exitCode).toBeNull();
    } finally {
      live.kill('SIGKILL');
      for (const marker of markers) for (const pid of processesMentioning(marker)) process.kill(pid, 'SIGKILL');
    }
  }, 60_000);
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
