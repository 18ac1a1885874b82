// CPU time of processes from /proc (Linux): one process by pid, and the PostgreSQL backends of one
// database (pg_stat_activity's pids), so a bench counts only its own database's server processes — not
// every `postgres` process of a machine other work shares. NaN where there is no /proc.
import { readFileSync } from 'node:fs';
import type { TestDatabase } from '@toolmark/db/testing';

/** CPU milliseconds (user + system) of a process so far, or NaN (no /proc, or the process ended). */
export function cpuMsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command (which may hold spaces and parentheses): utime and stime are the 12th and
    // 13th (fields 14 and 15 of stat), in ticks of 1/100 s (USER_HZ).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/** CPU milliseconds so far of each backend connected to database `name`, by pid. */
export async function backendsCpu(sql: TestDatabase['sql'], name: string): Promise<Map<number, number>> {
  const rows = await sql<{ pid: number }[]>`SELECT pid FROM pg_stat_activity WHERE datname = ${name} AND pid <> pg_backend_pid()`;
  return new Map(rows.map((r) => [r.pid, cpuMsOf(r.pid)] as const).filter(([, ms]) => !Number.isNaN(ms)));
}

/**
 * CPU milliseconds the database's backends spent between two readings of {@link backendsCpu}: a backend
 * in both counts its difference, one that started in between counts all of its time (it began then), one
 * that ended in between is lost (its /proc entry is gone). Never negative: a pid reused by another
 * process between the readings counts from zero.
 */
export function backendsCpuSpent(before: Map<number, number>, after: Map<number, number>): number {
  let ms = 0;
  for (const [pid, now] of after) {
    const then = before.get(pid) ?? 0;
    ms += now >= then ? now - then : now;
  }
  return ms;
}
