import { MESSAGING_PATHS } from '@convo/api';
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conversationResponses, conversations } from '../../db/schema/index.js';
import { backfillOf } from '../../platform/db/migration-statements.js';
import { messagingMember } from '../../testing/members.js';
import { newVisitorConversation } from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';

// Migration 0012 fills the response clock of conversations written before it; the sends keep it
// since. Both must agree, or reports would change meaning at the upgrade.
describe.each(testDatabaseKinds())('response clock backfill on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 1 });
  const [tenant] = tenants;

  /** A conversation with messages in this order: c = customer, a = agent, b = bot. */
  async function conversationOf(script: string) {
    const { visitor, groupId } = await newVisitorConversation(t, tenant, script);
    const bot = await messagingMember(t.database, tenant.applicationId, '3');
    for (const [n, who] of [...script].entries()) {
      const headers = who === 'c' ? visitor.headers : who === 'a' ? tenant.admin : bot.headers;
      const res = await t.app.inject({
        method: 'POST',
        url: MESSAGING_PATHS.messageSend,
        headers,
        payload: { key: `${script}-${groupId}-${n}`, groupId, message: `${who} ${n}` },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  }

  const snapshot = async () => {
    const db = t.database.db;
    const responses = await db
      .select({
        conversationId: conversationResponses.conversationId,
        askedAt: conversationResponses.askedAt,
        answeredAt: conversationResponses.answeredAt,
      })
      .from(conversationResponses)
      .orderBy(asc(conversationResponses.conversationId), asc(conversationResponses.askedAt));
    const clocks = await db
      .select({ id: conversations.id, unansweredSince: conversations.unansweredSince })
      .from(conversations)
      .where(eq(conversations.applicationId, tenant.applicationId))
      .orderBy(asc(conversations.id));
    return { responses, clocks };
  };

  it('computes the same turns and open turns as the sends recorded', async () => {
    for (const script of ['c', 'ca', 'cca', 'ccaacac', 'acc', 'cbca', 'cac', 'aaa'])
      await conversationOf(script);
    const live = await snapshot();
    expect(live.responses).toHaveLength(6);
    expect(live.clocks.filter((c) => c.unansweredSince !== null)).toHaveLength(4);

    await t.database.db.delete(conversationResponses);
    await t.database.db.update(conversations).set({ unansweredSince: null });
    expect((await snapshot()).responses).toEqual([]);
    await t.database.db.execute(sql.raw(backfillOf('0012_response_turns')));
    expect(await snapshot()).toEqual(live);
  });
});
