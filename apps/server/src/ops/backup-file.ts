import { createHmac } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, readFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip, createGzip } from 'node:zlib';
import { z } from 'zod';
import { migrationsFolder } from '../platform/db/database.js';
import { journalEntries } from '../platform/db/schema-version.js';
import { OpsError } from './errors.js';

// The backup file: gzip of JSON lines. A header naming the product and the schema, then per table
// a section line and its rows (each row as PostgreSQL's row_to_json wrote it: never parsed here,
// so bigints and timestamps cross unchanged), then an end line. gzip's CRC and the end line make a
// truncated file fail to restore.

export const BACKUP_FORMAT = 1;

export const backupHeaderSchema = z.object({
  product: z.literal('convo'),
  format: z.literal(BACKUP_FORMAT),
  version: z.string(),
  migration: z.string(),
  migrationWhen: z.number().int(),
  createdAt: z.string(),
  source: z.enum(['pglite', 'postgres']),
  /** Which APP_SECRET sealed the backup's secrets (secretFingerprint); absent in older backups. */
  secretFingerprint: z
    .string()
    .regex(/^[0-9a-f]{16}$/)
    .optional(),
});
export type BackupHeader = z.infer<typeof backupHeaderSchema>;

export const tableLineSchema = z.object({
  $: z.literal('table'),
  name: z.string().min(1),
  columns: z.array(z.string().min(1)).min(1),
  rows: z.number().int().min(0),
});
export const endLineSchema = z.object({
  $: z.literal('end'),
  tables: z.number().int().min(0),
  rows: z.number().int().min(0),
});

/**
 * Names an APP_SECRET without revealing it: the restore compares the backup's with its own, since
 * the sealed values in the rows (channel and mailbox credentials, webhook and SSO secrets) open
 * only with the secret that sealed them. An HMAC keyed by the secret: the file gives nothing to
 * guess the secret from faster than the sealed values themselves do.
 */
export function secretFingerprint(appSecret: string): string {
  return createHmac('sha256', appSecret)
    .update('convo backup: APP_SECRET fingerprint')
    .digest('hex')
    .slice(0, 16);
}

/** The restore's warning when the backup's secrets were sealed with another APP_SECRET, else null. */
export function secretWarning(header: BackupHeader, appSecret: string): string | null {
  if (!header.secretFingerprint)
    return (
      'Note: this backup does not say which APP_SECRET sealed its stored secrets (it was made by an older release). ' +
      "Start the server with the backed-up install's APP_SECRET (or its DATA_DIR/app-secret file), or its channel, " +
      'mailbox, webhook and SSO secrets will not open.'
    );
  if (header.secretFingerprint === secretFingerprint(appSecret)) return null;
  return (
    'Warning: this backup was sealed with another APP_SECRET than this install has. Its channel, mailbox, webhook ' +
    "and SSO secrets open only with that one: start the server with APP_SECRET set to the backed-up install's " +
    '(when it had no APP_SECRET: the contents of its DATA_DIR/app-secret file, copied over this DATA_DIR/app-secret), ' +
    'or reconnect those integrations.'
  );
}

/** This release's version (apps/server/package.json, found from source or from dist/). */
export function releaseVersion(): string {
  const folder = migrationsFolder();
  for (const up of ['../..', '../../..']) {
    const file = path.resolve(folder, up, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@convo/server' && pkg.version) return pkg.version;
    }
  }
  return 'unknown';
}

/** The last migration this release knows. */
export function releaseMigration(): { tag: string; when: number } {
  const entries = journalEntries(migrationsFolder());
  const last = entries[entries.length - 1];
  if (!last) throw new Error('no migrations in the journal');
  return last;
}

/** A writer of one backup file: lines are buffered and gzipped to disk. */
export interface BackupWriter {
  line(text: string): Promise<void>;
  finish(): Promise<void>;
}

export function createBackupWriter(file: string): BackupWriter {
  // Level 1: most of the size gain at a fraction of the CPU (the budget is time, not disk).
  const gzip = createGzip({ level: 1 });
  const done = pipeline(gzip, createWriteStream(file, { flags: 'wx' }));
  let failed: unknown = null;
  done.catch((err: unknown) => {
    failed = err;
  });
  return {
    async line(text) {
      if (failed) throw failed;
      if (!gzip.write(`${text}\n`)) await new Promise<void>((resolve) => gzip.once('drain', resolve));
    },
    async finish() {
      gzip.end();
      await done;
    },
  };
}

/** Lines of a backup file, in order; a gzip error (truncated, corrupt) rejects. */
export async function* readBackupLines(file: string): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  let rest = '';
  const gunzip = createGunzip();
  const input = createReadStream(file);
  input.on('error', (err) => gunzip.destroy(err));
  input.pipe(gunzip);
  try {
    for await (const chunk of gunzip) {
      rest += decoder.write(chunk as Buffer);
      let start = 0;
      for (let nl = rest.indexOf('\n'); nl >= 0; nl = rest.indexOf('\n', start)) {
        yield rest.slice(start, nl);
        start = nl + 1;
      }
      rest = rest.slice(start);
    }
  } catch (err) {
    throw new OpsError(
      `the backup file is damaged or truncated (${err instanceof Error ? err.message : String(err)})`,
    );
  } finally {
    input.destroy();
  }
  rest += decoder.end();
  if (rest.length > 0) yield rest;
}

/** Reads and checks the header before anything is opened or changed. */
export async function readBackupHeader(file: string): Promise<BackupHeader> {
  if (!existsSync(file)) throw new OpsError(`no such file: ${file}`);
  const handle = await open(file, 'r');
  try {
    const magic = Buffer.alloc(2);
    await handle.read(magic, 0, 2, 0);
    if (magic[0] !== 0x1f || magic[1] !== 0x8b)
      throw new OpsError(`${file} is not a Convo backup (not a gzip file)`);
  } finally {
    await handle.close();
  }
  const lines = readBackupLines(file);
  const first = await lines.next();
  await lines.return(undefined);
  if (first.done) throw new OpsError(`${file} is empty or truncated`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(first.value);
  } catch {
    throw new OpsError(`${file} is not a Convo backup (its first line is not JSON)`);
  }
  const product = (parsed as { product?: unknown } | null)?.product;
  if (product !== 'convo')
    throw new OpsError(`${file} is not a Convo backup (product: ${JSON.stringify(product ?? null)})`);
  const header = backupHeaderSchema.safeParse(parsed);
  if (!header.success)
    throw new OpsError(
      `${file} has a header this release does not understand (format ${JSON.stringify((parsed as { format?: unknown }).format ?? null)})`,
    );
  return header.data;
}
