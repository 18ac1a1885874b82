// `npm start` stops its whole process tree on SIGTERM sent to npm (what a process manager, a container
// runtime or `kill` does): npm forwards the signal to its child only, so the service must be that child —
// the start script execs node instead of leaving `sh -c` in between, which died and left the service and
// its PostgreSQL running.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..', '..');
const base = mkdtempSync(join(tmpdir(), 'toolmark-npm-start-'));
chmodSync(base, 0o755); // as root the cluster runs as the postgres user, which must be able to enter it
const dataDir = join(base, 'data');
const tree = new Set<number>();
afterAll(() => {
  // Whatever the outcome, nothing this test started outlives it.
  for (const pid of tree) if (alive(pid)) process.kill(pid, 'SIGKILL');
  rmSync(base, { recursive: true, force: true });
});

/** Parent pid and state of every process, from /proc. */
function processTable(): Map<number, { ppid: number; state: string; cmd: string }> {
  const table = new Map<number, { ppid: number; state: string; cmd: string }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // pid (comm) state ppid …: comm may hold spaces and parentheses, so read after the last ')'.
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cmd = readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
      table.set(Number(name), { ppid: Number(ppid), state: state!, cmd });
    } catch {
      // gone between readdir and read
    }
  }
  return table;
}

/** `pid` and all its descendants. */
function descendants(pid: number): Map<number, string> {
  const table = processTable();
  const found = new Map<number, string>([[pid, table.get(pid)?.cmd ?? '']]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [p, info] of table) {
      if (!found.has(p) && found.has(info.ppid)) {
        found.set(p, info.cmd);
        grew = true;
      }
    }
  }
  return found;
}

/** Running (a zombie has exited; only its parent has not read its status yet). */
function alive(pid: number): boolean {
  if (!existsSync(`/proc/${pid}`)) return false;
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
}

describe('npm start', () => {
  it('stops npm, the service and every PostgreSQL process of its data directory on SIGTERM sent to npm', async () => {
    const npm = spawn('npm', ['start'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? base, TOOLMARK_DATA_DIR: dataDir, PORT: '0', TOOLMARK_LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    npm.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    const exited = new Promise<number | null>((done) => npm.once('exit', (code) => done(code)));
    const url = await new Promise<string>((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`no start within 90 s:\n${out}`)), 90_000);
      npm.stdout!.on('data', (c: Buffer) => {
        out += c.toString();
        const m = /toolmark is serving on (http:\/\/[^"\s]+)/.exec(out);
        if (m) {
          clearTimeout(timer);
          done(m[1]!);
        }
      });
      void exited.then((code) => fail(new Error(`npm start exited with ${code} before serving:\n${out}`)));
    });
    expect((await fetch(`${url}/health`)).status).toBe(200);

    const procs = descendants(npm.pid!);
    for (const pid of procs.keys()) tree.add(pid);
    const commands = [...procs.values()];
    expect(commands.some((c) => c.includes('server/dist/start.js')), commands.join('\n')).toBe(true);
    // The postmaster names its data directory; its backends are its children, so in the tree too.
    expect(commands.some((c) => c.includes('postgres') && c.includes(dataDir)), commands.join('\n')).toBe(true);
    expect(procs.size).toBeGreaterThanOrEqual(4); // npm, node, the postmaster and its helpers

    const sent = Date.now();
    npm.kill('SIGTERM');
    await exited;
    const deadline = sent + 30_000;
    while ([...procs.keys()].some(alive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const left = [...procs].filter(([pid]) => alive(pid)).map(([pid, cmd]) => `${pid} ${cmd}`);
    expect(left, `still running ${Date.now() - sent} ms after SIGTERM:\n${left.join('\n')}\n${out}`).toEqual([]);
    // And it was a clean stop, not a kill: the cluster was shut down and its pid file removed.
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  });
});
