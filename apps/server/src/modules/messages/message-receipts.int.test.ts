import { MESSAGING_PATHS, type Message } from '@convo/api';
import { MESSAGE_STATUS } from '@convo/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { newVisitorConversation, sendTestMessage } from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { Client } from '../../testing/ws-client.js';

// Receipts arrive over the socket; message/list must carry them, so a conversation opened (or
// reloaded) later still shows what the other side received and read.
describe.each(testDatabaseKinds())('stored receipts in message/list on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 1 });
  const [tenant] = tenants;
  let base: string;
  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  const sendId = async (headers: Record<string, string>, groupId: number, key: string) => {
    const res = await sendTestMessage(t, headers, groupId, key);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().id as number;
  };

  /** Each message's status by its key, as this caller lists the conversation (system lines left out). */
  const statuses = async (headers: Record<string, string>, groupId: number, query = '') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${MESSAGING_PATHS.messageListV3}?groupId=${groupId}${query}`,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { message: Message[] };
    return Object.fromEntries(body.message.filter((m) => m.from !== null).map((m) => [m.key, m.status]));
  };

  /** Sends a receipt over the socket and waits until it is stored (its event comes back). */
  const receipt = async (client: Client, kind: 'read' | 'delivered', groupId: number, messageId: number) => {
    client.ws.send(JSON.stringify({ type: kind, groupId, messageId }));
    await client.next(
      (f) => f.type === `message.${kind}` && f.data?.groupId === groupId && f.data?.messageId === messageId,
    );
  };

  it("answers each message's status from the other side's stored receipts", async () => {
    const { visitor, groupId } = await newVisitorConversation(t, tenant);
    const ask = await sendId(visitor.headers, groupId, 'c-ask');
    await sendId(tenant.admin, groupId, 'a-first');
    const second = await sendId(tenant.admin, groupId, 'a-second');
    const third = await sendId(tenant.admin, groupId, 'a-third');

    const { SENT, DELIVERED, DELIVERED_AND_READ: READ } = MESSAGE_STATUS;
    expect(await statuses(tenant.admin, groupId)).toEqual({
      'c-ask': SENT,
      'a-first': SENT,
      'a-second': SENT,
      'a-third': SENT,
    });

    const customer = await Client.connect(base, visitor.token);
    const agent = await Client.connect(base, tenant.admin['x-authorization']!);
    try {
      await receipt(customer, 'read', groupId, second);
      await receipt(customer, 'delivered', groupId, third);
      await receipt(agent, 'read', groupId, ask);
    } finally {
      customer.close();
      agent.close();
    }

    // Agent-side messages by the customer's receipts, the customer's by the agents'.
    const expected = { 'c-ask': READ, 'a-first': READ, 'a-second': READ, 'a-third': DELIVERED };
    expect(await statuses(tenant.admin, groupId)).toEqual(expected);
    // The customer's own list (the widget) reads the same positions.
    expect(await statuses(visitor.headers, groupId)).toEqual(expected);
    // A later page carries them as well.
    expect(await statuses(tenant.admin, groupId, '&pageSize=2&startIndex=2')).toEqual({
      'c-ask': READ,
      'a-first': READ,
    });
  });

  it("never shows another conversation's receipts", async () => {
    const one = await newVisitorConversation(t, tenant);
    const two = await newVisitorConversation(t, tenant);
    await sendId(one.visitor.headers, one.groupId, `one-${one.groupId}`);
    const reply = await sendId(tenant.admin, one.groupId, `one-reply-${one.groupId}`);
    await sendId(two.visitor.headers, two.groupId, `two-${two.groupId}`);
    const later = await sendId(tenant.admin, two.groupId, `two-reply-${two.groupId}`);
    expect(later).toBeGreaterThan(reply);

    const customer = await Client.connect(base, one.visitor.token);
    try {
      await receipt(customer, 'read', one.groupId, reply);
    } finally {
      customer.close();
    }
    expect((await statuses(tenant.admin, one.groupId))[`one-reply-${one.groupId}`]).toBe(
      MESSAGE_STATUS.DELIVERED_AND_READ,
    );
    expect(await statuses(tenant.admin, two.groupId)).toEqual({
      [`two-${two.groupId}`]: MESSAGE_STATUS.SENT,
      [`two-reply-${two.groupId}`]: MESSAGE_STATUS.SENT,
    });
  });
});
