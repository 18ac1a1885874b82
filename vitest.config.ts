import { defineConfig } from 'vitest/config';

// Workspaces export their TypeScript sources under the "source" condition, so tests run
// against src/ without a build; Node at run time uses the built dist/ files.
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['{benchmarks,distractors,server}/{src,test}/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
