import { BOT_PATHS, INBOX_PATHS, replySuggestionsPath } from '@convo/api';
import { ROLE_TYPE, SENDER_TYPE } from '@convo/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botAnswers, botFirstResponders, bots, messages } from '../../db/schema/index.js';
import { JobWorker } from '../../platform/jobs/job-queue.js';
import { createMemoryPubSub } from '../../platform/pubsub/pubsub.js';
import { addTestBot } from '../../testing/bots.js';
import { signedInMember } from '../../testing/members.js';
import { newVisitorConversation, sendTestMessage, type Tenant } from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import type { RetrievedPassage } from '../bots/engine.js';
import { createSmartReplyEngine } from '../bots/engines/smartreply/engine.js';
import type { BotRow } from '../bots/repository.js';
import { BOT_REPLY_QUEUE } from '../bots/runtime/enqueue.js';
import { botReplyHandler } from '../bots/runtime/reply-job.js';
import { createRealtime } from '../realtime/realtime.js';

// smartreply end to end: a bot with engine smartreply answers a conversation from the
// application's own answers (and stays with the fallback when unsure), the builder's test panel
// runs it, and the inbox's suggestions route gives an agent up to three replies, per application.

const path = (template: string, params: Record<string, string>) =>
  template.replace(/:(\w+)/g, (_m, key: string) => params[key] ?? `:${key}`);
const text = (t: string) => ({ kind: 'text' as const, text: t });

const SHIPPING = 'Orders ship within 2 days and arrive in 3 to 5 working days.';
const REFUND = 'You can return any item within 30 days for a full refund.';
const HOURS = 'We are open Monday to Friday, 9am to 6pm.';
const PAYMENT = 'We accept Visa, Mastercard and PayPal.';

const WARRANTY: RetrievedPassage = {
  id: 7,
  sourceId: 'src-1',
  sourceName: 'Warranty terms',
  url: 'https://example.com/warranty',
  heading: 'Warranty',
  text: 'Every device has a two-year warranty. The warranty covers manufacturing defects. Accidental damage is not covered.',
  score: 0.9,
};

const silent = { warn: () => {}, error: () => {} };

describe.each(testDatabaseKinds())('smartreply on %s', (kind) => {
  const pubsub = createMemoryPubSub();
  const { t, tenants } = useTestApp(kind, { tenants: 2, pubsub });
  const [tenant, other] = tenants as [Tenant, Tenant];
  let bot: BotRow;
  let worker: JobWorker;

  const bearer = (who: Tenant) => ({ authorization: `Bearer ${who.admin['x-authorization']}` });
  const api = (who: Tenant, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: bearer(who),
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });
  const db = () => t.database.db;

  beforeAll(async () => {
    bot = await addTestBot(t.database, tenant.applicationId, 'smartreply', 'Store helper');
    for (const intent of [
      {
        name: 'shipping',
        userSays: ['how long does shipping take', 'when will my order arrive', 'delivery time'],
        reply: SHIPPING,
      },
      {
        name: 'refund',
        userSays: ['I want a refund', 'how do I get my money back', 'return an item'],
        reply: REFUND,
      },
    ]) {
      const res = await api(tenant, 'POST', path(BOT_PATHS.intents, { botId: bot.id }), {
        language: 'en',
        section: 'answers',
        name: intent.name,
        userSays: intent.userSays,
        botSays: [text(intent.reply)],
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const quick = await api(tenant, 'POST', INBOX_PATHS.quickReplies, {
      shortcut: 'opening-hours',
      content: HOURS,
      shared: true,
    });
    expect(quick.statusCode, quick.body).toBe(200);
    const suggestion = await api(tenant, 'POST', BOT_PATHS.suggestions, {
      category: 'Billing',
      name: 'Payment methods',
      content: PAYMENT,
    });
    expect(suggestion.statusCode, suggestion.body).toBe(200);

    worker = new JobWorker({
      db: t.database.db,
      log: silent,
      handlers: {
        [BOT_REPLY_QUEUE]: botReplyHandler({
          db: t.database.db,
          realtime: createRealtime(pubsub, silent),
          engines: new Map([['smartreply' as const, createSmartReplyEngine({ db: t.database.db })]]),
          // The knowledge source as retrieval would return it for a warranty question.
          toolsFor: () => ({
            searchKnowledge: async (query) => (/warrant/i.test(query) ? [WARRANTY] : []),
          }),
          appSecret: t.config.appSecret,
          log: silent,
        }),
      },
      backoffBaseMs: 0,
    });
  });
  afterAll(async () => {
    await worker.stop();
    await pubsub.close();
  });

  const botReplies = (groupId: number) =>
    db()
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.conversationId, groupId),
          eq(messages.senderType, SENDER_TYPE.BOT),
          sql`${messages.metadata}->>'KM_BOT_WELCOME' is null`,
        ),
      )
      .orderBy(asc(messages.id));

  it('answers a conversation as first responder from its saved answers, quick replies and knowledge', async () => {
    await db()
      .update(bots)
      .set({ settings: { fallbacksBeforeHandoff: 0 } })
      .where(eq(bots.id, bot.id));
    await db().insert(botFirstResponders).values({ applicationId: tenant.applicationId, botId: bot.id });
    const { visitor, groupId } = await newVisitorConversation(t, tenant);
    const ask = async (question: string) => {
      const res = await sendTestMessage(
        t,
        visitor.headers,
        groupId,
        `${question}-${Math.random()}`,
        question,
      );
      expect(res.statusCode, res.body).toBe(200);
      await worker.drain();
      const replies = await botReplies(groupId);
      const last = replies.at(-1)!;
      const [answer] = await db().select().from(botAnswers).where(eq(botAnswers.messageId, last.id));
      return { reply: last, answer: answer! };
    };

    const shipping = await ask('How long does delivery take?');
    expect(shipping.reply.message).toBe(SHIPPING);
    expect(shipping.answer).toMatchObject({ intent: 'shipping', fallback: false, botId: bot.id });
    expect(shipping.answer.confidence).toBeGreaterThanOrEqual(40);

    const hours = await ask('What are your opening hours?');
    expect(hours.reply.message).toBe(HOURS);
    expect(hours.answer).toMatchObject({ intent: 'quick_reply:opening-hours', fallback: false });

    // From the document: the sentence that answers (with its link), not the whole passage.
    const warranty = await ask('Does the warranty cover a broken screen?');
    expect(warranty.reply.message).toBe(
      'The warranty covers manufacturing defects. Accidental damage is not covered.',
    );
    expect(JSON.stringify(warranty.reply.metadata)).toContain('https://example.com/warranty');
    expect(warranty.answer).toMatchObject({ intent: 'knowledge_source', passageId: 7, fallback: false });

    // Off topic: the fallback, recorded as one (it counts toward the repeated-fallback handoff).
    const offTopic = await ask('What is the capital of France?');
    expect(offTopic.reply.message).toBe("Sorry, I didn't get that. Could you say it another way?");
    expect(offTopic.answer).toMatchObject({ intent: 'fallback_intent', fallback: true });
  });

  it("runs in the builder's test panel instead of ENGINE_NOT_AVAILABLE", async () => {
    const url = path(BOT_PATHS.emulator, { botId: bot.id });
    const answered = await api(tenant, 'POST', url, { message: 'can I get my money back?' });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().data).toMatchObject({
      intent: 'refund',
      fallback: false,
      messages: [{ kind: 'text', text: REFUND }],
    });
    const unsure = await api(tenant, 'POST', url, { message: 'tell me a joke' });
    expect(unsure.json().data).toMatchObject({ intent: 'fallback_intent', fallback: true });
    // Another application's bot with the same id is not found there.
    const foreign = await api(other, 'POST', url, { message: 'can I get my money back?' });
    expect(foreign.statusCode).toBe(404);
  });

  it('suggests up to three replies to an agent for the newest customer message, per application', async () => {
    const { visitor, groupId } = await newVisitorConversation(t, tenant, 'Question');
    const agent = await signedInMember(t.database, tenant.applicationId, ROLE_TYPE.AGENT);
    const url = replySuggestionsPath(groupId);

    // Nothing asked yet: nothing to suggest.
    const before = await t.app.inject({ method: 'GET', url, headers: agent.headers });
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().data).toEqual({ messageId: null, suggestions: [], llm: 'off' });

    await sendTestMessage(t, visitor.headers, groupId, `k-${Math.random()}`, 'When will my parcel arrive?');
    const res = await t.app.inject({ method: 'GET', url, headers: agent.headers });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as {
      messageId: number;
      suggestions: { source: string; text: string; title: string; score: number }[];
    };
    expect(data.messageId).toBeGreaterThan(0);
    expect(data.suggestions.length).toBeGreaterThanOrEqual(1);
    expect(data.suggestions.length).toBeLessThanOrEqual(3);
    expect(data.suggestions[0]).toMatchObject({ source: 'answer', title: 'shipping', text: SHIPPING });

    // The newest customer message decides; an auto-suggest entry can be the answer.
    await sendTestMessage(t, visitor.headers, groupId, `k-${Math.random()}`, 'Can I pay with PayPal?');
    const payment = await t.app.inject({ method: 'GET', url, headers: agent.headers });
    expect(payment.json().data.messageId).toBeGreaterThan(data.messageId);
    expect(payment.json().data.suggestions[0]).toMatchObject({ source: 'suggestion', text: PAYMENT });

    // Another application: the same conversation id is not found, and its own conversation with the
    // same question gets nothing of the first application's answers.
    const foreign = await t.app.inject({ method: 'GET', url, headers: bearer(other) });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain(SHIPPING);
    const theirs = await newVisitorConversation(t, other, 'Question');
    await sendTestMessage(
      t,
      theirs.visitor.headers,
      theirs.groupId,
      `k-${Math.random()}`,
      'When will my parcel arrive?',
    );
    const theirSuggestions = await t.app.inject({
      method: 'GET',
      url: replySuggestionsPath(theirs.groupId),
      headers: bearer(other),
    });
    expect(theirSuggestions.statusCode, theirSuggestions.body).toBe(200);
    expect(theirSuggestions.json().data.suggestions).toEqual([]);

    // A visitor's session is not a member's; a bad id is a clear 400; an unknown one a 404.
    const asVisitor = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${visitor.token}` },
    });
    expect(asVisitor.statusCode).toBe(403);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/conversations/abc/suggestions',
      headers: agent.headers,
    });
    expect(bad.statusCode).toBe(400);
    // Documented in the OpenAPI document.
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(doc.paths['/api/conversations/{groupId}/suggestions']).toHaveProperty('get');
    const missing = await t.app.inject({
      method: 'GET',
      url: replySuggestionsPath(2 ** 31 - 1),
      headers: agent.headers,
    });
    expect(missing.statusCode).toBe(404);
  });
});
