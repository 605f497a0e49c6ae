import { randomUUID } from 'node:crypto';
import type { AutomationDeliveryBody, AutomationTrigger } from '@convo/api';
import { isAutomationMessage } from '@convo/domain';
import { createAppCache, rowsUnlessNone } from '../../platform/app-cache.js';
import type { Db } from '../../platform/db/database.js';
import { enqueue } from '../../platform/jobs/job-queue.js';
import * as repo from './repository.js';

// The triggers: subscribers of Convo's domain events (wired in app.ts). Inside the transaction of
// the change, for every hook of the application subscribed to the trigger, a delivery row and an
// `automation.hook` job, so a delivery exists exactly when the change committed. One indexed query
// when the application has no such hook. Each subscriber takes the event as a structural type of
// its own and imports nothing of the module that emits it.

export const AUTOMATION_QUEUE = 'automation.hook';
/** With the job queue's backoff (2 s doubling) the last try comes about 8 minutes after the first. */
export const AUTOMATION_MAX_ATTEMPTS = 9;

type DataOf<E extends AutomationTrigger> = Extract<AutomationDeliveryBody, { event: E }>['data'];

/**
 * Whether an application has a hook of the new message trigger, which every batch of sends asks:
 * kept per process, dropped on every node when a hook is added or removed (`hooksChanged`). Only
 * "none" saves the query: an application that has some reads them in the batch, so a delivery
 * never names a hook another node removed a moment ago.
 */
const hasMessageHooks = createAppCache<boolean>('automation.message-created');

/** After a hook of the application was added or removed (its write committed). */
export function hooksChanged(applicationId: string): void {
  hasMessageHooks.invalidate(applicationId);
}

/**
 * A delivery and its job per subscribed hook; `data` is built only when some hook listens. The
 * hooks are read in `tx` unless `hooksOf` gives them (the new message trigger's cache).
 */
async function deliver<E extends AutomationTrigger>(
  tx: Db,
  applicationId: string,
  event: E,
  data: () => Promise<readonly DataOf<E>[]>,
  hooksOf: () => Promise<readonly repo.HookRow[]> = () => repo.listHooksFor(tx, applicationId, event),
): Promise<number> {
  const hooks = await hooksOf();
  if (hooks.length === 0) return 0;
  const rows = [];
  const createdAt = Date.now();
  for (const item of await data()) {
    for (const hook of hooks) {
      const id = randomUUID();
      // The body's id is the delivery's: a retry carries the same id, so a platform de-duplicates.
      const body = { id, event, createdAt, data: item };
      rows.push({ id, applicationId, hookId: hook.id, event, targetUrl: hook.targetUrl, payload: body });
    }
  }
  await repo.insertDeliveries(tx, rows);
  for (const row of rows) {
    await enqueue(tx, {
      queue: AUTOMATION_QUEUE,
      applicationId,
      payload: { deliveryId: row.id },
      maxAttempts: AUTOMATION_MAX_ATTEMPTS,
    });
  }
  return rows.length;
}

/** What the conversation triggers need of a conversation row. */
export interface ConversationForAutomation {
  tx: Db;
  conversation: {
    id: number;
    applicationId: string;
    clientGroupId: string;
    name: string;
    status: number;
    customerId: string | null;
    assigneeId: string | null;
    createdAt: Date;
  };
}

/** Reads the customer's and the assignee's user ids (members and customers share the users table). */
export type UserIdsLookup = (
  tx: Db,
  applicationId: string,
  ids: readonly string[],
) => Promise<readonly { id: string; userId: string }[]>;

async function conversationData(
  lookup: UserIdsLookup,
  { tx, conversation: c }: ConversationForAutomation,
): Promise<DataOf<'conversation.created'>> {
  const ids = [c.customerId, c.assigneeId].filter((id): id is string => id !== null);
  const found = await lookup(tx, c.applicationId, ids);
  const userIdOf = (id: string | null) => (id ? (found.find((u) => u.id === id)?.userId ?? null) : null);
  return {
    groupId: c.id,
    clientGroupId: c.clientGroupId,
    name: c.name,
    status: c.status,
    customer: userIdOf(c.customerId),
    assignee: userIdOf(c.assigneeId),
    createdAt: c.createdAt.getTime(),
  };
}

/** "conversation.created" → the new conversation trigger. */
export const onConversationCreated = (lookup: UserIdsLookup) => (event: ConversationForAutomation) =>
  deliver(event.tx, event.conversation.applicationId, 'conversation.created', async () => [
    await conversationData(lookup, event),
  ]);

/** "conversation.resolved" → the conversation resolved trigger. */
export const onConversationResolved = (lookup: UserIdsLookup) => (event: ConversationForAutomation) =>
  deliver(event.tx, event.conversation.applicationId, 'conversation.resolved', async () => [
    await conversationData(lookup, event),
  ]);

/** What the new message trigger needs of the send path's "messages stored" event. */
export interface SendsForAutomation {
  applicationId: string;
  tx: Db;
  /** The database outside the batch: the key of the hooks' cache. */
  db: Db;
  messages: readonly {
    message: { clientKey: string; message: string; contentType: number; createdAt: Date };
    conversationAtSend: { id: number; clientGroupId: string };
    senderUserId: string | null;
  }[];
}

/** "messages stored" → a new message delivery per message someone wrote (not status lines). */
export function onMessagesStored(sends: SendsForAutomation): Promise<number> {
  const written = sends.messages.filter((m) => isAutomationMessage(m.message.contentType));
  if (written.length === 0) return Promise.resolve(0);
  return deliver(
    sends.tx,
    sends.applicationId,
    'message.created',
    async () =>
      written.map((m) => ({
        key: m.message.clientKey,
        groupId: m.conversationAtSend.id,
        clientGroupId: m.conversationAtSend.clientGroupId,
        from: m.senderUserId,
        message: m.message.message,
        contentType: m.message.contentType,
        createdAt: m.message.createdAt.getTime(),
      })),
    () =>
      rowsUnlessNone(hasMessageHooks, sends.db, sends.applicationId, () =>
        repo.listHooksFor(sends.tx, sends.applicationId, 'message.created'),
      ),
  );
}

/** What the CSAT trigger needs of the widget's "CSAT received" event. */
export interface CsatForAutomation {
  tx: Db;
  applicationId: string;
  conversation: { id: number; clientGroupId: string };
  rating: number;
  comment: string | null;
  customerUserId: string | null;
}

export const onCsatReceived = (event: CsatForAutomation) =>
  deliver(event.tx, event.applicationId, 'csat.received', async () => [
    {
      groupId: event.conversation.id,
      clientGroupId: event.conversation.clientGroupId,
      rating: event.rating,
      comment: event.comment,
      customer: event.customerUserId,
    },
  ]);

/** What the new user trigger needs of accounts' "user created" event. */
export interface UserForAutomation {
  tx: Db;
  user: {
    applicationId: string;
    userId: string;
    displayName: string | null;
    email: string | null;
    roleType: string | null;
    createdAt: Date;
  };
}

/** "user created" → the new user trigger, for the application's end users (not members nor bots). */
export function onUserCreated({ tx, user }: UserForAutomation): Promise<number> {
  if (user.roleType !== null) return Promise.resolve(0);
  return deliver(tx, user.applicationId, 'user.created', async () => [
    {
      userId: user.userId,
      displayName: user.displayName,
      email: user.email,
      createdAt: user.createdAt.getTime(),
    },
  ]);
}
