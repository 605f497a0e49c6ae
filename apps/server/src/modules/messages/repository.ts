import { and, desc, eq, getTableName, inArray, lt, sql } from 'drizzle-orm';
import { messages } from '../../db/schema/index.js';
import { type Db, rowsOf } from '../../platform/db/database.js';
import { isoInstants } from '../../platform/db/iso-instants.js';
import { preparedStatement } from '../../platform/db/prepared.js';
import { rawRowsOf } from '../../platform/db/raw-rows.js';

export type MessageRow = typeof messages.$inferSelect;
export type NewMessage = typeof messages.$inferInsert;
// The search vector is derived from the text and read only by search, in SQL.
const MESSAGE_ROWS = rawRowsOf(messages, ['searchVector']);

/** A page of a conversation, newest first, optionally before a time (paging backwards). */
export async function listConversationMessages(
  db: Db,
  applicationId: string,
  conversationId: number,
  opts: { pageSize: number; startIndex: number; before?: Date | undefined },
) {
  const where = [eq(messages.applicationId, applicationId), eq(messages.conversationId, conversationId)];
  if (opts.before) where.push(lt(messages.createdAt, opts.before));
  return db
    .select()
    .from(messages)
    .where(and(...where))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(opts.pageSize)
    .offset(opts.startIndex);
}

// The batch's insert: the rows travel as one JSON parameter, in order (their ids follow it).
const insertBatch = preparedStatement<{ applicationId: string; rows: string }>(
  () => sql`
    insert into ${messages} (application_id, conversation_id, sender_id, sender_type, content_type,
      message, metadata, file_meta, client_key, created_at)
    select ${sql.placeholder('applicationId')}, v.conversation_id, v.sender_id, v.sender_type,
      v.content_type, v.message, v.metadata, v.file_meta, v.client_key, coalesce(v.created_at, now())
    from rows from (jsonb_to_recordset(${sql.placeholder('rows')}::jsonb)
      as (conversation_id bigint, sender_id uuid, sender_type int, content_type int, message text,
        metadata jsonb, file_meta jsonb, client_key text, created_at timestamptz))
      with ordinality as v(conversation_id, sender_id, sender_type, content_type, message, metadata,
        file_meta, client_key, created_at, ord)
    order by v.ord
    on conflict do nothing
    returning ${MESSAGE_ROWS.columns}`,
);

/** A new message of a batch; the application is the batch's; no `createdAt`: the transaction's time. */
export type NewBatchMessage = Omit<NewMessage, 'applicationId' | 'id'> & {
  conversationId: number;
  senderType: number;
  contentType: number;
  message: string;
  clientKey: string;
};

/** A new message's columns as the batch inserts' JSON rows carry them (the time already formatted). */
function columnsOf(v: NewBatchMessage, createdAt: string | null) {
  return {
    conversation_id: v.conversationId,
    sender_id: v.senderId ?? null,
    sender_type: v.senderType,
    content_type: v.contentType,
    message: v.message,
    metadata: v.metadata ?? {},
    file_meta: v.fileMeta ?? null,
    client_key: v.clientKey,
    created_at: createdAt,
  };
}

/**
 * Inserts several messages in the order given (their ids follow it), each unless its client key is
 * already stored in the application; answers, in that order, the stored row and whether this call
 * created it. The rows travel as one JSON parameter: building a multi-row VALUES list cost more
 * CPU than the database spent on the insert.
 */
export async function insertMessagesOnce(
  db: Db,
  applicationId: string,
  values: readonly NewBatchMessage[],
): Promise<{ row: MessageRow; created: boolean }[]> {
  if (values.length === 0) return [];
  const iso = isoInstants();
  const rows = values.map((v) => columnsOf(v, v.createdAt ? iso(v.createdAt) : null));
  const result = await insertBatch(db, { applicationId, rows: JSON.stringify(rows) });
  const byKey = new Map<string, { row: MessageRow; created: boolean }>();
  for (const raw of rowsOf<Record<string, unknown>>(result)) {
    const row = MESSAGE_ROWS.map(raw);
    byKey.set(row.clientKey, { row, created: true });
  }
  const missing = values.map((v) => v.clientKey).filter((k) => !byKey.has(k));
  if (missing.length > 0) {
    const existing = await db
      .select()
      .from(messages)
      .where(and(eq(messages.applicationId, applicationId), inArray(messages.clientKey, missing)));
    for (const r of existing) byKey.set(r.clientKey, { row: r, created: false });
  }
  return values.map((v) => {
    const found = byKey.get(v.clientKey);
    if (!found) throw new Error('message conflict without an existing row');
    return found;
  });
}

// The fast path of a batch (service.ts writeSends): its messages' ids are taken in the round trip
// that locks the conversations, so the insert, the conversations' update and the events all go out
// together in the next one, without waiting for the insert's answer.
// The sequence by its name (bigserial's `<table>_id_seq`), resolved once when the statement is
// prepared: `pg_get_serial_sequence` looked it up again for every id (0.40 ms for 40 ids, against
// 0.03 ms by name, docs/performance.md).
const MESSAGE_ID_SEQUENCE = `${getTableName(messages)}_id_seq`;
const reserveIds = preparedStatement<{ count: number }>(
  () => sql`
    select nextval(${sql.raw(`'${MESSAGE_ID_SEQUENCE}'`)}::regclass) as id
    from generate_series(1, ${sql.placeholder('count')}::int)`,
);

/** `count` new message ids, ascending (the sequence's, as an insert would take them). */
export async function reserveMessageIds(db: Db, count: number): Promise<number[]> {
  if (count === 0) return [];
  const result = await reserveIds(db, { count });
  return rowsOf<{ id: string | number }>(result)
    .map((r) => Number(r.id))
    .sort((a, b) => a - b);
}

// No `on conflict`: a client key already stored fails the statement (unique violation), which
// aborts the transaction, and the batch is written again the careful way (insertMessagesOnce).
const insertWithIds = preparedStatement<{ applicationId: string; rows: string }>(
  () => sql`
    insert into ${messages} (id, application_id, conversation_id, sender_id, sender_type, content_type,
      message, metadata, file_meta, client_key, created_at)
    select v.id, ${sql.placeholder('applicationId')}, v.conversation_id, v.sender_id, v.sender_type,
      v.content_type, v.message, v.metadata, v.file_meta, v.client_key, v.created_at
    from jsonb_to_recordset(${sql.placeholder('rows')}::jsonb)
      as v(id bigint, conversation_id bigint, sender_id uuid, sender_type int, content_type int,
        message text, metadata jsonb, file_meta jsonb, client_key text, created_at timestamptz)`,
);

/** The row a new message of a batch will be, with its reserved id and the batch's time. */
export function newMessageRow(
  applicationId: string,
  id: number,
  v: NewBatchMessage & { createdAt: Date },
): MessageRow {
  return {
    id,
    applicationId,
    conversationId: v.conversationId,
    senderId: v.senderId ?? null,
    senderType: v.senderType,
    contentType: v.contentType,
    message: v.message,
    metadata: v.metadata ?? {},
    fileMeta: v.fileMeta ?? null,
    clientKey: v.clientKey,
    searchVector: null,
    createdAt: v.createdAt,
  };
}

/**
 * Sends the insert of rows made by `newMessageRow` without waiting for it: the statement is on the
 * wire when this returns. Its promise fails with a unique violation when a client key is stored
 * already.
 */
export function insertNewMessages(db: Db, rows: readonly MessageRow[]): Promise<unknown> {
  const first = rows[0];
  if (!first) return Promise.resolve();
  const iso = isoInstants();
  // The id assigned, not spread around: a literal spreading into new keys is slow in this V8
  // (docs/decisions.md, "Hot-path objects without a spread followed by new keys").
  const json = rows.map((r) => Object.assign(columnsOf(r, iso(r.createdAt)), { id: r.id }));
  return insertWithIds(db, { applicationId: first.applicationId, rows: JSON.stringify(json) });
}

/** A message's place by its client key (`messageKey` in the Applozic family), in one application. */
export async function findMessageByKey(db: Db, applicationId: string, clientKey: string) {
  const [row] = await db
    .select({ id: messages.id, conversationId: messages.conversationId })
    .from(messages)
    .where(and(eq(messages.applicationId, applicationId), eq(messages.clientKey, clientKey)))
    .limit(1);
  return row;
}

/** A message's client key by its id, in one application. */
export async function findMessageKey(db: Db, applicationId: string, id: number) {
  const [row] = await db
    .select({ key: messages.clientKey })
    .from(messages)
    .where(and(eq(messages.applicationId, applicationId), eq(messages.id, id)))
    .limit(1);
  return row?.key ?? null;
}

/** Messages of the application by their client keys (message/detail), in no particular order. */
export async function findMessagesByKeys(db: Db, applicationId: string, keys: readonly string[]) {
  if (keys.length === 0) return [];
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.applicationId, applicationId), inArray(messages.clientKey, [...keys])));
}
