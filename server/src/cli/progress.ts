import cliProgress from 'cli-progress';
import type { Progress } from '../eval/progress.js';

/**
 * A one-line bar on stderr with done/total, errors, cache hits and ETA — only when stderr is a terminal.
 * cli-progress rather than listr2: one bar for one counter is all a run needs; cli-progress has a single
 * small dependency and redraws at a throttled rate, where listr2 is a task-tree renderer with a larger
 * dependency set for a shape (nested steps) we do not have.
 */
export function terminalProgress(stream: NodeJS.WriteStream, total: number, label: string): Progress {
  let errors = 0;
  let cached = 0;
  const bar = new cliProgress.SingleBar(
    {
      stream,
      format: `${label} [{bar}] {value}/{total} trials | {errors} errors | {cached} cached | ETA {eta_formatted}`,
      barsize: 24,
      hideCursor: true,
      clearOnComplete: true,
      fps: 10,
      etaBuffer: 50,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0, { errors, cached });
  return {
    tick(info) {
      if (info.error) errors++;
      if (info.cached) cached++;
      bar.increment(1, { errors, cached });
    },
    stop() {
      bar.stop();
    },
  };
}
