// Sandboxes that lost their worker. bwrap's --die-with-parent (and setpriv's --pdeathsig) take a sandbox down
// when the worker dies — except while bwrap is still setting it up: a worker killed in those few milliseconds
// leaves bwrap's namespace init behind, re-parented to PID 1, with the server and whatever it started still
// running inside (measured: 12 of 20 kills at that moment). They stay contained (no network, read-only view,
// CPU limit) but would live on; this sweep ends them. A root worker runs each sandbox under a throwaway uid of
// SANDBOX_UIDS, so a process of such a uid whose top ancestor of that uid hangs off PID 1 belongs to no live
// worker: a live sandbox's top process is the worker's child. The sweep runs when a worker starts and before
// every sandboxed capture. Limits (README.md): under a subreaper (tini, systemd --user) orphans go to it, not
// to PID 1, and are not seen; a worker that is itself PID 1 (a container's entry point) does not sweep.
import { readdirSync, readFileSync } from 'node:fs';
import process from 'node:process';
import { SANDBOX_UIDS } from './sandbox.js';

interface ProcessEntry {
  pid: number;
  ppid: number;
  uid: number;
}

function readProcesses(): ProcessEntry[] {
  const entries: ProcessEntry[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const status = readFileSync(`/proc/${name}/status`, 'utf8');
      const ppid = /^PPid:\s+(\d+)/m.exec(status);
      const uid = /^Uid:\s+(\d+)/m.exec(status);
      if (ppid && uid) entries.push({ pid: Number(name), ppid: Number(ppid[1]), uid: Number(uid[1]) });
    } catch {
      // gone meanwhile
    }
  }
  return entries;
}

const isSandboxUid = (uid: number): boolean => uid >= SANDBOX_UIDS.first && uid < SANDBOX_UIDS.first + SANDBOX_UIDS.count;

/** The uids of sandboxes whose worker is gone, and their processes. Pure over a process table (tested). */
export function orphanSandboxes(table: readonly ProcessEntry[]): Map<number, number[]> {
  const byPid = new Map(table.map((entry) => [entry.pid, entry]));
  const orphaned = new Set<number>();
  for (const entry of table) {
    if (!isSandboxUid(entry.uid)) continue;
    // The top process of its sandbox: its parent is not of the same uid.
    const parent = byPid.get(entry.ppid);
    if (parent?.uid === entry.uid) continue;
    if (entry.ppid === 1) orphaned.add(entry.uid);
  }
  const found = new Map<number, number[]>();
  for (const entry of table) {
    if (orphaned.has(entry.uid)) found.set(entry.uid, [...(found.get(entry.uid) ?? []), entry.pid]);
  }
  return found;
}

/** Kills every process of every orphaned sandbox; answers how many processes it killed. */
export function sweepOrphanSandboxes(): number {
  // Only a root worker runs sandboxes under uids of their own; a worker that is PID 1 adopts orphans itself.
  if (process.getuid?.() !== 0 || process.pid === 1 || process.platform !== 'linux') return 0;
  let killed = 0;
  for (const pids of orphanSandboxes(readProcesses()).values()) {
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
        killed += 1;
      } catch {
        // already gone
      }
    }
  }
  return killed;
}
