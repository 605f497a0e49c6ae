import { readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// Drives the built product (server + dashboard, embedded PGlite in a throw-away data directory)
// in Debian's Chromium. `npm test` builds first.
const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.E2E_PORT ?? 3100);
// Per port, so two runs on one machine (different E2E_PORT) never share a database.
const dataDir = path.join(root, '.data-test', `e2e-${port}`);
// The server runs with the node flags `npm start` gives it (apps/server/node-args.json).
const nodeArgs = (
  JSON.parse(readFileSync(path.join(root, 'apps/server/node-args.json'), 'utf8')) as string[]
).join(' ');

export default defineConfig({
  testDir: import.meta.dirname,
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: path.join(root, 'test-results'),
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `rm -rf "${dataDir}" && node ${nodeArgs} apps/server/dist/main.js`,
    cwd: root,
    url: `http://localhost:${port}/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      // Every spec signs in as the demo users from one address; the sign-in limit has its own tests.
      RATE_LIMIT_LOGIN_MAX: '1000',
      DATABASE_URL: '',
      SMTP_URL: '',
    },
  },
});
