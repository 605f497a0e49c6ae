import { readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { THIS_MACHINE_ALLOW } from '../apps/server/src/testing/this-machine';
import {
  E2E_DATA_DIR,
  E2E_DIALOG360_PORT,
  E2E_INBOUND_DOMAIN,
  E2E_PORT,
  E2E_ROOT,
  E2E_SHOPIFY_PORT,
  E2E_SLACK_PORT,
  E2E_SMTP_PORT,
  E2E_TELEGRAM_PORT,
} from './support/e2e-server';

// Drives the built product (server + dashboard, embedded PGlite in a throw-away data directory)
// in Debian's Chromium. `npm test` builds first.
const root = E2E_ROOT;
const port = E2E_PORT;
const dataDir = E2E_DATA_DIR;
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
    // Recording a trace screencasts every page (the browser's and GPU process's busiest work on a
    // two-core machine): under CI only the retry of a failed test records one.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
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
    // A loaded two-core machine can take most of a minute to build the demo workspace.
    timeout: 180_000,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      // Every spec signs in as the demo users from one address; the sign-in limit has its own tests.
      RATE_LIMIT_LOGIN_MAX: '1000',
      RATE_LIMIT_LOGIN_ADDRESS_MAX: '5000',
      // Every visitor of every spec comes from 127.0.0.1; the flood limits have their own tests.
      RATE_LIMIT_ADDRESS_CONVERSATIONS: '100000',
      // The channels spec's local Telegram Bot API (started by the spec on this port).
      TELEGRAM_API_URL: `http://127.0.0.1:${E2E_TELEGRAM_PORT}`,
      // The Slack spec's local Slack Web API (started by the spec on this port).
      SLACK_API_URL: `http://127.0.0.1:${E2E_SLACK_PORT}/api`,
      // The WhatsApp campaign spec's local 360dialog API (started by the spec on this port).
      DIALOG360_API_URL: `http://127.0.0.1:${E2E_DIALOG360_PORT}`,
      // The stores spec's local Shopify Admin API: every shop at /{shop} on this port.
      SHOPIFY_ADMIN_URL: `http://127.0.0.1:${E2E_SHOPIFY_PORT}/{shop}`,
      // The built-in SMTP receiver, which the e-mail channel spec sends to.
      SMTP_RECEIVER_PORT: String(E2E_SMTP_PORT),
      SMTP_RECEIVER_HOST: '127.0.0.1',
      INBOUND_MAIL_DOMAIN: E2E_INBOUND_DOMAIN,
      // Specs point tenants' URLs (SSO issuer, mail servers, LLM base URL…) at local fakes; by
      // default the outbound guard refuses this machine's addresses.
      OUTBOUND_ALLOW: THIS_MACHINE_ALLOW,
      DATABASE_URL: '',
      SMTP_URL: '',
    },
  },
});
