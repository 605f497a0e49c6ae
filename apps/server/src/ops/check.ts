import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Redis } from 'ioredis';
import nodemailer from 'nodemailer';
import pg from 'pg';
import type { AppConfig } from '../platform/config.js';
import { migrationsFolder, PGLITE_EXTENSIONS } from '../platform/db/database.js';
import {
  type AppliedMigration,
  journalMigrations,
  migrationHistoryProblems,
} from '../platform/db/schema-version.js';
import { createStorage, probeStorage } from '../platform/storage/storage.js';
import { redactUrl } from './open.js';

// `convo check`: each dependency reached for real, one line each; nothing is created or migrated.

export interface CheckLine {
  name: string;
  ok: boolean;
  detail: string;
}

const TIMEOUT_MS = 5000;

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not answer within ${TIMEOUT_MS / 1000} s`)),
      TIMEOUT_MS,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function message(err: unknown): string {
  const text =
    err instanceof Error ? err.message || (err as { code?: string }).code || err.name : String(err);
  return text.split('\n')[0] ?? text;
}

/** Where the database's migrations stand against this release's. */
function schemaState(applied: AppliedMigration[]): { ok: boolean; text: string } {
  const entries = journalMigrations(migrationsFolder());
  const latest = entries[entries.length - 1];
  if (applied.length === 0) return { ok: true, text: 'empty (the first start migrates it)' };
  const last = Math.max(...applied.map((a) => a.when));
  if (latest && last > latest.when)
    return { ok: false, text: 'schema is NEWER than this release: upgrade this release' };
  // The start refuses these too (MigrationHistoryError): say it before anyone starts it.
  const { unknown, missing } = migrationHistoryProblems(entries, applied);
  if (unknown.length > 0)
    return { ok: false, text: `migrations this release does not know: ${unknown.join('; ')}` };
  if (missing.length > 0)
    return { ok: false, text: `lacks migrations older than its latest: ${missing.join(', ')}` };
  const pending = entries.filter((e) => e.when > last).length;
  return {
    ok: true,
    text: pending === 0 ? `schema ${latest?.tag}` : `${pending} migrations pending (run at the next start)`,
  };
}

interface Queryable {
  query<R>(text: string): Promise<{ rows: R[] }>;
}

/** The applied migrations (two queries: a missing table cannot be planned). */
async function appliedMigrations(client: Queryable): Promise<AppliedMigration[]> {
  const [table] = (
    await client.query<{ present: boolean }>(
      "select to_regclass('drizzle.__drizzle_migrations') is not null as present",
    )
  ).rows;
  if (!table?.present) return [];
  const rows = (
    await client.query<{ hash: string; created: string | null }>(
      'select hash, created_at::text as created from drizzle.__drizzle_migrations order by created_at, id',
    )
  ).rows;
  return rows.map((r) => ({ hash: r.hash, when: Number(r.created ?? 0) }));
}

async function checkDatabase(config: AppConfig): Promise<CheckLine> {
  if (config.databaseUrl) {
    const client = new pg.Client({
      connectionString: config.databaseUrl,
      connectionTimeoutMillis: TIMEOUT_MS,
    });
    client.on('error', () => {});
    try {
      await client.connect();
      const version =
        (await client.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]?.v ??
        '?';
      const state = schemaState(await appliedMigrations(client));
      return {
        name: 'database',
        ok: state.ok,
        detail: `PostgreSQL ${version} at ${redactUrl(config.databaseUrl)}, ${state.text}`,
      };
    } catch (err) {
      return {
        name: 'database',
        ok: false,
        detail: `PostgreSQL at ${redactUrl(config.databaseUrl)}: ${message(err)}`,
      };
    } finally {
      await client.end().catch(() => {});
    }
  }
  const dir = path.join(config.dataDir, 'pglite');
  if (!existsSync(dir))
    return {
      name: 'database',
      ok: true,
      detail: `embedded, ${dir} not created yet (the first start creates it)`,
    };
  const lockFile = path.join(config.dataDir, 'server.lock');
  if (existsSync(lockFile)) {
    const pid = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
    let alive = false;
    try {
      process.kill(pid, 0);
      alive = true;
    } catch (err) {
      alive = (err as NodeJS.ErrnoException).code === 'EPERM';
    }
    if (alive)
      return {
        name: 'database',
        ok: true,
        detail: `embedded in ${dir}, in use by the running server (pid ${pid})`,
      };
  }
  const client = new PGlite(dir, { extensions: PGLITE_EXTENSIONS });
  try {
    await client.waitReady;
    const state = schemaState(await appliedMigrations(client));
    return { name: 'database', ok: state.ok, detail: `embedded in ${dir}, ${state.text}` };
  } catch (err) {
    return { name: 'database', ok: false, detail: `embedded in ${dir}: ${message(err)}` };
  } finally {
    await client.close().catch(() => {});
  }
}

async function checkRedis(url: string | undefined): Promise<CheckLine> {
  if (!url) return { name: 'redis', ok: true, detail: 'not configured (one node only)' };
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: TIMEOUT_MS,
    retryStrategy: () => null,
  });
  redis.on('error', () => {});
  try {
    await withTimeout(redis.connect(), 'Redis');
    const pong = await withTimeout(redis.ping(), 'Redis');
    return { name: 'redis', ok: pong === 'PONG', detail: `${redactUrl(url)} answered ${pong}` };
  } catch (err) {
    return { name: 'redis', ok: false, detail: `${redactUrl(url)}: ${message(err)}` };
  } finally {
    redis.disconnect();
  }
}

async function checkSmtp(url: string | undefined): Promise<CheckLine> {
  if (!url) return { name: 'smtp', ok: true, detail: 'not configured (mail stays in the local mailbox)' };
  const transport = nodemailer.createTransport(url);
  try {
    await withTimeout(transport.verify(), 'SMTP');
    return { name: 'smtp', ok: true, detail: `${redactUrl(url)} accepts connections` };
  } catch (err) {
    return { name: 'smtp', ok: false, detail: `${redactUrl(url)}: ${message(err)}` };
  } finally {
    transport.close();
  }
}

async function checkStorage(config: AppConfig): Promise<CheckLine> {
  const s = config.storage;
  if (s.kind === 'local') {
    const probe = path.join(s.dir, `.check-${randomUUID()}`);
    try {
      await mkdir(s.dir, { recursive: true });
      await writeFile(probe, 'ok');
      await rm(probe, { force: true });
      return { name: 'storage', ok: true, detail: `local directory ${s.dir} is writable` };
    } catch (err) {
      return { name: 'storage', ok: false, detail: `local directory ${s.dir}: ${message(err)}` };
    }
  }
  const where = `bucket ${s.bucket}${s.endpoint ? ` at ${s.endpoint}` : ''}`;
  try {
    await withTimeout(probeStorage(createStorage(s)), 'S3');
    return { name: 'storage', ok: true, detail: `S3 ${where} is reachable` };
  } catch (err) {
    return { name: 'storage', ok: false, detail: `S3 ${where}: ${message(err)}` };
  }
}

export async function runChecks(config: AppConfig): Promise<CheckLine[]> {
  const configuration: CheckLine = {
    name: 'configuration',
    ok: true,
    detail: `valid (${config.databaseUrl ? 'PostgreSQL' : 'embedded database'}, ${config.storage.kind === 's3' ? 'S3 files' : 'local files'}, roles ${[...config.roles].join(',')})`,
  };
  const [database, redis, smtp, storage] = await Promise.all([
    checkDatabase(config),
    checkRedis(config.redisUrl),
    checkSmtp(config.smtpUrl),
    checkStorage(config),
  ]);
  return [configuration, database, redis, smtp, storage];
}
