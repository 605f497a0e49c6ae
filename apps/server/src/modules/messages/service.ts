import { randomUUID } from 'node:crypto';
import type { Message } from '@convo/api';
import {
  afterCustomerMessage,
  afterMessageForStats,
  assigneeOnReply,
  CONVERSATION_STATUS,
  DEFAULT_TAGS,
  isValidContentType,
  MESSAGE_CONTENT_TYPE,
  SENDER_TYPE,
  toConversationPxy,
} from '@convo/domain';
import type { AuthContext } from '../../http/auth.js';
import { AppError, badRequest } from '../../http/errors.js';
import type { Db } from '../../platform/db/database.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { createKeyedBatcher, type KeyedBatcher, type Outcome } from '../../platform/keyed-batcher.js';
import { findAttachment, toFileMeta } from '../attachments/index.js';
import * as conversations from '../conversations/index.js';
import {
  assignTo,
  audiencesOf,
  conversationNotFound,
  conversationWith,
  findVisible,
  type GroupRef,
  type MessagingDeps,
  toGroupFeeds,
} from '../conversations/index.js';
import { EVENT } from '../realtime/index.js';
import { messageBus, type StoredMessage } from './events.js';
import { receiptsOf, toMessageView } from './message-view.js';
import * as repo from './repository.js';
import { writeSystemMessage } from './system-message.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A message's file must be one uploaded to this application; its details come from our record, not the client. */
async function resolveFileMeta(
  db: Db,
  applicationId: string,
  given: Record<string, unknown>,
  publicUrl = '',
) {
  const key = typeof given.key === 'string' && UUID.test(given.key) ? given.key : null;
  const row = key ? await findAttachment(db, applicationId, key) : undefined;
  if (!row)
    throw badRequest('INVALID_PARAMETER', 'fileMeta.key must name a file uploaded to this application.');
  return { ...toFileMeta(row, publicUrl) };
}

const REOPEN_TAG = DEFAULT_TAGS.find((t) => t === 'Reopen')!;

export interface SendInput extends GroupRef {
  /** One-to-one send: the other party's userId, when no conversation is named. */
  to?: string | undefined;
  /** Absent in the documented v2 body: a fresh key then, so such a send is never de-duplicated. */
  key?: string | undefined;
  message: string;
  contentType: number;
  metadata?: Record<string, string | number | boolean> | undefined;
  fileMeta?: Record<string, unknown> | undefined;
}

function senderTypeOf(caller: AuthContext): number {
  if (caller.roleType === null) return SENDER_TYPE.USER;
  return caller.roleType === '3' ? SENDER_TYPE.BOT : SENDER_TYPE.HUMAN_AGENT;
}

/** What a send answers: the stored message, its conversation after it, and whether it is new. */
export interface SendResult {
  row: repo.MessageRow;
  conversation: conversations.ConversationRow;
  created: boolean;
}

interface SendItem {
  caller: AuthContext;
  input: SendInput & { key: string };
  /** The client address of the request (req.ip): a bot's LLM ceilings count by it. */
  address?: string | undefined;
}

// One batcher per Realtime (one per server instance): sends of one application that arrive while
// a batch of it is being written go together in the next transaction (group commit).
const MAX_SEND_BATCH = 200;
const SEND_LANES = 2;
const conversationRefOf = (ref: GroupRef) =>
  ref.groupId !== undefined ? `id:${ref.groupId}` : `client:${ref.clientGroupId ?? ''}`;
const batchers = new WeakMap<object, KeyedBatcher<SendItem, SendResult>>();

function batcherOf(deps: MessagingDeps) {
  let batcher = batchers.get(deps.realtime);
  if (!batcher) {
    batcher = createKeyedBatcher<SendItem, SendResult>(
      (_appId, items) => sendBatch(deps, items),
      MAX_SEND_BATCH,
      // Two batches of an application at once: one's statements run while the other's wait for
      // the event loop (at 1,650 msg/s offered, one lane fell behind and two kept up). Sends to
      // one conversation never share two batches, so they keep their order.
      { lanes: SEND_LANES, groupOf: ({ input }) => conversationRefOf(input) },
    );
    batchers.set(deps.realtime, batcher);
  }
  return batcher;
}

/**
 * Sends a message: stored once per client key (a retry returns the first), unread counts, the
 * customer-side transitions (new → open, resolved → reopened with the Reopen tag), and the events
 * every member and the customer receive, all in one transaction shared with the other sends of
 * the application that arrive meanwhile.
 */
export async function sendMessage(
  deps: MessagingDeps,
  caller: AuthContext,
  input: SendInput,
  origin: { address?: string | undefined } = {},
) {
  if (!isValidContentType(input.contentType)) {
    throw badRequest('INVALID_PARAMETER', `contentType ${input.contentType} is not one of 0-13, 102, 103.`);
  }
  if (input.message.trim() === '' && !input.fileMeta) {
    throw badRequest('INVALID_PARAMETER', 'A message needs text or a file.');
  }
  const { to, ...rest } = input;
  // The one-to-one body names the other party instead of the conversation.
  const target =
    input.groupId === undefined && input.clientGroupId === undefined && to !== undefined
      ? { groupId: await conversationWith(deps, caller, to) }
      : {};
  return batcherOf(deps).submit(caller.applicationId, {
    caller,
    input: { ...rest, ...target, key: input.key ?? randomUUID() },
    address: origin.address,
  });
}

/** What a send answers, on the REST routes and on the visitor's socket alike. */
export function sendAnswer({ row, conversation }: Pick<SendResult, 'row' | 'conversation'>) {
  return {
    messageKey: row.clientKey,
    createdAt: row.createdAt.getTime(),
    conversationId: conversation.id,
    groupId: conversation.id,
    id: row.id,
  };
}

/**
 * Writes a batch; a batch that fails as a whole (a database error, not a refusal of one item) is
 * retried item by item, so one bad send never takes the others down with it.
 */
async function sendBatch(deps: MessagingDeps, items: readonly SendItem[]): Promise<Outcome<SendResult>[]> {
  try {
    try {
      return await writeSends(deps, items, 'fast');
    } catch (error) {
      // A client key stored already (a send its client retried): the careful way finds it.
      if (!(error instanceof StoredKeyMet)) throw error;
      return await writeSends(deps, items, 'careful');
    }
  } catch (error) {
    if (items.length === 1) return [{ ok: false, error }];
    const outcomes: Outcome<SendResult>[] = [];
    for (const item of items) {
      try {
        outcomes.push(...(await writeSends(deps, [item], 'careful')));
      } catch (itemError) {
        outcomes.push({ ok: false, error: itemError });
      }
    }
    return outcomes;
  }
}

/** The fast way met a client key already stored: the batch was rolled back whole. */
class StoredKeyMet extends Error {}

/**
 * How a batch writes its messages. `fast`: their ids are taken with the conversations' lock and the
 * rest (insert, conversations, events, commit) goes out in one more round trip, every message
 * assumed new; a client key stored already fails it all (StoredKeyMet). `careful`: the insert skips
 * stored keys and answers which it created, and the rest follows from that answer.
 */
type WriteMode = 'fast' | 'careful';

const noop = () => {};

async function writeSends(
  deps: MessagingDeps,
  items: readonly SendItem[],
  mode: WriteMode,
): Promise<Outcome<SendResult>[]> {
  const applicationId = items[0]!.caller.applicationId;
  // The fast way's insert, whose failure tells a stored client key from other errors.
  const sent: { insert: Promise<unknown> | null } = { insert: null };
  // What the subscribers of "messages stored" asked to run once the batch commits (usage counts,
  // job wake-ups); dropped when it rolls back.
  const afterCommit: (() => void)[] = [];
  const woken = new Set<string>();
  const written = deps.realtime.transaction(deps.db, applicationId, async (tx, events, inFlight) => {
    const outcomes: (Outcome<SendResult> | null)[] = items.map(() => null);
    const refuse = (i: number, error: unknown) => {
      outcomes[i] = { ok: false, error };
    };

    // 1. The conversations, locked, and whether each caller may write in them: one round trip.
    const ids = new Set<number>();
    const clientGroupIds = new Set<string>();
    const customerIds = new Set<string>();
    for (const { caller, input } of items) {
      if (input.groupId !== undefined) ids.add(input.groupId);
      else if (input.clientGroupId !== undefined) clientGroupIds.add(input.clientGroupId);
      if (caller.roleType === null) customerIds.add(caller.userId);
    }
    const lock = () =>
      conversations.lockSendTargets(tx, applicationId, {
        ids: [...ids],
        clientGroupIds: [...clientGroupIds],
        customerIds: [...customerIds],
      });
    // The fast way's lock leaves with the reservation of ids below (one write).
    const locking = mode === 'fast' ? inFlight.holdForNext(lock) : lock();
    // The fast way's message ids, in the same round trip (one for each send: a refused one's is unused).
    const reserving = mode === 'fast' ? repo.reserveMessageIds(tx, items.length) : null;
    reserving?.catch(noop);
    const targets = await locking;
    const reserved = (await reserving) ?? [];
    const convOf = new Map<number, conversations.ConversationRow>();
    const idOfClientGroup = new Map<string, number>();
    const customersOf = new Map<number, Set<string>>();
    for (const { row, customerIds: members } of targets) {
      convOf.set(row.id, row);
      customersOf.set(row.id, members);
      if (row.clientGroupId !== null) idOfClientGroup.set(row.clientGroupId, row.id);
    }
    const idOfItem = items.map(({ input }) => {
      const id =
        input.groupId ??
        (input.clientGroupId !== undefined ? idOfClientGroup.get(input.clientGroupId) : undefined);
      return id !== undefined && convOf.has(id) ? id : null;
    });
    for (const [i, { caller }] of items.entries()) {
      const id = idOfItem[i];
      if (id == null || (caller.roleType === null && !customersOf.get(id)?.has(caller.userId)))
        refuse(i, conversationNotFound());
    }

    // 2. Attachments must be this application's uploads; their details come from our record.
    const fileMetaOf = new Map<number, Record<string, unknown>>();
    for (const [i, { input }] of items.entries()) {
      if (outcomes[i] || !input.fileMeta) continue;
      try {
        fileMetaOf.set(i, await resolveFileMeta(tx, applicationId, input.fileMeta, deps.publicUrl));
      } catch (error) {
        refuse(i, error);
      }
    }

    // 3. The messages, once per client key (a key repeated within the batch is one message).
    const now = new Date();
    const firstOfKey = new Map<string, number>();
    const toInsert: { index: number; values: repo.NewBatchMessage }[] = [];
    for (const [i, { caller, input }] of items.entries()) {
      if (outcomes[i] || firstOfKey.has(input.key)) continue;
      firstOfKey.set(input.key, i);
      const conv = convOf.get(idOfItem[i]!)!;
      const fileMeta = fileMetaOf.get(i) ?? null;
      toInsert.push({
        index: i,
        values: {
          conversationId: conv.id,
          senderId: caller.userId,
          senderType: senderTypeOf(caller),
          contentType:
            fileMeta && input.contentType === 0 ? MESSAGE_CONTENT_TYPE.ATTACHMENT : input.contentType,
          message: input.message,
          metadata: input.metadata ?? {},
          fileMeta,
          clientKey: input.key,
          createdAt: now,
        },
      });
    }
    let stored: { row: repo.MessageRow; created: boolean }[];
    if (mode === 'fast') {
      stored = toInsert.map((t, n) => ({
        row: repo.newMessageRow(applicationId, reserved[n]!, { ...t.values, createdAt: now }),
        created: true,
      }));
      // It leaves with the conversations' update and the events (one write, one round trip).
      sent.insert = inFlight.holdForNext(() =>
        repo.insertNewMessages(
          tx,
          stored.map((s) => s.row),
        ),
      );
      inFlight.track(sent.insert);
    } else {
      stored = await repo.insertMessagesOnce(
        tx,
        applicationId,
        toInsert.map((t) => t.values),
      );
    }
    const storedOf = new Map<number, { row: repo.MessageRow; created: boolean }>();
    for (const [n, t] of toInsert.entries()) storedOf.set(t.index, stored[n]!);

    // 4. Unread counts, conversation state and events for the new ones, in batch order.
    const newMessages: StoredMessage[] = [];
    const changed = new Map<number, conversations.AfterMessages>();
    const reopenedBy = new Map<number, SendItem>();
    const assignOnReply = new Map<number, string>();
    for (const [i, item] of items.entries()) {
      const s = storedOf.get(i);
      if (!s?.created) continue;
      const { row } = s;
      const conv = convOf.get(row.conversationId)!;
      newMessages.push({
        message: row,
        conversationAtSend: conv,
        senderUserId: item.caller.userName,
        address: item.address,
      });
      const fromCustomer = row.senderType === SENDER_TYPE.USER;
      const before = conv.status;
      const next = fromCustomer ? afterCustomerMessage(before) : { status: before, reopened: false };
      const stats = afterMessageForStats(conv, row.senderType, now);
      const after: conversations.ConversationRow = {
        ...conv,
        ...stats.clock,
        status: next.status,
        lastMessageId: row.id,
        lastMessageAt: now,
        ...(fromCustomer ? { lastCustomerMessageAt: now } : {}),
        ...(next.reopened ? { resolvedAt: null } : {}),
      };
      convOf.set(conv.id, after);
      // One record per conversation of the batch, updated in place by each of its messages (a
      // new object per message made this closure the server's largest self time after writev and
      // GC in a profile of the open loop).
      let change = changed.get(conv.id);
      if (!change) {
        change = {
          id: conv.id,
          added: 0,
          addedBySender: {},
          status: after.status,
          lastMessageId: row.id,
          lastMessageAt: now,
          lastCustomerMessageAt: null,
          reopened: false,
          firstCustomerMessageAt: null,
          firstResponseAt: null,
          unansweredSince: null,
          answered: [],
        };
        changed.set(conv.id, change);
      }
      const senderKey = item.caller.userId;
      change.added += 1;
      change.addedBySender[senderKey] = (change.addedBySender[senderKey] ?? 0) + 1;
      change.status = after.status;
      change.lastMessageId = row.id;
      change.lastMessageAt = now;
      if (fromCustomer) change.lastCustomerMessageAt = now;
      if (next.reopened) change.reopened = true;
      change.firstCustomerMessageAt = stats.clock.firstCustomerMessageAt;
      change.firstResponseAt = stats.clock.firstResponseAt;
      change.unansweredSince = stats.clock.unansweredSince;
      if (stats.answered) change.answered.push(stats.answered);
      events.emit({
        type: EVENT.MESSAGE_RECEIVED,
        conversationId: conv.id,
        audiences: audiencesOf(conv),
        data: { message: toMessageView(row, conv, item.caller.userName) },
      });
      if (next.reopened) reopenedBy.set(conv.id, item);
      const replier = assigneeOnReply(conv, { id: item.caller.userId, senderType: row.senderType });
      if (replier !== null && !assignOnReply.has(conv.id)) assignOnReply.set(conv.id, replier);
      if (next.status !== before) {
        events.emit({
          type: EVENT.CONVERSATION_STATUS,
          conversationId: conv.id,
          audiences: audiencesOf(conv),
          data: { groupId: conv.id, from: before, status: next.status, reopened: next.reopened },
        });
      }
    }
    // Not waited for: it travels with what follows (the commit waits for it).
    inFlight.track(
      inFlight.holdForNext(() => conversations.applyAfterMessages(tx, applicationId, [...changed.values()])),
    );

    // 5. A customer reopening a resolved conversation: the Reopen tag, the timeline, a notify line.
    for (const [convId, item] of reopenedBy) {
      const conv = convOf.get(convId)!;
      const tags = await conversations.findActiveTags(tx, applicationId, [REOPEN_TAG]);
      await conversations.addTags(
        tx,
        applicationId,
        convId,
        tags.map((t) => t.id),
      );
      await conversations.insertTimelineEvent(tx, {
        applicationId,
        conversationId: convId,
        type: 'status',
        actorId: item.caller.userId,
        data: { from: CONVERSATION_STATUS.CLOSED, to: conv.status, reason: 'customer message' },
      });
      await writeSystemMessage(tx, events, conv, 'Reopened by a customer message', {
        KM_STATUS: String(conv.status),
      });
    }

    // 6. An agent answering a conversation nobody has takes it (once per conversation: rare, so
    // the extra statements are not on the common path of a send).
    for (const [convId, agentId] of assignOnReply) {
      convOf.set(convId, await assignTo(tx, events, convOf.get(convId)!, agentId, agentId, false));
    }

    // 7. What the rest of the server does with new messages (billing usage, webhooks, channel
    // delivery, the Slack mirror, the e-mail fallback, bot replies) subscribes to this event in
    // app.ts; each subscriber enqueues its jobs in this transaction, and one that throws rolls the
    // batch back (sendBatch then retries its sends one by one).
    if (newMessages.length > 0)
      await messageBus.emit('messages.stored', {
        applicationId,
        tx,
        db: deps.db,
        events,
        now,
        messages: newMessages,
        conversations: convOf,
        afterCommit: (fn) => afterCommit.push(fn),
        wakeJobs: (queue) => woken.add(queue),
      });

    return items.map((item, i): Outcome<SendResult> => {
      const refused = outcomes[i];
      if (refused) return refused;
      const first = firstOfKey.get(item.input.key)!;
      const s = storedOf.get(first)!;
      if (!s.created || first !== i) {
        const conv = convOf.get(idOfItem[i]!)!;
        if (s.row.conversationId !== conv.id)
          return {
            ok: false,
            error: badRequest('INVALID_PARAMETER', 'This key was used for another message.'),
          };
        return { ok: true, value: { row: s.row, conversation: conv, created: false } };
      }
      return {
        ok: true,
        value: { row: s.row, conversation: convOf.get(s.row.conversationId)!, created: true },
      };
    });
  });
  let results: Outcome<SendResult>[];
  try {
    results = await written;
  } catch (error) {
    const insertError = await sent.insert?.then(noop, (e: unknown) => e);
    if (isUniqueViolation(insertError)) throw new StoredKeyMet();
    throw error;
  }
  // After the commit: the usage counts, and the worker claims a job now rather than at its next poll.
  for (const fn of afterCommit) fn();
  for (const queue of woken) deps.realtime.wakeJobs(queue);
  return results;
}

export interface ListInput extends GroupRef {
  startIndex: number;
  pageSize: number;
  endTime?: number | undefined;
}

/**
 * `message/list`: a page of one conversation, newest first, with its feed and the people in it;
 * each message's `status` carries the other side's stored receipts (sent, delivered, read).
 */
export async function listMessages(deps: MessagingDeps, caller: AuthContext, input: ListInput) {
  const conv = await findVisible(deps.db, caller, input);
  const rows = await repo.listConversationMessages(deps.db, caller.applicationId, conv.id, {
    pageSize: input.pageSize,
    startIndex: input.startIndex,
    before: input.endTime ? new Date(input.endTime) : undefined,
  });
  const senderIds = [...new Set(rows.map((r) => r.senderId).filter((id): id is string => id !== null))];
  const [people, feeds, positions] = await Promise.all([
    conversations.findUsersByIds(deps.db, caller.applicationId, senderIds),
    toGroupFeeds(deps.db, [conv], caller.userId),
    // One query for the whole page: each message's status compares its id with these.
    conversations.listReceiptPositions(deps.db, conv.id),
  ]);
  const userIdOf = new Map(people.map((p) => [p.id, p.userId]));
  const receipts = receiptsOf(positions);
  const message: Message[] = rows.map((r) =>
    toMessageView(r, conv, r.senderId ? (userIdOf.get(r.senderId) ?? null) : null, receipts, caller.userName),
  );
  return {
    message,
    // The platform's contextual-chat topic of the messages' conversationId: the conversation itself,
    // so the widget knows it and does not ask conversation/topicId for each message.
    conversationPxys: [toConversationPxy(conv)],
    groupFeeds: feeds,
    userDetails: people.map((p) => ({
      userId: p.userId,
      displayName: p.displayName,
      roleType: p.roleType,
      imageLink: p.imageLink,
      connected: p.status === 1,
      status: p.status,
    })),
  };
}

/**
 * `message/detail?keys=`: the asked messages the caller may see (an end user only those of their
 * own conversations; another application's key is simply not found), in the platform's shape.
 */
export async function messageDetails(deps: MessagingDeps, caller: AuthContext, keys: readonly string[]) {
  const rows = await repo.findMessagesByKeys(deps.db, caller.applicationId, keys);
  const out: Message[] = [];
  for (const convId of [...new Set(rows.map((r) => r.conversationId))]) {
    let conv: conversations.ConversationRow;
    try {
      conv = await findVisible(deps.db, caller, { groupId: convId });
    } catch (err) {
      // Not the caller's to see: left out, as a key that does not exist.
      if (err instanceof AppError && err.statusCode === 404) continue;
      throw err;
    }
    const own = rows.filter((r) => r.conversationId === convId);
    const senderIds = [...new Set(own.map((r) => r.senderId).filter((id): id is string => id !== null))];
    const [people, positions] = await Promise.all([
      conversations.findUsersByIds(deps.db, caller.applicationId, senderIds),
      conversations.listReceiptPositions(deps.db, conv.id),
    ]);
    const userIdOf = new Map(people.map((p) => [p.id, p.userId]));
    const receipts = receiptsOf(positions);
    for (const r of own)
      out.push(
        toMessageView(
          r,
          conv,
          r.senderId ? (userIdOf.get(r.senderId) ?? null) : null,
          receipts,
          caller.userName,
        ),
      );
  }
  // In the order the keys were asked.
  return keys.flatMap((k) => out.filter((m) => m.key === k));
}

/**
 * Read and delivered receipts: the reader's unread count goes back to zero on read; everyone in
 * the conversation learns how far this person has got.
 */
export async function recordReceipt(
  deps: MessagingDeps,
  caller: AuthContext,
  kind: 'read' | 'delivered',
  groupId: number,
  messageId: number,
) {
  await deps.realtime.transaction(deps.db, caller.applicationId, async (tx, events) => {
    const conv = await findVisible(tx, caller, { groupId });
    if (kind === 'read') await conversations.markRead(tx, conv.id, caller.userId, messageId);
    else await conversations.markDelivered(tx, conv.id, caller.userId, messageId);
    // The key too: the Applozic clients find the message whose ticks change by its key.
    const messageKey = await repo.findMessageKey(tx, caller.applicationId, messageId);
    events.emit({
      type: kind === 'read' ? EVENT.MESSAGE_READ : EVENT.MESSAGE_DELIVERED,
      conversationId: conv.id,
      audiences: audiencesOf(conv),
      data: { groupId: conv.id, userId: caller.userName, messageId, ...(messageKey ? { messageKey } : {}) },
    });
  });
}

/** Where a message is, by its client key (the Applozic clients' receipts name the key). */
export async function messageByKey(db: Db, applicationId: string, key: string) {
  const row = await repo.findMessageByKey(db, applicationId, key);
  return row ? { groupId: row.conversationId, messageId: row.id } : null;
}
