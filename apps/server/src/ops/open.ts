import { DataDirLockedError } from '../platform/db/data-dir-lock.js';
import { type Database, openDatabase } from '../platform/db/database.js';
import { MigrationHistoryError, SchemaTooNewError } from '../platform/db/schema-version.js';
import { OpsError } from './errors.js';

/** A URL with its password hidden, for messages. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparsable URL)';
  }
}

export interface Target {
  databaseUrl?: string | undefined;
  dataDir: string;
}

export function describeTarget(t: Target): string {
  return t.databaseUrl
    ? `PostgreSQL at ${redactUrl(t.databaseUrl)}`
    : `the embedded database in ${t.dataDir}`;
}

/** Opens (and migrates) a database; what goes wrong becomes one line naming it. */
export async function openForOps(t: Target, poolSize = 4): Promise<Database> {
  try {
    return await openDatabase({ databaseUrl: t.databaseUrl, dataDir: t.dataDir, poolSize });
  } catch (err) {
    if (
      err instanceof DataDirLockedError ||
      err instanceof SchemaTooNewError ||
      err instanceof MigrationHistoryError
    )
      throw new OpsError(err.message);
    const text =
      err instanceof Error ? err.message || (err as { code?: string }).code || err.name : String(err);
    throw new OpsError(`cannot open ${describeTarget(t)}: ${text.split('\n')[0]}`);
  }
}
