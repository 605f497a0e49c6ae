import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { type AppDeps, buildApp } from '../app.js';
import { type AppConfig, loadConfig } from '../platform/config.js';
import type { Database } from '../platform/db/database.js';
import { createMailer } from '../platform/mail/mailer.js';
import { listRecentMail } from '../platform/mail/outbox-repository.js';
import type { PubSub } from '../platform/pubsub/pubsub.js';
import { openTestDatabase, type TestDbKind } from './test-database.js';
import { THIS_MACHINE_ALLOW } from './this-machine.js';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  /** Newest mail to an address, from the outbox (no SMTP in tests). */
  lastMailTo(address: string): Promise<{ subject: string; text: string } | undefined>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Routes a test adds before the app is ready (probes standing for paths the product serves). */
  beforeReady?: (app: FastifyInstance) => void;
  /** The app's pub/sub, to share with a job worker the test starts (bots' live replies). */
  pubsub?: PubSub | undefined;
}

/**
 * The whole app on a database the test already opened (tests that restart the app on the same
 * data, or listen on a port for sockets); `createTestApp` opens the database too.
 */
export async function buildTestApp(
  database: Database,
  env: Record<string, string> = {},
  deps: Pick<AppDeps, 'redis' | 'pubsub' | 'stompOptions'> & { logger?: AppDeps['logger'] } = {},
): Promise<{ app: FastifyInstance; config: AppConfig }> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/tmp/convo-test-unused',
    APP_SECRET: 'test-secret-0123456789abcdef',
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    // The provider fakes tenants' URLs point at listen here; the guard's own tests allow nothing.
    OUTBOUND_ALLOW: THIS_MACHINE_ALLOW,
    ...env,
  });
  const { logger = pino({ level: 'silent' }), ...rest } = deps;
  const mailer = createMailer(database.db, undefined, config.mailFrom, logger);
  return { app: await buildApp({ config, database, mailer, logger, ...rest }), config };
}

export async function createTestApp(
  kind: TestDbKind,
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const database = await openTestDatabase(kind);
  const { app, config } = await buildTestApp(database, env, { pubsub: options.pubsub });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    async lastMailTo(address) {
      const rows = await listRecentMail(database.db, 50);
      return rows.find((r) => r.to === address);
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

let counter = 0;
/** A unique, valid sign-up body; each test makes its own tenant. */
export function newSignup(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return {
    // A domain of its own: unrelated test companies are not frequent sign-ups of one domain (SPEC §8).
    email: `owner-${tag}@${tag}.example.com`,
    password: 'Secret123',
    name: `Owner ${tag}`,
    companyName: `Company ${tag}`,
    ...overrides,
  };
}
