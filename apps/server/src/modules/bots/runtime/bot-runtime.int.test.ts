import { BOT_RUNTIME_PATHS, MESSAGING_PATHS } from '@convo/api';
import { DEFAULT_BOT_FALLBACK_MESSAGE, SENDER_TYPE } from '@convo/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  botAnswers,
  botConversations,
  botFirstResponders,
  botIntents,
  bots,
  conversationMembers,
  conversations,
  messages,
} from '../../../db/schema/index.js';
import { JobWorker } from '../../../platform/jobs/job-queue.js';
import { claimDueJobs, expireLock, listJobs } from '../../../platform/jobs/job-repository.js';
import { listenForJobWakes } from '../../../platform/jobs/job-wake.js';
import { createMemoryPubSub } from '../../../platform/pubsub/pubsub.js';
import { addTestBot, isBotAnswerFrame } from '../../../testing/bots.js';
import { messagingMember, updateSettings } from '../../../testing/members.js';
import {
  newVisitor,
  newVisitorConversation,
  sendTestMessage,
  type Tenant,
} from '../../../testing/messaging-fixtures.js';
import { createRefusingEngine, createRuleEngine, STORE_INTENTS } from '../../../testing/rule-engine.js';
import { testDatabaseKinds } from '../../../testing/test-database.js';
import { useTestApp } from '../../../testing/use-test-app.js';
import { Client } from '../../../testing/ws-client.js';
import { createRealtime } from '../../realtime/realtime.js';
import { DEFAULT_WELCOME_TEXT } from '../builder/defaults.js';
import { BotEngineError } from '../engine.js';
import { BOT_REPLY_QUEUE } from './enqueue.js';
import { botReplyHandler } from './reply-job.js';

const silent = { warn: () => {}, error: () => {} };

describe.each(testDatabaseKinds())('bots answering in conversations on %s', (kind) => {
  const pubsub = createMemoryPubSub();
  const { t, tenants } = useTestApp(kind, { tenants: 2, pubsub });
  const [tenant, other] = tenants;
  const engines = new Map([
    ['kompose' as const, createRuleEngine(STORE_INTENTS)],
    [
      'openai' as const,
      createRefusingEngine('openai', new BotEngineError('INVALID_CREDENTIALS', 'Incorrect API key')),
    ],
    ['anthropic' as const, createRuleEngine(STORE_INTENTS, { kind: 'anthropic', streamChunk: 8 })],
  ]);
  let worker: JobWorker;

  beforeAll(() => {
    worker = new JobWorker({
      db: t.database.db,
      log: silent,
      handlers: {
        [BOT_REPLY_QUEUE]: botReplyHandler({
          db: t.database.db,
          realtime: createRealtime(pubsub, silent),
          engines,
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

  const db = () => t.database.db;
  const firstResponder = async (
    target: Tenant,
    engine: 'kompose' | 'openai' | 'anthropic' = 'kompose',
    settings = {},
  ) => {
    const bot = await addTestBot(t.database, target.applicationId, engine, 'Store Assistant');
    await db().update(bots).set({ settings }).where(eq(bots.id, bot.id));
    await db().delete(botFirstResponders).where(eq(botFirstResponders.applicationId, target.applicationId));
    await db().insert(botFirstResponders).values({ applicationId: target.applicationId, botId: bot.id });
    return bot;
  };
  const conversation = async (groupId: number) =>
    (await db().select().from(conversations).where(eq(conversations.id, groupId)))[0]!;
  const botMessages = (groupId: number) =>
    db()
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.conversationId, groupId),
          eq(messages.senderType, SENDER_TYPE.BOT),
          eq(messages.contentType, 0),
          // Answers only: the welcome message that opens the bot's first turn has its own test.
          sql`${messages.metadata}->>'KM_BOT_WELCOME' is null`,
        ),
      )
      .orderBy(asc(messages.id));
  const state = async (groupId: number) =>
    (await db().select().from(botConversations).where(eq(botConversations.conversationId, groupId)))[0];
  const ask = async (headers: Record<string, string>, groupId: number, text: string) => {
    const res = await sendTestMessage(t, headers, groupId, `${text}-${Math.random()}`, text);
    expect(res.statusCode, res.body).toBe(200);
    await worker.drain();
  };

  it('answers a new widget conversation as its first responder, and records the answer', async () => {
    const bot = await firstResponder(tenant);
    const { visitor, groupId } = await newVisitorConversation(t, tenant);
    const conv = await conversation(groupId);
    expect(conv.botActive).toBe(true);
    expect(conv.assigneeId).toBe(bot.userId);

    await ask(visitor.headers, groupId, 'how long does shipping take?');
    const replies = await botMessages(groupId);
    expect(replies.map((m) => m.message)).toEqual([STORE_INTENTS[0]!.reply]);
    expect(replies[0]!.senderId).toBe(bot.userId);
    expect(replies[0]!.metadata).toMatchObject({ KM_BOT_ANSWER: 'true', KM_BOT_LANGUAGE: 'en' });
    const [answer] = await db().select().from(botAnswers).where(eq(botAnswers.messageId, replies[0]!.id));
    expect(answer).toMatchObject({ intent: 'shipping', fallback: false, botId: bot.id, language: 'en' });
    expect(answer!.confidence).toBeGreaterThanOrEqual(50);
    expect(await state(groupId)).toMatchObject({ answered: 1, consecutiveFallbacks: 0, secondsSaved: 60 });

    // The visitor rates it; another visitor of the application cannot see it.
    const url = BOT_RUNTIME_PATHS.answerFeedback.replace(':messageId', String(replies[0]!.id));
    const rated = await t.app.inject({
      method: 'POST',
      url,
      headers: visitor.headers,
      payload: { helpful: true },
    });
    expect(rated.statusCode, rated.body).toBe(200);
    expect(rated.json()).toEqual({ messageId: replies[0]!.id, helpful: true });
    const stranger = await newVisitor(t, tenant);
    const refused = await t.app.inject({
      method: 'POST',
      url,
      headers: stranger.headers,
      payload: { helpful: false },
    });
    expect(refused.statusCode).toBe(404);
    const otherApp = await t.app.inject({
      method: 'POST',
      url,
      headers: other.admin,
      payload: { helpful: false },
    });
    expect(otherApp.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'POST',
      url,
      headers: visitor.headers,
      payload: { helpful: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    const [stored] = await db().select().from(botAnswers).where(eq(botAnswers.messageId, replies[0]!.id));
    expect(stored!.helpful).toBe(true);

    const saved = await t.app.inject({
      method: 'GET',
      url: BOT_RUNTIME_PATHS.timeSavedByBot,
      headers: tenant.admin,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().response).toMatchObject({ secondsSaved: 60, helpful: 1 });
  });

  it("opens its first turn with the builder's welcome message, once per conversation", async () => {
    await firstResponder(tenant);
    const { visitor, groupId } = await newVisitorConversation(t, tenant);
    await ask(visitor.headers, groupId, 'how long does shipping take?');
    await ask(visitor.headers, groupId, 'return policy');
    const all = await db()
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.conversationId, groupId),
          eq(messages.senderType, SENDER_TYPE.BOT),
          eq(messages.contentType, 0),
        ),
      )
      .orderBy(asc(messages.id));
    expect(all.map((m) => m.message)).toEqual([
      DEFAULT_WELCOME_TEXT.en,
      STORE_INTENTS[0]!.reply,
      STORE_INTENTS[1]!.reply,
    ]);
    expect(all[0]!.metadata).toEqual({ KM_BOT_WELCOME: 'true' });
  });

  it('answers messages of several conversations that arrive together, each with its own answer', async () => {
    await firstResponder(tenant);
    const asked = await Promise.all(
      STORE_INTENTS.slice(0, 3).map(async (intent) => ({
        intent,
        ...(await newVisitorConversation(t, tenant)),
      })),
    );
    // Sent before the worker runs: their reply jobs are claimed, read and recorded together.
    for (const { intent, visitor, groupId } of asked) {
      const res = await sendTestMessage(
        t,
        visitor.headers,
        groupId,
        `together-${groupId}`,
        intent.phrases[0]!,
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    await worker.drain();
    for (const { intent, groupId } of asked) {
      expect((await botMessages(groupId)).map((m) => m.message)).toEqual([intent.reply]);
      expect(await state(groupId)).toMatchObject({ answered: 1, consecutiveFallbacks: 0 });
    }
  });

  it('stays silent when the bot is disabled', async () => {
    const bot = await firstResponder(tenant);
    const { visitor, groupId } = await newVisitorConversation(t, tenant);
    await db().update(bots).set({ enabled: false }).where(eq(bots.id, bot.id));
    await ask(visitor.headers, groupId, 'when are you open?');
    expect(await botMessages(groupId)).toEqual([]);
    // A disabled first responder does not take new conversations either.
    const later = await newVisitorConversation(t, tenant);
    expect((await conversation(later.groupId)).botActive).toBe(false);
  });

  it('pauses when a person replies, and the person takes the conversation over', async () => {
    await firstResponder(tenant);
    const { visitor, groupId } = await newVisitorConversation(t, tenant);
    const agent = await messagingMember(t.database, tenant.applicationId, '2');
    const res = await sendTestMessage(t, agent.headers, groupId, `agent-${groupId}`, 'Hi, Ana here.');
    expect(res.statusCode, res.body).toBe(200);
    const conv = await conversation(groupId);
    expect(conv).toMatchObject({ botActive: false, assigneeId: agent.id });
    expect((await state(groupId))!.pausedAt).toBeInstanceOf(Date);
    await ask(visitor.headers, groupId, 'how do I return an item?');
    expect(await botMessages(groupId)).toEqual([]);
  });

  it('hands off to an agent when the customer asks for a human, then stays silent', async () => {
    const agent = await messagingMember(t.database, tenant.applicationId, '2', { name: 'Ana Agent' });
    await firstResponder(tenant, 'kompose', { handoffAssignTo: agent.userId });
    const { visitor, groupId } = await newVisitorConversation(t, tenant);
    await ask(visitor.headers, groupId, 'I want to talk to a human');
    expect(await conversation(groupId)).toMatchObject({ botActive: false, assigneeId: agent.id });
    expect(await state(groupId)).toMatchObject({ handoffReason: 'customer-request', secondsSaved: 0 });
    const said = await botMessages(groupId);
    expect(said).toHaveLength(1);
    await ask(visitor.headers, groupId, 'how long does shipping take?');
    expect(await botMessages(groupId)).toHaveLength(1);
  });

  it('leaves the conversation on its own hand-off when removeBotOnAgentHandOff is on, and stays a member when it is off', async () => {
    const memberIds = async (groupId: number) =>
      (
        await db()
          .select({ userId: conversationMembers.userId })
          .from(conversationMembers)
          .where(eq(conversationMembers.conversationId, groupId))
      ).map((m) => m.userId);
    const agent = await messagingMember(t.database, tenant.applicationId, '2', { name: 'Hana Handoff' });
    const bot = await firstResponder(tenant, 'kompose', { handoffAssignTo: agent.userId });
    await updateSettings(t.database, tenant.applicationId, { removeBotOnAgentHandOff: true });
    try {
      // The customer asks for a person: the bot's own hand-off, to a named agent.
      const asked = await newVisitorConversation(t, tenant);
      expect(await memberIds(asked.groupId)).toContain(bot.userId);
      await ask(asked.visitor.headers, asked.groupId, 'I want to talk to a human');
      expect(await conversation(asked.groupId)).toMatchObject({ botActive: false, assigneeId: agent.id });
      expect(await memberIds(asked.groupId)).not.toContain(bot.userId);
      // Two fallbacks in a row: the hand-off by the routing rules.
      await db().update(bots).set({ settings: {} }).where(eq(bots.id, bot.id));
      const lost = await newVisitorConversation(t, tenant);
      expect(await memberIds(lost.groupId)).toContain(bot.userId);
      await ask(lost.visitor.headers, lost.groupId, 'zxqv plorb');
      await ask(lost.visitor.headers, lost.groupId, 'grimbly wok');
      expect(await state(lost.groupId)).toMatchObject({ handoffReason: 'repeated-fallback' });
      expect(await memberIds(lost.groupId)).not.toContain(bot.userId);
    } finally {
      await updateSettings(t.database, tenant.applicationId, { removeBotOnAgentHandOff: false });
    }
    const kept = await newVisitorConversation(t, tenant);
    await ask(kept.visitor.headers, kept.groupId, 'I want to talk to a human');
    expect((await conversation(kept.groupId)).botActive).toBe(false);
    expect(await memberIds(kept.groupId)).toContain(bot.userId);
  });

  it('hands off after two fallbacks in a row, by the routing rules', async () => {
    const bot = await firstResponder(tenant);
    const { visitor, groupId } = await newVisitorConversation(t, tenant);
    await ask(visitor.headers, groupId, 'zxqv plorb');
    expect(await state(groupId)).toMatchObject({ consecutiveFallbacks: 1, pausedAt: null });
    expect((await conversation(groupId)).botActive).toBe(true);
    await ask(visitor.headers, groupId, 'grimbly wok');
    const after = await state(groupId);
    expect(after).toMatchObject({ consecutiveFallbacks: 2, handoffReason: 'repeated-fallback' });
    expect(after!.pausedAt).toBeInstanceOf(Date);
    const conv = await conversation(groupId);
    expect(conv.botActive).toBe(false);
    // Routed like any conversation: an online agent by round robin, or nobody (notify everybody).
    expect(conv.assigneeId).not.toBe(bot.userId);
    const replies = await botMessages(groupId);
    expect(replies.map((m) => m.message)).toEqual([
      DEFAULT_BOT_FALLBACK_MESSAGE.en,
      DEFAULT_BOT_FALLBACK_MESSAGE.en,
    ]);
    await ask(visitor.headers, groupId, 'opening hours');
    expect(await botMessages(groupId)).toHaveLength(2);
  });

  it("answers with the bot's fallback when the provider fails, and shows the error to the admin", async () => {
    const bot = await firstResponder(tenant, 'openai');
    await db()
      .insert(botIntents)
      .values({
        applicationId: tenant.applicationId,
        botId: bot.id,
        language: 'en',
        section: 'fallback',
        name: 'fallback_intent',
        botSays: [{ kind: 'text', text: 'One moment, I could not work that out.' }],
      });
    const { visitor, groupId } = await newVisitorConversation(t, tenant);
    await ask(visitor.headers, groupId, 'how long does shipping take?');
    expect((await botMessages(groupId)).map((m) => m.message)).toEqual([
      'One moment, I could not work that out.',
    ]);
    const [row] = await db().select().from(bots).where(eq(bots.id, bot.id));
    expect(row!.lastError).toContain('INVALID_CREDENTIALS');
    expect(row!.lastErrorAt).toBeInstanceOf(Date);
  });

  it("never answers in another application's conversations", async () => {
    await firstResponder(tenant);
    await db().delete(botFirstResponders).where(eq(botFirstResponders.applicationId, other.applicationId));
    const { visitor, groupId } = await newVisitorConversation(t, other);
    expect((await conversation(groupId)).botActive).toBe(false);
    await ask(visitor.headers, groupId, 'how long does shipping take?');
    expect(await botMessages(groupId)).toEqual([]);
    expect(
      (await listJobs(db(), BOT_REPLY_QUEUE)).filter((j) => j.applicationId === other.applicationId),
    ).toEqual([]);
  });

  it('retries a reply whose worker died, and answers once', async () => {
    await firstResponder(tenant);
    const { visitor, groupId } = await newVisitorConversation(t, tenant);
    const res = await sendTestMessage(
      t,
      visitor.headers,
      groupId,
      `crash-${groupId}`,
      'do you accept credit cards',
    );
    expect(res.statusCode).toBe(200);
    // A worker claims the job and dies before finishing it.
    const [claimed] = await claimDueJobs(db(), { queues: [BOT_REPLY_QUEUE], limit: 1, lockMs: 60_000 });
    expect(claimed!.payload).toMatchObject({ conversationId: groupId });
    expect(await worker.drain()).toBe(0);
    await expireLock(db(), claimed!.id);
    await worker.drain();
    await worker.drain();
    expect((await botMessages(groupId)).map((m) => m.message)).toEqual([STORE_INTENTS[3]!.reply]);
  });

  it('is woken by the send, not the poll', async () => {
    await firstResponder(tenant);
    const live = new JobWorker({
      db: db(),
      log: silent,
      pollMs: 60_000,
      handlers: {
        [BOT_REPLY_QUEUE]: botReplyHandler({
          db: db(),
          realtime: createRealtime(pubsub, silent),
          engines,
          appSecret: t.config.appSecret,
          log: silent,
        }),
      },
    });
    live.start();
    await listenForJobWakes(pubsub, live);
    try {
      // The first poll runs at start; wait for it to pass so only a wake can answer in time.
      await new Promise((r) => setTimeout(r, 200));
      const { visitor, groupId } = await newVisitorConversation(t, tenant);
      const started = Date.now();
      const res = await sendTestMessage(t, visitor.headers, groupId, `wake-${groupId}`, 'when are you open');
      expect(res.statusCode).toBe(200);
      while ((await botMessages(groupId)).length === 0 && Date.now() - started < 5_000) {
        await new Promise((r) => setTimeout(r, 10));
      }
      expect((await botMessages(groupId)).length).toBe(1);
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await live.stop();
    }
  });

  it("prefers the team's first responder to the application's", async () => {
    await firstResponder(tenant);
    const teamBot = await addTestBot(t.database, tenant.applicationId, 'kompose', 'Team Bot');
    const { groupId: probe } = await newVisitorConversation(t, tenant);
    const teamId = (await conversation(probe)).teamId!;
    await db()
      .insert(botFirstResponders)
      .values({ applicationId: tenant.applicationId, botId: teamBot.id, teamId });
    const { groupId } = await newVisitorConversation(t, tenant);
    expect((await conversation(groupId)).assigneeId).toBe(teamBot.userId);
    await db().delete(botFirstResponders).where(eq(botFirstResponders.botId, teamBot.id));
  });

  it("streams the answer to the visitor's socket, then sends it as a message that replaces the stream", async () => {
    await firstResponder(tenant, 'anthropic');
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { visitor, groupId } = await newVisitorConversation(t, tenant);
    const socket = await Client.connect(base, visitor.token);
    const isBotAnswer = isBotAnswerFrame;
    try {
      const final = socket.next(isBotAnswer);
      await ask(visitor.headers, groupId, 'when are you open');
      const message = (await final).data!.message as { message: string; metadata: Record<string, string> };
      const pieces = socket
        .events('message.streaming')
        .map((f) => f.data as { streamId: string; text: string });
      const answer = STORE_INTENTS[2]!.reply as string;
      expect(pieces.length).toBeGreaterThan(1);
      expect(pieces.at(-1)!.text).toBe(answer);
      expect(answer.startsWith(pieces[0]!.text)).toBe(true);
      expect(message.message).toBe(answer);
      expect(message.metadata.KM_BOT_STREAM_ID).toBe(pieces[0]!.streamId);
      // Every piece came before the stored message.
      const streamed = socket.frames.map((f) => f.type).lastIndexOf('message.streaming');
      expect(streamed).toBeLessThan(socket.frames.findIndex(isBotAnswer));
    } finally {
      socket.close();
    }
  });

  it('lists the messages with the bot as their sender', async () => {
    await firstResponder(tenant);
    const { visitor, groupId } = await newVisitorConversation(t, tenant);
    await ask(visitor.headers, groupId, 'return policy');
    const res = await t.app.inject({
      method: 'GET',
      url: `${MESSAGING_PATHS.messageList}?groupId=${groupId}`,
      headers: visitor.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as { message: { type: number; message: string }[] };
    expect(list.message.some((m) => m.message === STORE_INTENTS[1]!.reply)).toBe(true);
  });

  it('shows the visitor the bot under one id, on their socket and in their history', async () => {
    await firstResponder(tenant);
    const address = t.app.server.address();
    const base =
      address && typeof address === 'object'
        ? `http://127.0.0.1:${address.port}`
        : await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { visitor, groupId } = await newVisitorConversation(t, tenant);
    const socket = await Client.connect(base, visitor.token);
    try {
      const live = socket.next(isBotAnswerFrame);
      await ask(visitor.headers, groupId, 'return policy');
      const framed = (await live).data!.message as { from: string };
      const res = await t.app.inject({
        method: 'GET',
        url: `${MESSAGING_PATHS.messageList}?groupId=${groupId}`,
        headers: visitor.headers,
      });
      const listed = (res.json() as { message: { message: string; to: string }[] }).message.find(
        (m) => m.message === STORE_INTENTS[1]!.reply,
      );
      // A bot's id is not personal (only members' e-mail-shaped ids are aliased): both carry it.
      expect(framed.from).toMatch(/^bot-/);
      expect(listed?.to).toBe(framed.from);
    } finally {
      socket.close();
    }
  });
});
