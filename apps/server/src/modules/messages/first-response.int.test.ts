import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conversations } from '../../db/schema/index.js';
import { newVisitorConversation, sendTestMessage } from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';

// The statistics read the first customer message and the first human answer after it from the
// conversation; the sends record them.
describe.each(testDatabaseKinds())('first response times on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 1 });
  const [tenant] = tenants;

  const timesOf = async (groupId: number) => {
    const [row] = await t.database.db
      .select({ first: conversations.firstCustomerMessageAt, answer: conversations.firstResponseAt })
      .from(conversations)
      .where(eq(conversations.id, groupId));
    return row!;
  };
  const ok = async (res: Promise<{ statusCode: number; body: string }>) =>
    expect((await res).statusCode, (await res).body).toBe(200);

  it('keeps the first customer message and the first agent answer after it', async () => {
    const { visitor, groupId } = await newVisitorConversation(t, tenant);
    // An agent writing first is not an answer.
    await ok(sendTestMessage(t, tenant.admin, groupId, `early-${groupId}`));
    expect(await timesOf(groupId)).toEqual({ first: null, answer: null });

    await ok(sendTestMessage(t, visitor.headers, groupId, `ask-${groupId}`));
    const asked = await timesOf(groupId);
    expect(asked.first).toBeInstanceOf(Date);
    expect(asked.answer).toBeNull();

    await ok(sendTestMessage(t, tenant.admin, groupId, `answer-${groupId}`));
    const answered = await timesOf(groupId);
    expect(answered.first).toEqual(asked.first);
    expect(answered.answer!.getTime()).toBeGreaterThanOrEqual(asked.first!.getTime());

    // Later messages change neither.
    await ok(sendTestMessage(t, visitor.headers, groupId, `again-${groupId}`));
    await ok(sendTestMessage(t, tenant.admin, groupId, `reply-${groupId}`));
    expect(await timesOf(groupId)).toEqual(answered);
  });

  it('records the question and the answer sent at once, in the order they were stored', async () => {
    const { visitor, groupId } = await newVisitorConversation(t, tenant);
    // Which lands first depends on the guards' round trips (the visitor's flood counter): both
    // orders are valid, and each has one right outcome.
    const [question, answer] = await Promise.all([
      sendTestMessage(t, visitor.headers, groupId, `q-${groupId}`),
      sendTestMessage(t, tenant.admin, groupId, `a-${groupId}`),
    ]);
    expect(question.statusCode, question.body).toBe(200);
    expect(answer.statusCode, answer.body).toBe(200);
    const times = await timesOf(groupId);
    expect(times.first).toBeInstanceOf(Date);
    if ((question.json() as { id: number }).id < (answer.json() as { id: number }).id) {
      expect(times.answer).toBeInstanceOf(Date);
      expect(times.answer!.getTime()).toBeGreaterThanOrEqual(times.first!.getTime());
    } else {
      // An agent message stored before the customer's is not an answer to it.
      expect(times.answer).toBeNull();
    }
  });
});
