import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// The e2e suite runs against `npm start` (a production build) on a fresh data directory, with the
// loopback fixture website started by globalSetup. A second server with QUARRY_DASHBOARD_PASSWORD set
// covers sign-in. Values are fixed once in the runner process and inherited by workers through env.
process.env.QUARRY_E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-e2e-'));
process.env.QUARRY_E2E_SIGNIN_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-e2e-signin-'));
// QUARRY_E2E_PORT and QUARRY_E2E_SIGNIN_PORT pin the two servers' ports; otherwise the OS picks free ones.
if (!process.env.QUARRY_E2E_PORT || !process.env.QUARRY_E2E_SIGNIN_PORT) {
  const [a, b] = execFileSync(process.execPath, ['scripts/free-port.mjs', '2'], { encoding: 'utf8' })
    .trim()
    .split('\n');
  process.env.QUARRY_E2E_PORT ||= a;
  process.env.QUARRY_E2E_SIGNIN_PORT ||= b;
}
process.env.QUARRY_E2E_PASSWORD ??= 'correct horse battery staple';

const port = Number(process.env.QUARRY_E2E_PORT);
const signInPort = Number(process.env.QUARRY_E2E_SIGNIN_PORT);

function serverEnv(dataDir: string, p: number, extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
  // "First start with no configuration": no key, no upstream, no database URL from the caller's shell.
  for (const k of [
    'QUARRY_API_KEY',
    'DATABASE_URL',
    'QUARRY_UPSTREAM_URL',
    'QUARRY_UPSTREAM_KEY',
    'QUARRY_DASHBOARD_PASSWORD',
    'QUARRY_WEBHOOK_SECRET',
  ])
    delete env[k];
  return {
    ...env,
    PORT: String(p),
    HOST: '127.0.0.1',
    QUARRY_DATA_DIR: dataDir,
    QUARRY_ALLOW_PRIVATE_URLS: '1',
    ...extra,
  };
}

export default defineConfig({
  testDir: 'e2e',
  // One server, shared state (tasks created by one spec are seen by the next): run files in order.
  workers: 1,
  fullyParallel: false,
  timeout: 90_000,
  expect: { timeout: 20_000 },
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  globalSetup: './e2e/support/global-setup.ts',
  outputDir: 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    viewport: { width: 1366, height: 900 },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 } } },
  ],
  // Started one after the other: the first `npm start` builds, the second finds the build current.
  webServer: [
    {
      command: 'node scripts/start.mjs',
      url: `http://127.0.0.1:${port}/`,
      env: serverEnv(process.env.QUARRY_E2E_DATA_DIR, port),
      // The first `npm start` builds: over 10 minutes on a loaded 2-core machine.
      timeout: 1_500_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      command: 'node scripts/start.mjs',
      url: `http://127.0.0.1:${signInPort}/`,
      env: serverEnv(process.env.QUARRY_E2E_SIGNIN_DATA_DIR, signInPort, {
        QUARRY_DASHBOARD_PASSWORD: process.env.QUARRY_E2E_PASSWORD,
      }),
      timeout: 600_000,
      reuseExistingServer: false,
    },
  ],
});
