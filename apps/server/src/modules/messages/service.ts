import type { Message } from '@convo/api';
import {
  afterCustomerMessage,
  DEFAULT_TAGS,
  isValidContentType,
  MESSAGE_CONTENT_TYPE,
  SENDER_TYPE,
} from '@convo/domain';
import type { AuthContext } from '../../http/auth.js';
import { badRequest } from '../../http/errors.js';
import type { Db } from '../../platform/db/database.js';
import { findAttachment } from '../attachments/repository.js';
import { toFileMeta } from '../attachments/service.js';
import { audiencesOf, toGroupFeeds } from '../conversations/feed.js';
import * as conversations from '../conversations/repository.js';
import { findVisible, type GroupRef, type MessagingDeps } from '../conversations/service.js';
import { EVENT } from '../realtime/event-types.js';
import { enqueueMessageWebhooks } from '../webhooks/enqueue.js';
import { toMessageView } from './message-view.js';
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
  key: string;
  message: string;
  contentType: number;
  metadata?: Record<string, string | number | boolean> | undefined;
  fileMeta?: Record<string, unknown> | undefined;
}

function senderTypeOf(caller: AuthContext): number {
  if (caller.roleType === null) return SENDER_TYPE.USER;
  return caller.roleType === '3' ? SENDER_TYPE.BOT : SENDER_TYPE.HUMAN_AGENT;
}

/**
 * Sends a message in one transaction: stored once per client key (a retry returns the first),
 * unread counts, the customer-side transitions (new → open, resolved → reopened with the Reopen
 * tag), and the events every member and the customer receive.
 */
export async function sendMessage(deps: MessagingDeps, caller: AuthContext, input: SendInput) {
  if (!isValidContentType(input.contentType)) {
    throw badRequest('INVALID_PARAMETER', `contentType ${input.contentType} is not one of 0-13, 102, 103.`);
  }
  if (input.message.trim() === '' && !input.fileMeta) {
    throw badRequest('INVALID_PARAMETER', 'A message needs text or a file.');
  }
  return deps.realtime.transaction(deps.db, caller.applicationId, async (tx, events) => {
    const conv = await findVisible(tx, caller, input, true);
    const fileMeta = input.fileMeta
      ? await resolveFileMeta(tx, caller.applicationId, input.fileMeta, deps.publicUrl)
      : null;
    const now = new Date();
    const senderType = senderTypeOf(caller);
    // A retry with the same key gets the first message back and changes nothing.
    const { row, created } = await repo.insertMessageOnce(tx, {
      applicationId: caller.applicationId,
      conversationId: conv.id,
      senderId: caller.userId,
      senderType,
      contentType: fileMeta && input.contentType === 0 ? MESSAGE_CONTENT_TYPE.ATTACHMENT : input.contentType,
      message: input.message,
      metadata: input.metadata ?? {},
      fileMeta,
      clientKey: input.key,
      createdAt: now,
    });
    if (!created) {
      if (row.conversationId !== conv.id)
        throw badRequest('INVALID_PARAMETER', 'This key was used for another message.');
      return { row, conversation: conv, created };
    }
    await enqueueMessageWebhooks(tx, {
      applicationId: caller.applicationId,
      conversation: conv,
      message: row,
      senderUserId: caller.userName,
    });
    await conversations.bumpUnread(tx, conv.id, caller.userId);
    const fromCustomer = senderType === SENDER_TYPE.USER;
    const next = fromCustomer ? afterCustomerMessage(conv.status) : { status: conv.status, reopened: false };
    let updated =
      (await conversations.updateConversation(tx, caller.applicationId, conv.id, {
        lastMessageId: row.id,
        lastMessageAt: now,
        status: next.status,
        ...(fromCustomer ? { lastCustomerMessageAt: now } : {}),
        ...(next.reopened ? { resolvedAt: null } : {}),
      })) ?? conv;
    events.emit({
      type: EVENT.MESSAGE_RECEIVED,
      conversationId: conv.id,
      audiences: audiencesOf(conv),
      data: { message: toMessageView(row, conv, caller.userName) },
    });
    if (next.reopened) {
      const tags = await conversations.findActiveTags(tx, caller.applicationId, [REOPEN_TAG]);
      await conversations.addTags(
        tx,
        caller.applicationId,
        conv.id,
        tags.map((t) => t.id),
      );
      await conversations.insertTimelineEvent(tx, {
        applicationId: caller.applicationId,
        conversationId: conv.id,
        type: 'status',
        actorId: caller.userId,
        data: { from: conv.status, to: next.status, reason: 'customer message' },
      });
      await writeSystemMessage(tx, events, updated, 'Reopened by a customer message', {
        KM_STATUS: String(next.status),
      });
      updated = (await conversations.findConversation(tx, caller.applicationId, conv.id)) ?? updated;
    }
    if (next.status !== conv.status) {
      events.emit({
        type: EVENT.CONVERSATION_STATUS,
        conversationId: conv.id,
        audiences: audiencesOf(conv),
        data: { groupId: conv.id, from: conv.status, status: next.status, reopened: next.reopened },
      });
    }
    return { row, conversation: updated, created };
  });
}

export interface ListInput extends GroupRef {
  startIndex: number;
  pageSize: number;
  endTime?: number | undefined;
}

/** `message/list`: a page of one conversation, newest first, with its feed and the people in it. */
export async function listMessages(deps: MessagingDeps, caller: AuthContext, input: ListInput) {
  const conv = await findVisible(deps.db, caller, input);
  const rows = await repo.listConversationMessages(deps.db, caller.applicationId, conv.id, {
    pageSize: input.pageSize,
    startIndex: input.startIndex,
    before: input.endTime ? new Date(input.endTime) : undefined,
  });
  const senderIds = [...new Set(rows.map((r) => r.senderId).filter((id): id is string => id !== null))];
  const [people, feeds] = await Promise.all([
    conversations.findUsersByIds(deps.db, caller.applicationId, senderIds),
    toGroupFeeds(deps.db, [conv], caller.userId),
  ]);
  const userIdOf = new Map(people.map((p) => [p.id, p.userId]));
  const message: Message[] = rows.map((r) =>
    toMessageView(r, conv, r.senderId ? (userIdOf.get(r.senderId) ?? null) : null),
  );
  return {
    message,
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
    events.emit({
      type: kind === 'read' ? EVENT.MESSAGE_READ : EVENT.MESSAGE_DELIVERED,
      conversationId: conv.id,
      audiences: audiencesOf(conv),
      data: { groupId: conv.id, userId: caller.userName, messageId },
    });
  });
}
