import type { Results } from '@electric-sql/pglite';
import {
  type BackendMessage,
  CommandCompleteMessage,
  DataRowMessage,
  RowDescriptionMessage,
} from 'pg-protocol/dist/messages.js';
import { Parser as WireParser } from 'pg-protocol/dist/parser.js';

// A statement's answer from PGlite's thread, read into the result PGlite's own `query` gives.
// node-postgres's wire parser (pg-protocol; PGlite's own is a fork of it) reads the messages:
// PGlite's copies every field into a new ArrayBuffer before decoding it (612 µs for an answer of
// 12 rows of 27 columns, against 41 µs). The rows are then built here in plain loops rather than by PGlite's
// parseResults, which allocates an array and an entry per field of every row (docs/decisions.md).

/** A value's parser by type id, as PGlite's parser tables hold them. */
export type ParserTable = Record<number, ((value: string, typeId?: number) => unknown) | undefined>;

/** A view of `bytes` as a Buffer, without copying them. */
const bufferOf = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

// The commands whose tag's count PGlite adds to `affectedRows`.
const AFFECTING = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

interface Column {
  name: string;
  dataTypeID: number;
}

/**
 * The first result of `chunks` (wire messages, in order: a prepared statement's row description
 * may come in a chunk of its own before the answer), as PGlite's `query` answers it: rows parsed
 * with `table`, `fields`, `command`, `affectedRows` and `rowCount`.
 */
export function resultOf<T>(
  chunks: readonly Uint8Array[],
  table: ParserTable,
  rowMode: 'array' | 'object',
): Results<T> {
  let columns: Column[] = [];
  let parsers: ParserTable[number][] = [];
  const rows: unknown[] = [];
  let result: Results<T> | null = null;
  const read = (message: BackendMessage) => {
    if (result) return;
    if (message instanceof DataRowMessage) {
      // Text-format fields: a string each, or null.
      rows.push(rowOf(message.fields as (string | null)[], columns, parsers, rowMode));
    } else if (message instanceof RowDescriptionMessage) {
      columns = message.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }));
      parsers = columns.map((c) => table[c.dataTypeID]);
    } else if (message instanceof CommandCompleteMessage) {
      result = completed<T>(message.text, columns, rows);
    }
  };
  const parser = new WireParser();
  for (const chunk of chunks) parser.parse(bufferOf(chunk), read);
  return result ?? { affectedRows: 0, rows: [], fields: [] };
}

function rowOf(
  values: readonly (string | null)[],
  columns: readonly Column[],
  parsers: readonly ParserTable[number][],
  rowMode: 'array' | 'object',
): unknown {
  if (rowMode === 'array') {
    const row: unknown[] = new Array(values.length);
    for (let i = 0; i < values.length; i++) row[i] = parsedValue(values[i] ?? null, parsers[i], columns[i]);
    return row;
  }
  const row: Record<string, unknown> = {};
  for (let i = 0; i < values.length; i++)
    row[columns[i]?.name ?? String(i)] = parsedValue(values[i] ?? null, parsers[i], columns[i]);
  return row;
}

/** A field as its type's parser reads it; text where the type has none, null as null. */
function parsedValue(value: string | null, parse: ParserTable[number], column: Column | undefined): unknown {
  if (value === null) return null;
  return parse && column ? parse(value, column.dataTypeID) : value;
}

function completed<T>(tag: string, columns: Column[], rows: unknown[]): Results<T> {
  const words = tag.split(' ');
  const command = words[0] ?? '';
  const count = Number.parseInt(words[words.length - 1] ?? '', 10);
  const affectedRows = AFFECTING.has(command) && !Number.isNaN(count) ? count : 0;
  return {
    rows: rows as T[],
    fields: columns,
    command,
    affectedRows,
    ...(Number.isNaN(count) ? {} : { rowCount: count }),
  };
}
