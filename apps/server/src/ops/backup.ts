import { sql } from 'drizzle-orm';
import type { Database, Db } from '../platform/db/database.js';
import { lastAppliedMigration } from '../platform/db/schema-version.js';
import {
  BACKUP_FORMAT,
  type BackupHeader,
  createBackupWriter,
  endLineSchema,
  readBackupHeader,
  readBackupLines,
  releaseMigration,
  releaseVersion,
  secretFingerprint,
  tableLineSchema,
} from './backup-file.js';
import {
  countRows,
  disableUserTriggers,
  dropSecondaryIndexes,
  ident,
  readCatalog,
  resetSequences,
  type TableInfo,
} from './catalog.js';
import { OpsError } from './errors.js';
import { insertRows, RowBatch, tableRows } from './rows.js';

export type Log = (line: string) => void;

export interface BackupResult {
  file: string;
  tables: number;
  rows: number;
}

/**
 * Every table's rows into one file, read in one REPEATABLE READ transaction: a consistent
 * snapshot while the server keeps running (PostgreSQL; PGlite allows one process at a time).
 */
export async function backupDatabase(
  database: Database,
  file: string,
  log: Log,
  options: { appSecret?: string } = {},
): Promise<BackupResult> {
  const writer = createBackupWriter(file);
  const release = releaseMigration();
  let total = 0;
  let tableCount = 0;
  await database.db.transaction(
    async (tx) => {
      const applied = (await lastAppliedMigration(tx)) ?? 0;
      if (applied !== release.when)
        throw new OpsError(
          'the database schema does not match this release; start the server once to migrate it',
        );
      const header: BackupHeader = {
        product: 'convo',
        format: BACKUP_FORMAT,
        version: releaseVersion(),
        migration: release.tag,
        migrationWhen: release.when,
        createdAt: new Date().toISOString(),
        source: database.kind,
        ...(options.appSecret ? { secretFingerprint: secretFingerprint(options.appSecret) } : {}),
      };
      await writer.line(JSON.stringify(header));
      const catalog = await readCatalog(tx);
      const counts = await countRows(tx, catalog.tables);
      for (const table of catalog.tables) {
        const started = Date.now();
        const rows = counts.get(table.name) ?? 0;
        await writer.line(JSON.stringify({ $: 'table', name: table.name, columns: table.insertable, rows }));
        let written = 0;
        for await (const batch of tableRows(tx, table)) {
          // One write per fetched batch: a write per row cost more CPU than the query.
          await writer.line(batch.join('\n'));
          written += batch.length;
        }
        if (written !== rows) throw new Error(`${table.name}: counted ${rows} rows but read ${written}`);
        total += rows;
        tableCount++;
        log(`  ${table.name.padEnd(32)} ${String(rows).padStart(9)} rows  ${elapsed(started)}`);
      }
      await writer.line(JSON.stringify({ $: 'end', tables: tableCount, rows: total }));
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  await writer.finish();
  return { file, tables: tableCount, rows: total };
}

export function elapsed(started: number): string {
  return `${((Date.now() - started) / 1000).toFixed(1)} s`;
}

export interface RestoreOptions {
  /** Replace the contents of a database that is not empty. */
  force?: boolean;
}

/** Checks a backup can be restored by this release, before any database is opened. */
export async function checkBackupFile(file: string): Promise<BackupHeader> {
  const header = await readBackupHeader(file);
  const release = releaseMigration();
  if (header.migrationWhen > release.when)
    throw new OpsError(
      `the backup was made by a newer release (${header.version}, schema ${header.migration}); this release knows up to ${release.tag}`,
    );
  if (header.migrationWhen < release.when)
    throw new OpsError(
      `the backup was made by an older release (${header.version}, schema ${header.migration}): restore it with that release, then start this one to upgrade`,
    );
  return header;
}

/** Total rows per table of a database (for the emptiness check and the reports). */
async function nonEmptyTables(
  tx: Db,
  tables: readonly TableInfo[],
): Promise<{ name: string; rows: number }[]> {
  const counts = await countRows(tx, tables);
  return [...counts].filter(([, n]) => n > 0).map(([name, rows]) => ({ name, rows }));
}

/**
 * The backup into this database, in one transaction: a bad or truncated file leaves it as it was.
 * The database must be empty unless `force` (then its rows are replaced).
 */
export async function restoreDatabase(
  database: Database,
  file: string,
  options: RestoreOptions,
  log: Log,
): Promise<BackupResult> {
  await checkBackupFile(file);
  return database.db.transaction(async (tx) => {
    const catalog = await readCatalog(tx);
    const byName = new Map(catalog.tables.map((t) => [t.name, t]));
    const occupied = await nonEmptyTables(tx, catalog.tables);
    if (occupied.length > 0) {
      if (!options.force) {
        const rows = occupied.reduce((s, t) => s + t.rows, 0);
        throw new OpsError(
          `the target database is not empty (${rows} rows in ${occupied.length} tables, e.g. ${occupied[0]?.name}); use --force to replace its contents`,
        );
      }
      await tx.execute(sql.raw(`truncate ${catalog.tables.map((t) => ident(t.name)).join(', ')} cascade`));
    }
    const rebuildIndexes = await dropSecondaryIndexes(tx);
    const enableTriggers = await disableUserTriggers(tx);
    let current: {
      table: TableInfo;
      columns: string[];
      expected: number;
      seen: number;
      started: number;
    } | null = null;
    const batch = new RowBatch();
    let ended = false;
    let tables = 0;
    let total = 0;
    const finishTable = async () => {
      if (!current) return;
      await insertRows(tx, current.table, current.columns, batch.take());
      if (current.seen !== current.expected)
        throw new OpsError(
          `the backup file is truncated or damaged (${current.table.name}: ${current.seen} of ${current.expected} rows)`,
        );
      log(
        `  ${current.table.name.padEnd(32)} ${String(current.seen).padStart(9)} rows  ${elapsed(current.started)}`,
      );
      tables++;
      total += current.seen;
      current = null;
    };
    let first = true;
    for await (const line of readBackupLines(file)) {
      if (first) {
        first = false;
        continue;
      }
      if (ended) throw new OpsError('the backup file has data after its end line');
      if (line.startsWith('{"$":')) {
        await finishTable();
        const control = parseControl(line);
        if (control.$ === 'end') {
          if (control.tables !== tables || control.rows !== total)
            throw new OpsError('the backup file is damaged (its totals do not match its contents)');
          ended = true;
          continue;
        }
        const table = byName.get(control.name);
        if (!table) throw new OpsError(`the backup has a table this database lacks: ${control.name}`);
        const unknown = control.columns.filter((c) => !table.insertable.includes(c));
        if (unknown.length > 0)
          throw new OpsError(
            `the backup has columns this database lacks: ${control.name}.${unknown.join(', ')}`,
          );
        current = { table, columns: control.columns, expected: control.rows, seen: 0, started: Date.now() };
        continue;
      }
      if (!current) throw new OpsError('the backup file is damaged (a row outside any table)');
      current.seen++;
      if (batch.add(line)) await insertRows(tx, current.table, current.columns, batch.take());
    }
    if (!ended) throw new OpsError('the backup file is truncated (it has no end line)');
    const indexing = Date.now();
    await rebuildIndexes();
    await enableTriggers();
    log(`  indexes rebuilt  ${elapsed(indexing)}`);
    await resetSequences(tx, catalog);
    return { file, tables, rows: total };
  });
}

function parseControl(line: string) {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new OpsError('the backup file is damaged (a section line is not JSON)');
  }
  const table = tableLineSchema.safeParse(value);
  if (table.success) return table.data;
  const end = endLineSchema.safeParse(value);
  if (end.success) return end.data;
  throw new OpsError('the backup file is damaged (an unknown section line)');
}
