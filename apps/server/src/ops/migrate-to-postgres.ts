import { sql } from 'drizzle-orm';
import type { Database } from '../platform/db/database.js';
import { rowsOf } from '../platform/db/database.js';
import { type FileStorage, probeStorage } from '../platform/storage/storage.js';
import { elapsed, type Log } from './backup.js';
import { countRows, disableUserTriggers, ident, readCatalog, resetSequences } from './catalog.js';
import { OpsError } from './errors.js';
import { insertRows, RowBatch, tableRows } from './rows.js';

export interface MigrateOptions {
  /** Empty the target's tables first (a target that is neither empty nor an earlier copy of this source). */
  force?: boolean;
  /** Stop after copying this many tables (tests: an interrupted run). */
  stopAfterTables?: number;
  /** Uploaded files: copied from the local store to this one (S3), key by key. */
  files?: { from: FileStorage; to: FileStorage } | undefined;
}

export interface TableCount {
  table: string;
  source: number;
  target: number;
}

export interface MigrateResult {
  complete: boolean;
  counts: TableCount[];
  files: number;
}

/**
 * Copies every table from the embedded database into an empty PostgreSQL one, a table per
 * transaction, parents first. A table is either copied whole or not at all, so a run that was
 * killed can be run again: tables whose count already matches are skipped, the rest copied with
 * ON CONFLICT DO NOTHING. The source must not change meanwhile (its lock keeps the server out).
 */
export async function migrateToPostgres(
  source: Database,
  target: Database,
  options: MigrateOptions,
  log: Log,
): Promise<MigrateResult> {
  // The bucket is tried before anything is copied: wrong S3 settings stop the run with nothing changed.
  if (options.files) await probeStore(options.files.to);
  const sourceCatalog = await readCatalog(source.db);
  const targetCatalog = await readCatalog(target.db);
  const targetTables = new Map(targetCatalog.tables.map((t) => [t.name, t]));
  const missing = sourceCatalog.tables.filter((t) => !targetTables.has(t.name)).map((t) => t.name);
  if (missing.length > 0) throw new OpsError(`the target database lacks tables: ${missing.join(', ')}`);

  const sourceCounts = await countRows(source.db, sourceCatalog.tables);
  let targetCounts = await countRows(target.db, targetCatalog.tables);
  const foreign = targetCatalog.tables.filter((t) => {
    const n = targetCounts.get(t.name) ?? 0;
    return n > 0 && n !== sourceCounts.get(t.name);
  });
  if (foreign.length > 0) {
    if (!options.force)
      throw new OpsError(
        `the target database is not empty (e.g. ${foreign[0]?.name}: ${targetCounts.get(foreign[0]?.name ?? '')} rows) and is not an earlier copy of this one; use --force to replace its contents`,
      );
    await target.db.execute(
      sql.raw(`truncate ${targetCatalog.tables.map((t) => ident(t.name)).join(', ')} cascade`),
    );
    targetCounts = await countRows(target.db, targetCatalog.tables);
  }

  let copied = 0;
  const total = sourceCatalog.tables.length;
  for (const [i, table] of sourceCatalog.tables.entries()) {
    const expected = sourceCounts.get(table.name) ?? 0;
    const prefix = `  [${String(i + 1).padStart(2)}/${total}] ${table.name.padEnd(32)}`;
    if ((targetCounts.get(table.name) ?? 0) === expected) {
      log(`${prefix} ${String(expected).padStart(9)} rows  ${expected === 0 ? 'empty' : 'already copied'}`);
      continue;
    }
    if (options.stopAfterTables !== undefined && copied >= options.stopAfterTables)
      return { complete: false, counts: [], files: 0 };
    const started = Date.now();
    const targetTable = targetTables.get(table.name);
    if (!targetTable) continue;
    // One read-only snapshot of the source per table; the source is locked, so tables agree.
    await source.db.transaction(
      async (from) => {
        await target.db.transaction(async (to) => {
          const enableTriggers = await disableUserTriggers(to, targetTable.name);
          const batch = new RowBatch();
          for await (const rows of tableRows(from, table)) {
            for (const row of rows) {
              if (batch.add(row)) await insertRows(to, targetTable, table.insertable, batch.take(), true);
            }
          }
          await insertRows(to, targetTable, table.insertable, batch.take(), true);
          await resetSequences(to, targetCatalog, table.name);
          await enableTriggers();
        });
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    copied++;
    log(`${prefix} ${String(expected).padStart(9)} rows  ${elapsed(started)}`);
  }

  const files = options.files ? await copyFiles(source, options.files.from, options.files.to, log) : 0;

  const finalTarget = await countRows(target.db, targetCatalog.tables);
  const counts = sourceCatalog.tables.map((t) => ({
    table: t.name,
    source: sourceCounts.get(t.name) ?? 0,
    target: finalTarget.get(t.name) ?? 0,
  }));
  return { complete: true, counts, files };
}

async function probeStore(store: FileStorage): Promise<void> {
  try {
    await probeStorage(store);
  } catch (err) {
    const text = err instanceof Error ? err.message || err.name : String(err);
    throw new OpsError(`the file store (S3_BUCKET) cannot be reached: ${text.split('\n')[0]}`);
  }
}

/** Every attachment's object from one store to the other (skipping keys the source lacks). */
async function copyFiles(source: Database, from: FileStorage, to: FileStorage, log: Log): Promise<number> {
  const keys = rowsOf<{ key: string }>(
    await source.db.execute(sql`select storage_key as key from attachments order by storage_key`),
  );
  let copied = 0;
  const started = Date.now();
  for (const { key } of keys) {
    const object = await from.get(key);
    if (!object) {
      log(`  file ${key}: missing in the local store, skipped`);
      continue;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of object.stream) chunks.push(chunk as Buffer);
    await to.put(key, Buffer.concat(chunks), object.contentType);
    copied++;
    if (copied % 100 === 0) log(`  files: ${copied}/${keys.length}`);
  }
  log(`  files: ${copied}/${keys.length} copied to the bucket  ${elapsed(started)}`);
  return copied;
}

/** The closing table of row counts, and whether every table matches. */
export function formatCounts(counts: readonly TableCount[]): { lines: string[]; match: boolean } {
  const lines = [`  ${'table'.padEnd(32)} ${'embedded'.padStart(9)} ${'postgres'.padStart(9)}`];
  let match = true;
  for (const c of counts) {
    const ok = c.source === c.target;
    if (!ok) match = false;
    lines.push(
      `  ${c.table.padEnd(32)} ${String(c.source).padStart(9)} ${String(c.target).padStart(9)}${ok ? '' : '  MISMATCH'}`,
    );
  }
  return { lines, match };
}
