import { configDefaults, defineConfig } from 'vitest/config';
import LongestFirstSequencer from './vitest.sequencer.js';

// Workspaces export their TypeScript sources under the "@toolmark/source" condition (named so no dependency's
// own "source" export is picked up); Node at run time uses the built dist/ files. Three projects (below):
// `pure` and `timed` run against those sources; `service` imports the other workspaces from dist/.
const SOURCE = '@toolmark/source';
const ALL = ['{benchmarks,distractors,db,server,web}/{src,test}/**/*.test.ts'];
/** Files that keep no state in modules or the process between files (see `projects` below). */
export const PURE = ['benchmarks/src/**/*.test.ts', 'distractors/src/**/*.test.ts', 'web/src/**/*.test.ts'];
/**
 * Pure files that bound the time (CPU or wall) a computation takes: each keeps a process of its own, as
 * before, because in a shared worker the heap of every earlier file makes the collector's work part of
 * theirs (in a shared worker at load 5-18, v4's linear-time bounds failed; run alone they passed).
 */
export const TIMED = [
  'benchmarks/src/**/linear-time.regression.test.ts',
  'benchmarks/src/rules/*/robustness{,.regression}.test.ts',
  'benchmarks/src/rules/v2/security.test.ts',
  'benchmarks/src/text/{words.regression,tokens-linear}.test.ts',
  'benchmarks/src/surface/parse.regression.test.ts',
  'benchmarks/src/purity.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Vitest's default is one file at a time on a 2-core machine (cores − 1), while most files wait on
    // PostgreSQL, child processes and loopback HTTP, not the CPU: two at once (TOOLMARK_TEST_WORKERS to
    // change it; three overran 60 s test limits at a load of 25–30 beside other work, and the timing
    // regressions must hold at a load of about 4). Files never share a database (each makes its own copy of
    // the migrated template).
    maxWorkers: Number(process.env.TOOLMARK_TEST_WORKERS) || 2,
    // The longest files first (vitest.sequencer.ts), also in a fresh clone with no vitest cache.
    sequence: { sequencer: LongestFirstSequencer },
    // In CI a JSON report is written too, so .ci/run can print a plain "N passed, N failed" line.
    reporters: process.env.CI ? ['default', ['json', { outputFile: '.toolmark/vitest-report.json' }]] : ['default'],
    // Projects, because each test file otherwise starts in a fresh module graph and imports the
    // workspaces' TypeScript through Vite again: that was ~40 % of vitest's time (docs/performance.md).
    projects: [
      // The pure files (the scoring core, the distractor data, the site's helpers: no database, no mocks,
      // no process-wide state) run against the workspaces' sources and share one module graph per worker:
      // a worker runs them one after the other, each module evaluated once (the tokenizer and the rule sets
      // loaded once, not once per file). The sequencer starts them first, in one block, so that vitest
      // reuses the worker from one to the next.
      {
        extends: true,
        resolve: { conditions: [SOURCE] },
        ssr: { resolve: { conditions: [SOURCE] } },
        test: { name: 'pure', include: PURE, exclude: [...configDefaults.exclude, ...TIMED], isolate: false },
      },
      // The time-bound pure files (TIMED): the same sources, each file in a fresh process.
      {
        extends: true,
        resolve: { conditions: [SOURCE] },
        ssr: { resolve: { conditions: [SOURCE] } },
        test: { name: 'timed', include: TIMED },
      },
      // Every other file (the server, the database layer: PostgreSQL, child processes, HTTP) keeps its own
      // module graph, and imports @toolmark/benchmarks, /db and /distractors from their built dist/, which
      // Node loads natively instead of Vite evaluating ~300 TypeScript modules of the rule sets in every
      // file (the server's own src/ still goes through Vite). The global setup builds those three first
      // (tsc -b, a no-op when up to date), so a change in their src/ is never tested stale.
      {
        extends: true,
        test: {
          name: 'service',
          include: ALL,
          exclude: [...configDefaults.exclude, ...PURE],
          globalSetup: ['./vitest.workspaces-built.ts'],
          server: { deps: { external: [/\/(benchmarks|db|distractors)\/dist\//] } },
        },
      },
    ],
  },
});
