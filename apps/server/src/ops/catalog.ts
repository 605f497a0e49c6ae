import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/database.js';
import { rowsOf } from '../platform/db/database.js';

// Tables are discovered from the database catalog at run time, never listed by hand: other
// contexts add tables all the time, and a backup that forgot one would lose it silently.

export interface TableInfo {
  name: string;
  /** Every column, in table order (what row_to_json writes). */
  columns: string[];
  /** Columns an insert may set (generated columns are computed by the database). */
  insertable: string[];
  hasIdentity: boolean;
}

export interface Catalog {
  /** Parents before children (foreign keys), then by name. */
  tables: TableInfo[];
  /** Serial/identity sequences to move past the restored rows. */
  sequences: { table: string; column: string; sequence: string }[];
}

/** `"name"` with embedded quotes doubled. */
export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export async function readCatalog(db: Db): Promise<Catalog> {
  const columns = rowsOf<{ table: string; column: string; generated: boolean; identity: boolean }>(
    await db.execute(sql`
      select c.relname as "table", a.attname as "column",
             a.attgenerated <> '' as generated, a.attidentity <> '' as identity
      from pg_attribute a
      join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`),
  );
  const edges = rowsOf<{ child: string; parent: string }>(
    await db.execute(sql`
      select ch.relname as child, pa.relname as parent
      from pg_constraint k
      join pg_class ch on ch.oid = k.conrelid
      join pg_class pa on pa.oid = k.confrelid
      join pg_namespace n on n.oid = ch.relnamespace
      where k.contype = 'f' and n.nspname = 'public'`),
  );
  const sequences = rowsOf<{ table: string; column: string; sequence: string }>(
    await db.execute(sql`
      select t.relname as "table", a.attname as "column", s.relname as "sequence"
      from pg_depend d
      join pg_class s on s.oid = d.objid and s.relkind = 'S'
      join pg_class t on t.oid = d.refobjid
      join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
      join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = 'public' and d.deptype in ('a', 'i')
      order by 1, 2`),
  );
  const byName = new Map<string, TableInfo>();
  for (const c of columns) {
    let t = byName.get(c.table);
    if (!t) {
      t = { name: c.table, columns: [], insertable: [], hasIdentity: false };
      byName.set(c.table, t);
    }
    t.columns.push(c.column);
    if (!c.generated) t.insertable.push(c.column);
    if (c.identity) t.hasIdentity = true;
  }
  return { tables: dependencyOrder([...byName.values()], edges), sequences };
}

/**
 * Parents first (Kahn's algorithm, ties by name so the order is stable). Self-references do not
 * order tables; a cycle between tables would make a restore fail, so it is reported at once.
 */
export function dependencyOrder<T extends { name: string }>(
  tables: T[],
  edges: readonly { child: string; parent: string }[],
): T[] {
  const parents = new Map<string, Set<string>>(tables.map((t) => [t.name, new Set<string>()]));
  for (const e of edges) {
    if (e.child !== e.parent && parents.has(e.parent)) parents.get(e.child)?.add(e.parent);
  }
  const done = new Set<string>();
  const ordered: T[] = [];
  const remaining = [...tables].sort((a, b) => a.name.localeCompare(b.name));
  while (remaining.length > 0) {
    const i = remaining.findIndex((t) => [...(parents.get(t.name) ?? [])].every((p) => done.has(p)));
    if (i < 0)
      throw new Error(`foreign keys form a cycle between: ${remaining.map((t) => t.name).join(', ')}`);
    const [next] = remaining.splice(i, 1);
    if (!next) break;
    ordered.push(next);
    done.add(next.name);
  }
  return ordered;
}

/** Row counts per table (the catalog's tables). */
export async function countRows(db: Db, tables: readonly TableInfo[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const t of tables) {
    const [row] = rowsOf<{ n: string | number }>(
      await db.execute(sql.raw(`select count(*)::text as n from ${ident(t.name)}`)),
    );
    counts.set(t.name, Number(row?.n ?? 0));
  }
  return counts;
}

/** Moves every serial/identity sequence past the largest value its column holds. */
export async function resetSequences(db: Db, catalog: Catalog, only?: string): Promise<void> {
  for (const s of catalog.sequences) {
    if (only && s.table !== only) continue;
    await db.execute(
      sql.raw(
        `select setval('public.${ident(s.sequence).replace(/'/g, "''")}', coalesce((select max(${ident(s.column)}) from ${ident(s.table)}), 0) + 1, false)`,
      ),
    );
  }
}

/**
 * Drops the `public` indexes no constraint uses (not primary keys, unique constraints or the keys
 * foreign keys point at) and answers how to build them again: a bulk load then builds each index
 * once instead of updating it row by row (the messages' GIN search index most of all). Run both
 * in the load's transaction, so a failed load gets its indexes back with the rollback.
 */
export async function dropSecondaryIndexes(db: Db): Promise<() => Promise<void>> {
  const indexes = rowsOf<{ name: string; def: string }>(
    await db.execute(sql`
      select ic.relname as name, pg_get_indexdef(i.indexrelid) as def
      from pg_index i
      join pg_class ic on ic.oid = i.indexrelid
      join pg_namespace n on n.oid = ic.relnamespace
      where n.nspname = 'public'
        and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
      order by ic.relname`),
  );
  for (const index of indexes) await db.execute(sql.raw(`drop index ${ident(index.name)}`));
  return async () => {
    for (const index of indexes) await db.execute(sql.raw(index.def));
  };
}

/**
 * Turns off the user triggers of the public tables (the dashboard roll-up's) until the returned
 * function turns them back on, in the caller's transaction. A restore or a copy loads the roll-up
 * tables as they were backed up; recomputing them row by row as conversations arrive would cost a
 * trigger call per row and collide with the copied rows.
 */
export async function disableUserTriggers(db: Db, onlyTable?: string): Promise<() => Promise<void>> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`
      select distinct c.relname as name
      from pg_trigger t
      join pg_class c on c.oid = t.tgrelid
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and not t.tgisinternal
        and (${onlyTable ?? null}::text is null or c.relname = ${onlyTable ?? null}::text)
      order by c.relname`),
  ).map((r) => r.name);
  for (const table of tables) await db.execute(sql.raw(`alter table ${ident(table)} disable trigger user`));
  return async () => {
    for (const table of tables) await db.execute(sql.raw(`alter table ${ident(table)} enable trigger user`));
  };
}
