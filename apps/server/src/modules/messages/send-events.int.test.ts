import { MESSAGING_PATHS } from '@convo/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badRequest } from '../../http/errors.js';
import { enqueue } from '../../platform/jobs/job-queue.js';
import { listJobs } from '../../platform/jobs/job-repository.js';
import { newVisitorConversation, sendTestMessage } from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { conversationBus } from '../conversations/events.js';
import { messageBus } from './events.js';

// The send path stores messages and emits "messages stored" in its transaction (issue 33): a
// subscriber's job exists exactly when the message does.
describe.each(testDatabaseKinds())('messages stored event on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 1 });
  const [tenant] = tenants;
  const queue = `test.messages-stored.${kind}`;
  const undo: (() => void)[] = [];
  // After the app is built (useTestApp's beforeAll), so these run after the composition's subscribers.
  beforeAll(() => {
    undo.push(
      messageBus.subscribe('messages.stored', `test.enqueue.${kind}`, async (e) => {
        for (const { message } of e.messages)
          await enqueue(e.tx, { queue, applicationId: e.applicationId, payload: { text: message.message } });
      }),
      messageBus.subscribe('messages.stored', `test.refuse.${kind}`, (e) => {
        if (e.messages.some(({ message }) => message.message === 'refuse me'))
          throw badRequest('INVALID_PARAMETER', 'refused by a subscriber');
      }),
    );
  });
  afterAll(() => {
    for (const u of undo) u();
  });

  const texts = async (groupId: number) => {
    const list = await t.app.inject({
      method: 'GET',
      url: `${MESSAGING_PATHS.messageList}?groupId=${groupId}&pageSize=50`,
      headers: tenant.admin,
    });
    return (list.json().message as { message: string }[]).map((m) => m.message);
  };
  const queued = async () =>
    (await listJobs(t.database.db, queue)).map((j) => (j.payload as { text: string }).text);

  it('the composition subscribes every consumer of the send path, in order, before the test ones', () => {
    expect(messageBus.subscribers('messages.stored')).toEqual([
      'billing.usage',
      'webhooks.message-received',
      'channels.replies',
      'channels.slack-mirror',
      'email-fallback.checks',
      'campaigns.consent',
      'campaigns.replies',
      'automation.message-created',
      'bots.replies',
      `test.enqueue.${kind}`,
      `test.refuse.${kind}`,
    ]);
  });

  it("the composition subscribes the conversation events' consumers", () => {
    expect(conversationBus.subscribers('conversation.assigned')).toEqual([
      'email-notifications.assigned-to-me',
    ]);
    expect(conversationBus.subscribers('conversation.resolved')).toEqual([
      'transcripts.on-resolve',
      'automation.conversation-resolved',
      'crm.sync-on-resolve',
    ]);
    expect(conversationBus.subscribers('conversation.created')).toEqual(['automation.conversation-created']);
  });

  it("enqueues a subscriber's job in the message's transaction; a refusing subscriber leaves neither", async () => {
    const { visitor, groupId } = await newVisitorConversation(t, tenant, 'Events');
    expect((await sendTestMessage(t, visitor.headers, groupId, 'k-1', 'hello')).statusCode).toBe(200);
    // A retry of the same key stores nothing new, so it is not in the event.
    expect((await sendTestMessage(t, visitor.headers, groupId, 'k-1', 'hello')).statusCode).toBe(200);
    const refused = await sendTestMessage(t, visitor.headers, groupId, 'k-2', 'refuse me');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'INVALID_PARAMETER' });
    expect(await texts(groupId)).toContain('hello');
    expect(await texts(groupId)).not.toContain('refuse me');
    expect(await queued()).toEqual(['hello']);
  });
});
