import { defineConfig } from '@playwright/test';

// The real app: global-setup builds nothing (npm test builds first), starts `node server/dist/start.js`
// on a fresh PostgreSQL database with the seeded servers, and drives Debian's Chromium (never a
// downloaded browser). The port is chosen once here; workers inherit it through the environment.
const port = Number((process.env.E2E_PORT ??= String(41000 + Math.floor(Math.random() * 8000))));

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results/artifacts',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  reporter: process.env.CI ? [['list'], ['json', { outputFile: '../.toolmark/e2e-report.json' }]] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    viewport: { width: 1280, height: 900 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    trace: 'off',
  },
});
