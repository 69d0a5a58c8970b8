import { defineConfig, devices } from '@playwright/test';
import {
  CHROMIUM_ARGS,
  E2E_ADMIN,
  E2E_BASE_URL,
  E2E_DATA_DIR_RELATIVE,
  E2E_PORT,
} from './e2e/support/env.ts';
import { OIDC_ISSUER, OIDC_SERVER_ENV } from './e2e/support/oidc.ts';

/**
 * Browser tests run on Debian's Chromium (package "chromium", see scripts/ensure-chromium.mjs)
 * with CHROMIUM_ARGS; Playwright never downloads a browser of its own here.
 */
export default defineConfig({
  testDir: 'e2e',
  // One directory per port: runs on different ports (E2E_PORT) never remove each other's results.
  outputDir: `test-results/${E2E_PORT}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['./e2e/support/failure-context-reporter.ts']],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: E2E_BASE_URL,
    headless: true,
    // A trace costs every test about a fifth of its time; CI keeps no artefacts to read it from.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
      },
    },
  ],
  webServer: [
    {
      // A local OpenID Connect provider (e2e/support/oidc.ts), started before the app server,
      // which reads its discovery document.
      command: 'exec node e2e/support/oidc-server.ts',
      url: `${OIDC_ISSUER}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      env: { E2E_PORT: String(E2E_PORT) },
    },
    {
      // The real server on a fresh data directory, serving the built SPA from dist/web
      // (`npm test` builds it just before; a standalone run builds it when it is missing).
      command: [
        `rm -rf ${E2E_DATA_DIR_RELATIVE}`,
        '(test -f dist/web/index.html || node_modules/.bin/vite build)',
        'exec node src/server/main.ts',
      ].join(' && '),
      url: `${E2E_BASE_URL}/api/ready`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      env: {
        PORT: String(E2E_PORT),
        DATA_DIR: E2E_DATA_DIR_RELATIVE,
        APP_URL: E2E_BASE_URL,
        SEED_ADMIN_EMAIL: E2E_ADMIN.email,
        SEED_ADMIN_PASSWORD: E2E_ADMIN.password,
        // Lets e2e/support/users.ts give its API set-up calls their own client addresses.
        TRUST_PROXY: 'true',
        // Model providers may be the local OpenAI-compatible test server (src/server/test/openai-server.ts).
        OUTBOUND_MODEL_NETWORKS: 'loopback',
        ...OIDC_SERVER_ENV,
      },
    },
  ],
});
