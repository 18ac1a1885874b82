// npm run bench:load -- <load> [command …] — a CPU burner that holds the machine's run queue at about
// <load> runnable processes (default 4), so a bench can be measured "at load ≈ 4" as well as quiet:
//
//   npm run build && node server/dist/bench/load.js 4 node server/dist/bench/api.js   # the bench beside it
//   npm run bench:load -- 4                                                            # until Ctrl-C
//
// It starts <load> busy loops (`node -e 'for(;;){}'` children, nice 0) and, every 250 ms, reads how many
// tasks the kernel has runnable (/proc/loadavg's 4th field, the instantaneous run queue), averaged over the
// last 2 s; the loops it keeps running are <load> minus what everything else keeps runnable, so the bench's
// own processes and the neighbours count toward the load (SIGSTOP / SIGCONT, no restarts). On a machine
// already above <load> it runs none and says so. With a command it runs it beside the burner, prints
// `uptime`'s load average before and after, and exits with the command's status. Without /proc it runs
// <load> loops unregulated.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';

/** The instantaneous number of runnable tasks (this reader included), or NaN without /proc. */
function runnable(): number {
  try {
    return Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[3]!.split('/')[0]) - 1; // minus this reader
  } catch {
    return Number.NaN;
  }
}

/** A burner holding the run queue near `target`; stop() ends its loops. */
export function startBurner(target: number, log: (line: string) => void = () => undefined): { stop(): void; running(): number } {
  const loops: ChildProcess[] = Array.from({ length: target }, () => spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }));
  const stopped = new Set<number>();
  const samples: number[] = [];
  let lastReport = 0;
  const timer = setInterval(() => {
    const now = runnable();
    if (Number.isNaN(now)) return;
    samples.push(now);
    if (samples.length > 8) samples.shift();
    const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
    const mine = loops.length - stopped.size;
    const others = Math.max(0, mean - mine);
    const want = Math.max(0, Math.min(loops.length, Math.round(target - others)));
    loops.forEach((loop, i) => {
      const pid = loop.pid!;
      if (i < want && stopped.has(pid)) {
        loop.kill('SIGCONT');
        stopped.delete(pid);
      } else if (i >= want && !stopped.has(pid)) {
        loop.kill('SIGSTOP');
        stopped.add(pid);
      }
    });
    if (Date.now() - lastReport > 10_000) {
      lastReport = Date.now();
      log(`bench:load: run queue ${mean.toFixed(1)} (others ${others.toFixed(1)}), ${want} of ${loops.length} busy loops running; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    }
  }, 250);
  return {
    running: () => loops.length - stopped.size,
    stop() {
      clearInterval(timer);
      for (const loop of loops) {
        loop.kill('SIGKILL');
      }
    },
  };
}

async function main(): Promise<void> {
  const [first, ...command] = process.argv.slice(2);
  const target = first === undefined ? 4 : Number(first);
  if (!Number.isInteger(target) || target < 1 || target > 64) throw new Error(`bench:load: the load is a whole number of runnable tasks (1–64), not ${first}`);
  const log = (line: string) => process.stderr.write(`${line}\n`);
  log(`bench:load: holding the run queue at ~${target}; load average before ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const burner = startBurner(target, log);
  const end = () => {
    burner.stop();
    log(`bench:load: stopped; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  };
  if (command.length === 0) {
    process.once('SIGINT', () => (end(), process.exit(0)));
    process.once('SIGTERM', () => (end(), process.exit(0)));
    return;
  }
  // Let the 1-minute load average feel the burner before the bench starts.
  await new Promise((r) => setTimeout(r, 5_000));
  const child = spawn(command[0]!, command.slice(1), { stdio: 'inherit' });
  const code = await new Promise<number>((resolve) => child.once('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0))));
  end();
  process.exitCode = code;
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
