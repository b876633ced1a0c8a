import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

// E2E_PORT lets two checkouts (or two people) run the browser tests side by side.
const PORT = Number(process.env.E2E_PORT ?? 4173);
const BASE_URL = `http://127.0.0.1:${PORT}`;
/** A second server for first-run.spec.ts: a fresh start with the whole demo business, as `npm start` gives a newcomer. */
const FIRST_RUN_PORT = PORT + 100;
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  testDir: './tests',
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: process.env.E2E_PORT ? `../test-results/e2e-${process.env.E2E_PORT}` : '../test-results/e2e',
  globalSetup: './global-setup.ts',
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          // The system Chromium: browsers are never downloaded in this environment.
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
  webServer: [{
    command: 'node --import tsx e2e/start-server.ts',
    cwd: repoRoot,
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      APP_URL: BASE_URL,
      // Every test signs in; the production limit on sign-in attempts would throttle the suite.
      LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
      // The Shopify browser test connects a store on a local fake (127.0.0.1), which production refuses.
      CHANNEL_ALLOW_PRIVATE_TARGETS: 'true',
      // The specs make their own data; the demo business (first-run.spec.ts has it) would only slow and crowd them.
      SEED_DEMO: 'accounts',
    },
  }, {
    command: 'node --import tsx e2e/start-server.ts',
    cwd: repoRoot,
    url: `http://127.0.0.1:${FIRST_RUN_PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(FIRST_RUN_PORT),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      APP_URL: `http://127.0.0.1:${FIRST_RUN_PORT}`,
      LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
    },
  }],
});
