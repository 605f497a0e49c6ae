import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { z } from 'zod';
import { type AppConfig, ConfigError, loadConfig } from '../platform/config.js';
import type { Database } from '../platform/db/database.js';
import { createLocalStorage } from '../platform/storage/local-storage.js';
import { createStorage } from '../platform/storage/storage.js';
import { backupDatabase, checkBackupFile, elapsed, restoreDatabase } from './backup.js';
import { secretWarning } from './backup-file.js';
import { runChecks } from './check.js';
import { createAdmin } from './create-admin.js';
import { OpsError } from './errors.js';
import { ExtendTrialUsageError, extendTrialFromArgs, trialDays } from './extend-trial.js';
import { formatCounts, migrateToPostgres } from './migrate-to-postgres.js';
import { describeTarget, openForOps, redactUrl, type Target } from './open.js';
import { SetPlanUsageError, setPlanFromArgs } from './set-plan.js';

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

export const HELP = `Usage: npm run convo -- <command> [options]
       (in the container image: convo <command> [options])

The database and storage are the server's: DATABASE_URL (PostgreSQL), else the embedded database
in DATA_DIR (default ./data); S3_BUCKET and the S3_* settings for uploaded files.

Commands:
  check                       configuration, database, Redis, SMTP and storage: one line each;
                              exit code 1 when any fails
  create-admin --email <e> --password <p> [--name <n>] [--application <id>] [--company <c>]
                              a super admin who can sign in: an existing member gets this password,
                              the super admin role and an active status back (locked out); otherwise
                              a new member, or on an install without a workspace, a new workspace
  backup [--out <file>]       every table (and the uploaded files' index) into one gzip file, from a
                              consistent snapshot; PostgreSQL stays online, the embedded database must
                              not be in use by a server. Default file:
                              DATA_DIR/backups/convo-backup-<time>.jsonl.gz
  restore <file> [--force]    a backup into an empty database of either kind, in one transaction;
                              a database with rows is refused unless --force (its rows are replaced);
                              warns when the backup was sealed with another APP_SECRET
  migrate-to-postgres --to <postgres-url> [--force]
                              copies the embedded database in DATA_DIR into an empty PostgreSQL
                              database (and, with S3_BUCKET set, the uploaded files into the bucket,
                              which is tried before anything is copied); prints progress and a row
                              count per table on both sides. Safe to run again after an
                              interruption. Stop the server first.
  set-plan <applicationId> <plan> [--seats <n>] [--period monthly|yearly] [--until <date>]
           [--pricing-version <1-9>] [--addon-packs <0-100>]
                              the application's plan, for an operator who invoices by hand
                              (BILLING_PROVIDER=manual). --until: paid through (ISO date), or on the
                              trial plan when the trial ends; omitted: open-ended. --addon-packs:
                              overage add-on packs sold with it (plans with an overage price). Refused when more
                              members hold a seat than the plan allows (it says how many to remove).
                              Running servers see the change within 30 seconds.
  extend-trial <applicationId> <days>
                              extends the application's trial by <days> (1-365): from its end, or
                              from today when it already ended. Refused when not on a trial.
  help                        this text
`;

const emailSchema = z.string().trim().email('--email must be an e-mail address');
const postgresUrlSchema = z
  .string()
  .url('--to must be a URL')
  .refine((u) => /^postgres(ql)?:\/\//.test(u), '--to must be a postgres:// URL');

class UsageError extends Error {}

function parse(argv: string[], options: NonNullable<ParseArgsConfig['options']>, positionals = 0) {
  try {
    const parsed = parseArgs({ args: argv, options, allowPositionals: positionals > 0, strict: true });
    if (parsed.positionals.length > positionals)
      throw new UsageError(`unexpected argument: ${parsed.positionals[positionals]}`);
    return parsed;
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError(err instanceof Error ? (err.message.split('\n')[0] ?? err.message) : String(err));
  }
}

function valid<T>(schema: z.ZodType<T>, value: unknown, missing: string): T {
  if (value === undefined) throw new UsageError(missing);
  const r = schema.safeParse(value);
  if (!r.success) throw new UsageError(r.error.issues[0]?.message ?? missing);
  return r.data;
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

async function withDatabase<T>(target: Target, fn: (db: Database) => Promise<T>): Promise<T> {
  const database = await openForOps(target);
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}

/** Runs one command; answers the exit code (0 done, 1 failed, 2 bad usage). */
export async function runCli(argv: string[], env: NodeJS.ProcessEnv, io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    io.out(HELP);
    return command ? 0 : 2;
  }
  try {
    if (rest.includes('--help') || rest.includes('-h')) {
      io.out(HELP);
      return 0;
    }
    let config: AppConfig;
    try {
      config = loadConfig({ SEED_DEMO: 'false', ...env });
    } catch (err) {
      if (err instanceof ConfigError) throw new OpsError(err.message.replace(/\n\s*/g, ' '));
      throw err;
    }
    const target: Target = { databaseUrl: config.databaseUrl, dataDir: config.dataDir };
    switch (command) {
      case 'check':
        return await check(config, rest, io);
      case 'create-admin':
        return await createAdminCommand(config, target, rest, io);
      case 'backup':
        return await backup(config, target, rest, io);
      case 'restore':
        return await restore(config, target, rest, io);
      case 'migrate-to-postgres':
        return await migrate(config, rest, io, env);
      case 'set-plan':
        return await setPlanCommand(config, target, rest, io);
      case 'extend-trial':
        return await extendTrialCommand(target, rest, io);
      default:
        throw new UsageError(`unknown command "${command}" (see: npm run convo -- help)`);
    }
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(`convo ${command}: ${err.message}`);
      return 2;
    }
    const text = err instanceof Error ? err.message : String(err);
    io.err(`convo ${command}: ${text.split('\n')[0]}`);
    return 1;
  }
}

async function check(config: AppConfig, argv: string[], io: CliIo): Promise<number> {
  parse(argv, {});
  const lines = await runChecks(config);
  for (const l of lines) io.out(`${l.ok ? 'ok  ' : 'FAIL'} ${l.name.padEnd(13)} ${l.detail}`);
  return lines.every((l) => l.ok) ? 0 : 1;
}

async function createAdminCommand(
  config: AppConfig,
  target: Target,
  argv: string[],
  io: CliIo,
): Promise<number> {
  const { values } = parse(argv, {
    email: { type: 'string' },
    password: { type: 'string' },
    name: { type: 'string' },
    application: { type: 'string' },
    company: { type: 'string' },
  });
  const email = valid(emailSchema, values.email, '--email is required');
  const password = valid(z.string().min(1), values.password, '--password is required');
  const result = await withDatabase(target, (database) =>
    createAdmin(database.db, {
      email,
      password,
      name: str(values.name),
      applicationId: str(values.application),
      company: str(values.company),
      variant: config.variant,
    }),
  );
  const what = {
    reset: 'existing member: password reset, super admin, active',
    added: 'added as super admin',
    provisioned: 'new workspace created with this super admin',
  }[result.action];
  io.out(`${result.email}: ${what} (application ${result.applicationId})`);
  return 0;
}

/**
 * Without --out, `DATA_DIR/backups/`: the one directory the container image's user may write (its
 * volume), where the working directory `/app` is read-only to it.
 */
function defaultBackupFile(config: AppConfig): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  return path.join(config.dataDir, 'backups', `convo-backup-${stamp}.jsonl.gz`);
}

async function backup(config: AppConfig, target: Target, argv: string[], io: CliIo): Promise<number> {
  const { values } = parse(argv, { out: { type: 'string' } });
  const file = path.resolve(str(values.out) ?? defaultBackupFile(config));
  mkdirSync(path.dirname(file), { recursive: true });
  if (existsSync(file)) throw new OpsError(`${file} already exists; choose another --out`);
  const started = Date.now();
  io.out(`Backing up ${describeTarget(target)} to ${file}`);
  try {
    const result = await withDatabase(target, (database) =>
      backupDatabase(database, file, io.out, { appSecret: config.appSecret }),
    );
    io.out(`Done: ${result.rows} rows of ${result.tables} tables in ${elapsed(started)}`);
  } catch (err) {
    rmSync(file, { force: true });
    throw err;
  }
  io.out('Uploaded files themselves are not in the backup: back up DATA_DIR/files or the bucket as well.');
  return 0;
}

async function restore(config: AppConfig, target: Target, argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(argv, { force: { type: 'boolean' } }, 1);
  const given = positionals[0];
  if (!given) throw new UsageError('which file? restore <file> [--force]');
  const file = path.resolve(given);
  // The file is checked before any database is opened or created.
  const header = await checkBackupFile(file);
  const pgliteDir = path.join(target.dataDir, 'pglite');
  const createsPglite = !target.databaseUrl && !existsSync(pgliteDir);
  const started = Date.now();
  io.out(
    `Restoring ${file} (${header.source}, ${header.createdAt}, schema ${header.migration}) into ${describeTarget(target)}`,
  );
  try {
    const result = await withDatabase(target, (database) =>
      restoreDatabase(database, file, { force: values.force === true }, io.out),
    );
    io.out(`Done: ${result.rows} rows of ${result.tables} tables in ${elapsed(started)}`);
    const warning = secretWarning(header, config.appSecret);
    if (warning) io.err(warning);
  } catch (err) {
    // A new embedded database that failed to fill is removed: the command changed nothing.
    if (createsPglite) rmSync(pgliteDir, { recursive: true, force: true });
    throw err;
  }
  return 0;
}

async function migrate(
  config: AppConfig,
  argv: string[],
  io: CliIo,
  env: NodeJS.ProcessEnv,
): Promise<number> {
  const { values } = parse(argv, { to: { type: 'string' }, force: { type: 'boolean' } });
  const to = valid(postgresUrlSchema, values.to, '--to <postgres-url> is required');
  if (!existsSync(path.join(config.dataDir, 'pglite')))
    throw new OpsError(`there is no embedded database in ${config.dataDir} (set DATA_DIR)`);
  const started = Date.now();
  io.out(`Copying the embedded database in ${config.dataDir} to PostgreSQL at ${redactUrl(to)}`);
  const source = await openForOps({ dataDir: config.dataDir });
  try {
    const target = await openForOps({ databaseUrl: to, dataDir: config.dataDir });
    try {
      const files =
        config.storage.kind === 's3'
          ? {
              from: createLocalStorage(path.join(config.dataDir, 'files')),
              to: createStorage(config.storage),
            }
          : undefined;
      const result = await migrateToPostgres(source, target, { force: values.force === true, files }, io.out);
      const { lines, match } = formatCounts(result.counts);
      io.out('');
      for (const line of lines) io.out(line);
      if (!match)
        throw new OpsError('row counts differ between the two databases (see above); run the command again');
      io.out('');
      io.out(`Done in ${elapsed(started)}: every table has the same number of rows on both sides.`);
      io.out(`Next: start the servers with DATABASE_URL=${redactUrl(to)}`);
      if (!env.APP_SECRET?.trim())
        io.out(
          `and APP_SECRET set to the contents of ${path.join(config.dataDir, 'app-secret')} (it decrypts the stored secrets).`,
        );
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
  return 0;
}

async function setPlanCommand(config: AppConfig, target: Target, argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(
    argv,
    {
      seats: { type: 'string' },
      period: { type: 'string' },
      until: { type: 'string' },
      'pricing-version': { type: 'string' },
      'addon-packs': { type: 'string' },
    },
    2,
  );
  const [applicationId, plan] = positionals;
  if (!applicationId || !plan) throw new UsageError('set-plan <applicationId> <plan> [options]');
  if (config.billingProvider !== 'manual')
    io.err('note: BILLING_PROVIDER is not "manual": the servers run the operator plan and ignore this one');
  const line = await withDatabase(target, (database) =>
    setPlanFromArgs(database.db, applicationId, plan, {
      seats: str(values.seats),
      period: str(values.period),
      until: str(values.until),
      pricingVersion: str(values['pricing-version']),
      addonPacks: str(values['addon-packs']),
    }).catch((err: unknown) => {
      if (err instanceof SetPlanUsageError) throw new UsageError(err.message);
      throw err;
    }),
  );
  io.out(line);
  return 0;
}

async function extendTrialCommand(target: Target, argv: string[], io: CliIo): Promise<number> {
  const { positionals } = parse(argv, {}, 2);
  const [applicationId, days] = positionals;
  if (!applicationId || !days) throw new UsageError('extend-trial <applicationId> <days>');
  // A bad <days> is refused before the database is opened (nothing to open it for).
  try {
    trialDays(days);
  } catch (err) {
    if (err instanceof ExtendTrialUsageError) throw new UsageError(err.message);
    throw err;
  }
  const line = await withDatabase(target, (database) =>
    extendTrialFromArgs(database.db, applicationId, days).catch((err: unknown) => {
      if (err instanceof ExtendTrialUsageError) throw new UsageError(err.message);
      throw err;
    }),
  );
  io.out(line);
  return 0;
}
