import { productOfVariant } from '@convo/domain';
import { buildApp, productBots, startWorkers } from './app.js';
import { configuredEmbedder } from './modules/bots/index.js';
import { seedDemoIfEmpty } from './modules/demo/index.js';
import { devMailboxKey, warnsWithoutSmtp } from './modules/dev-mailbox/index.js';
import { sealLegacyWebhookSecrets } from './modules/webhooks/index.js';
import { ConfigError, loadConfig, parseRoles } from './platform/config.js';
import { DataDirLockedError } from './platform/db/data-dir-lock.js';
import { openDatabase } from './platform/db/database.js';
import { MigrationHistoryError, SchemaTooNewError } from './platform/db/schema-version.js';
import { createLogger } from './platform/logger.js';
import { createMailer } from './platform/mail/mailer.js';
import { createMemoryPubSub, createRedisPubSub } from './platform/pubsub/pubsub.js';
import { connectRedis } from './platform/redis.js';
import { createStorage } from './platform/storage/storage.js';

// Entry point: `node dist/main.js [--roles=web,realtime,worker]`.

async function main() {
  const config = loadConfig(process.env, parseRoles(process.argv.slice(2)));
  const logger = createLogger(config);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    pgliteStatementTimes: config.pgliteStatementTimes,
    // Nothing works without it and it does not come back by itself: exit, so a supervisor (compose's
    // restart policy, systemd) starts the server again, as it would after a crash of the process.
    onEmbeddedLost: (err) => {
      logger.fatal({ err: err.message }, 'the embedded database stopped; exiting');
      process.exit(1);
    },
  });
  const redis = config.redisUrl ? connectRedis(config.redisUrl) : undefined;
  redis?.on('error', (err) => logger.warn({ err: err.message }, 'redis unavailable'));
  const pubsub = config.redisUrl
    ? createRedisPubSub(config.redisUrl, (err) =>
        logger.warn({ err: err.message }, 'redis pub/sub unavailable'),
      )
    : createMemoryPubSub();
  const mailer = createMailer(database.db, config.smtpUrl, config.mailFrom, logger);
  const storage = createStorage(config.storage);
  const app = await buildApp({ config, database, mailer, logger, redis, pubsub, storage });
  // Webhook secrets written before they were sealed are sealed now (a no-op once done).
  const sealed = await sealLegacyWebhookSecrets(database.db, config.appSecret);
  if (sealed > 0) logger.info({ sealed }, 'sealed the stored secrets of older webhooks');
  const workers = config.roles.has('worker')
    ? startWorkers({
        appSecret: config.appSecret,
        db: database.db,
        log: logger,
        publicUrl: config.publicUrl,
        storage,
        pubsub,
        sentryDsn: config.sentryDsn,
        bots: productBots(config, database.db, app.limits),
        channels: {
          appSecret: config.appSecret,
          apiUrls: config.channelApiUrls,
          campaignRatePerSecond: config.campaignRatePerSecond,
        },
        parseLimits: config.parseLimits,
        embedder: configuredEmbedder(config.knowledgeEmbeddings),
        crm: config.crm,
      })
    : null;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await workers?.stop();
      await app.close();
      await pubsub.close();
      redis?.disconnect();
    } finally {
      await database.close();
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const seeded = config.seedDemo
    ? await seedDemoIfEmpty(database.db, { product: productOfVariant(config.variant) })
    : null;
  await app.listen({ port: config.port, host: config.host });
  const url = config.publicUrl;
  const lines = [
    '',
    `  Convo is running at ${url}  (database: ${database.kind}${database.kind === 'pglite' ? `, ${config.dataDir}` : ''})`,
    `  API docs: ${url}/api/docs`,
  ];
  if (mailer.local) {
    // The key rides in the fragment: it never reaches a server log or a Referer.
    lines.push(
      `  Local mailbox (this machine only): ${url}/dev/mailbox#key=${devMailboxKey(config.appSecret)}`,
    );
  }
  if (warnsWithoutSmtp(config.smtpUrl, config.host)) {
    lines.push(
      `  Warning: no SMTP_URL while listening on ${config.host}: nobody else receives mail (password resets, invitations); set SMTP_URL before others use this server.`,
    );
  }
  if (seeded) {
    lines.push(
      '',
      `  Demo workspace created with ${seeded.conversations} conversations. Sign in as (password for all: ${seeded.password}):`,
    );
    for (const m of seeded.members) lines.push(`    ${m.email.padEnd(28)} ${m.name.padEnd(14)} ${m.role}`);
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

main().catch((err: unknown) => {
  if (
    err instanceof DataDirLockedError ||
    err instanceof ConfigError ||
    err instanceof SchemaTooNewError ||
    err instanceof MigrationHistoryError
  ) {
    process.stderr.write(`\n${err.message}\n\n`);
    process.exit(2);
  }
  process.stderr.write(
    `Failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
