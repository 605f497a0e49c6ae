import { parse, protocol, types } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { resultOf } from './pglite-answers.js';

// The wire messages a backend writes, built by hand: the answers PGlite's thread posts.
function message(code: string, body: Buffer): Uint8Array {
  const out = Buffer.alloc(5 + body.length);
  out[0] = code.charCodeAt(0);
  out.writeUInt32BE(4 + body.length, 1);
  body.copy(out, 5);
  return new Uint8Array(out);
}

function rowDescription(columns: [string, number][]): Uint8Array {
  const parts = [Buffer.alloc(2)];
  parts[0]!.writeUInt16BE(columns.length);
  for (const [name, type] of columns) {
    const field = Buffer.alloc(18);
    field.writeUInt32BE(0, 0);
    field.writeUInt16BE(0, 4);
    field.writeUInt32BE(type, 6);
    field.writeInt16BE(-1, 10);
    field.writeInt32BE(-1, 12);
    field.writeUInt16BE(0, 16);
    parts.push(Buffer.from(`${name}\0`), field);
  }
  return message('T', Buffer.concat(parts));
}

function dataRow(values: (string | null)[]): Uint8Array {
  const parts = [Buffer.alloc(2)];
  parts[0]!.writeUInt16BE(values.length);
  for (const value of values) {
    const length = Buffer.alloc(4);
    if (value === null) {
      length.writeInt32BE(-1);
      parts.push(length);
    } else {
      const bytes = Buffer.from(value, 'utf8');
      length.writeInt32BE(bytes.length);
      parts.push(length, bytes);
    }
  }
  return message('D', Buffer.concat(parts));
}

const complete = (tag: string) => message('C', Buffer.from(`${tag}\0`));
const ready = message('Z', Buffer.from('T'));
const bindComplete = message('2', Buffer.alloc(0));
const joined = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));

// PGlite's own reading of the same bytes: what the thread's answers must equal.
type PgliteTable = Parameters<typeof parse.parseResults>[1];

function pglitesReading(chunks: Uint8Array[], table: PgliteTable, rowMode: 'array' | 'object') {
  type Messages = Parameters<typeof parse.parseResults>[0];
  const messages: Messages = [];
  const parser = new protocol.Parser();
  for (const chunk of chunks) parser.parse(chunk, (m) => messages.push(m));
  return parse.parseResults(messages, table, { rowMode })[0];
}

// Timestamps kept as text, as drizzle asks of its driver.
const table: PgliteTable = { ...types.parsers, 1184: (value: string) => value };
const columns: [string, number][] = [
  ['id', 20],
  ['count', 23],
  ['name', 25],
  ['active', 16],
  ['meta', 3802],
  ['tags', 1009],
  ['created_at', 1184],
  ['name', 25],
];
const values: (string | null)[][] = [
  [
    '9007199254740993',
    '42',
    'Ünïcödé ✓ 日本',
    't',
    '{"a":[1,2],"b":null}',
    '{x,"y z"}',
    '2026-12-03 03:00:00+00',
    'last',
  ],
  ['1', null, '', 'f', null, '{}', null, null],
];

describe('answers of the embedded database thread', () => {
  for (const rowMode of ['object', 'array'] as const) {
    it(`reads rows as PGlite does (${rowMode} rows, the description in a chunk of its own)`, () => {
      const chunks = [
        rowDescription(columns),
        joined(bindComplete, ...values.map(dataRow), complete('SELECT 2'), ready),
      ];
      const ours = resultOf(chunks, table, rowMode);
      expect(ours).toEqual(pglitesReading(chunks, table, rowMode));
      expect(ours.rowCount).toBe(2);
    });
  }

  it('reads a description and rows in one chunk, and a repeated column name keeps the last value', () => {
    const chunks = [joined(rowDescription(columns), dataRow(values[0]!), complete('SELECT 1'), ready)];
    const ours = resultOf<Record<string, unknown>>(chunks, table, 'object');
    expect(ours).toEqual(pglitesReading(chunks, table, 'object'));
    expect(ours.rows[0]?.name).toBe('last');
    expect(ours.rows[0]?.id).toBe(9007199254740993n);
  });

  it('answers the command, its count and the rows affected of statements without rows', () => {
    for (const tag of ['INSERT 0 3', 'UPDATE 5', 'DELETE 0', 'BEGIN', 'CREATE TABLE']) {
      const chunks = [joined(bindComplete, complete(tag), ready)];
      expect(resultOf(chunks, table, 'object'), tag).toEqual(pglitesReading(chunks, table, 'object'));
    }
  });

  it('answers an empty result where no command completed', () => {
    const chunks = [joined(bindComplete, ready)];
    expect(resultOf(chunks, table, 'object')).toEqual(pglitesReading(chunks, table, 'object'));
  });
});
