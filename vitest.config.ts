import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './vitest.sequencer.js';

// Workspaces export their TypeScript sources under the "@toolmark/source" condition (named so no dependency's own "source" export is picked up), so tests run
// against src/ without a build; Node at run time uses the built dist/ files.
export default defineConfig({
  resolve: { conditions: ['@toolmark/source'] },
  ssr: { resolve: { conditions: ['@toolmark/source'] } },
  test: {
    include: ['{benchmarks,distractors,db,server,web}/{src,test}/**/*.test.ts'],
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
  },
});
