// The order vitest starts test files in: the longest first (longest-processing-time scheduling), so the two
// workers finish together instead of one running a slow file alone at the end. Vitest's own order needs its
// cache of durations (node_modules/.vite/vitest), which a fresh clone (.ci/run) lacks: it then starts the
// LARGEST files first, and small slow ones (the MCP conformance suite, 95 lines, 47 s) ran last.
// Durations come from the last full run on this machine (.toolmark/vitest-report.json, which `npm test`
// writes) else from scripts/test-durations.json (committed; `node scripts/test-durations.mjs` refreshes it
// from a report). A file with no known duration gets the median of the known ones.
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Seconds per file (paths relative to the repository root) from a vitest JSON report or the committed table. */
export function knownDurations(root: string): Map<string, number> {
  const seconds = new Map<string, number>();
  const committed = `${root}/scripts/test-durations.json`;
  if (existsSync(committed)) {
    for (const [file, s] of Object.entries((JSON.parse(readFileSync(committed, 'utf8')) as { seconds: Record<string, number> }).seconds)) seconds.set(file, s);
  }
  const report = `${root}/.toolmark/vitest-report.json`;
  if (existsSync(report)) {
    try {
      const r = JSON.parse(readFileSync(report, 'utf8')) as { testResults: { name: string; startTime: number; endTime: number }[] };
      for (const f of r.testResults) seconds.set(relative(root, f.name), (f.endTime - f.startTime) / 1000);
    } catch {
      // A report cut short (a run stopped while writing it): the committed table alone.
    }
  }
  return seconds;
}

/** `files` (relative paths) longest first; unknown ones as long as the median known file; ties by path, so the order is stable. */
export function longestFirst(files: readonly string[], seconds: ReadonlyMap<string, number>): string[] {
  const known = [...seconds.values()].sort((a, b) => a - b);
  const median = known.length === 0 ? 0 : known[Math.floor(known.length / 2)]!;
  const of = (f: string) => seconds.get(f) ?? median;
  return [...files].sort((a, b) => of(b) - of(a) || (a < b ? -1 : a > b ? 1 : 0));
}

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const seconds = knownDurations(root);
    const byPath = new Map(files.map((f) => [relative(root, f.moduleId), f]));
    return longestFirst([...byPath.keys()], seconds).map((p) => byPath.get(p)!);
  }
}
