import { createServer } from 'node:net';
import { MESSAGE_CONTENT_TYPE } from '@convo/domain';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterEach } from 'vitest';
import { startWorkers } from '../app.js';
import { channelOutbox, conversationMembers, conversations, messages } from '../db/schema/index.js';
import type { JobRunner } from '../platform/jobs/job-queue.js';
import { createStorage } from '../platform/storage/storage.js';
import type { Tenant } from './messaging-fixtures.js';
import type { TestApp } from './test-app.js';

// What the channel integration tests read and run around a connector: a free port for the app
// (providers post to a real URL), the worker that sends replies, and the rows a delivery leaves.

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function waitFor<T>(
  read: () => Promise<T>,
  ok: (value: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > until) throw new Error(`timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Reads of one channel type's rows in the tenant's application; call inside the `describe`. */
export function channelHarness(t: TestApp, tenant: Tenant, type: string) {
  let worker: JobRunner | null = null;
  afterEach(async () => {
    await worker?.stop();
    worker = null;
  });
  const db = () => t.database.db;
  /** A conversation's outbox rows, oldest first. */
  const outboxOf = (conversationId: number) =>
    db()
      .select()
      .from(channelOutbox)
      .where(eq(channelOutbox.conversationId, conversationId))
      .orderBy(channelOutbox.id);
  return {
    /** An admin's bearer header: the harness's tenant unless another is named. */
    bearer: (of: Tenant = tenant) => ({ authorization: `Bearer ${of.admin['x-authorization']}` }),
    runWorker() {
      worker = startWorkers({
        appSecret: t.config.appSecret,
        db: db(),
        log: pino({ level: 'silent' }),
        pollMs: 20,
        backoffBaseMs: 5,
        storage: createStorage(t.config.storage),
        publicUrl: t.config.publicUrl,
        channels: { appSecret: t.config.appSecret, apiUrls: t.config.channelApiUrls },
      });
    },
    /** Stops the worker mid-test (it is stopped after each test anyway). */
    async stopWorker() {
      await worker?.stop();
      worker = null;
    },
    async conversationOf(externalUserId: string | number) {
      const [row] = await db()
        .select()
        .from(conversations)
        .where(
          and(
            eq(conversations.applicationId, tenant.applicationId),
            eq(conversations.clientGroupId, `${type}:${externalUserId}`),
          ),
        );
      return row;
    },
    /** The conversation's messages without the system notes. */
    async messagesOf(conversationId: number) {
      return (
        await db()
          .select()
          .from(messages)
          .where(eq(messages.conversationId, conversationId))
          .orderBy(messages.id)
      ).filter((m) => m.contentType !== MESSAGE_CONTENT_TYPE.NOTIFY);
    },
    async notesOf(conversationId: number) {
      return db()
        .select()
        .from(messages)
        .where(
          and(
            eq(messages.conversationId, conversationId),
            eq(messages.contentType, MESSAGE_CONTENT_TYPE.NOTIFY),
          ),
        );
    },
    async receipt(conversationId: number, customerId: string) {
      const [member] = await db()
        .select()
        .from(conversationMembers)
        .where(
          and(
            eq(conversationMembers.conversationId, conversationId),
            eq(conversationMembers.userId, customerId),
          ),
        );
      return member;
    },
    outboxOf,
    /** The outbox rows of a conversation once `count` of them are done (sent or failed). */
    outboxDone(conversationId: number, count = 1) {
      return waitFor(
        () => outboxOf(conversationId),
        (rows) =>
          rows.length >= count &&
          rows.slice(0, count).every((r) => r.status === 'sent' || r.status === 'failed'),
      );
    },
    async outboxRow(id: number) {
      const [row] = await db().select().from(channelOutbox).where(eq(channelOutbox.id, id));
      return row;
    },
  };
}
