import { BOT_PATHS, type Bot, botPath } from '@convo/api';
import { DEFAULT_BOT_FALLBACK_MESSAGE, DEFAULT_BOT_HANDOFF_MESSAGE } from '@convo/domain';
import {
  type FakeProvider,
  type RecordedCall,
  startFakeAnthropic,
  startFakeGemini,
  startFakeOpenAI,
} from '@convo/provider-fakes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productBots, startWorkers } from '../../../app.js';
import {
  botAnswers,
  botConversations,
  bots,
  conversations,
  knowledgePassages,
} from '../../../db/schema/index.js';
import type { JobRunner } from '../../../platform/jobs/job-queue.js';
import { listJobs } from '../../../platform/jobs/job-repository.js';
import { createMemoryPubSub } from '../../../platform/pubsub/pubsub.js';
import { isBotAnswerFrame } from '../../../testing/bots.js';
import { newVisitorConversation, sendTestMessage, type Tenant } from '../../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../../testing/test-database.js';
import { useTestApp } from '../../../testing/use-test-app.js';
import { Client } from '../../../testing/ws-client.js';
import * as knowledge from '../knowledge/repository.js';
import { BOT_REPLY_QUEUE } from './enqueue.js';

// An LLM bot at work end to end, as the product runs it: the bots API creates it with its key,
// the composition root's engines (config *_BASE_URL pointing at the local provider servers that
// speak each provider's wire format) answer through the worker role's durable reply jobs, and the
// visitor's real socket receives the streamed pieces, then the stored message.

const KEY = 'sk-llm-runtime-THIS-KEY-STAYS-IN-ITS-HEADER-123';
const silent = { warn: () => {}, error: () => {} };
const TIMEOUT_MS = 3_000;
const ANSWER = ['Our shop', ' opens at', ' 9 am', ' on weekdays.'];

type Headers = Record<string, string>;

const isBotAnswer = isBotAnswerFrame;

/** Every place of a recorded request where a key could travel, except its auth header. */
function keyLeaksOutsideHeader(call: RecordedCall, header: string): string[] {
  const leaks: string[] = [];
  for (const [name, value] of Object.entries(call.headers)) {
    if (name !== header && String(value).includes(KEY)) leaks.push(`header ${name}`);
  }
  if (call.rawBody.includes(KEY)) leaks.push('body');
  if (Object.values(call.query).some((v) => v.includes(KEY))) leaks.push('query');
  if (call.path.includes(KEY)) leaks.push('path');
  return leaks;
}

describe.each(testDatabaseKinds())('an LLM bot answering in conversations on %s', (kind) => {
  const pubsub = createMemoryPubSub();
  let openai: FakeProvider;
  let anthropic: FakeProvider;
  let gemini: FakeProvider;
  beforeAll(async () => {
    [openai, anthropic, gemini] = await Promise.all([
      startFakeOpenAI({ apiKey: KEY }),
      startFakeAnthropic({ apiKey: KEY }),
      startFakeGemini({ apiKey: KEY }),
    ]);
  });
  // Registered before the app's hooks: runs after its clean-up (after-all hooks run in reverse).
  afterAll(async () => {
    await Promise.all([openai?.close(), anthropic?.close(), gemini?.close()]);
    await pubsub.close();
  });

  const { t, tenants } = useTestApp(kind, {
    tenants: 2,
    pubsub,
    env: () => ({
      OPENAI_BASE_URL: openai.url,
      ANTHROPIC_BASE_URL: anthropic.url,
      GEMINI_BASE_URL: gemini.url,
    }),
  });
  const [tenant, other] = tenants;
  let worker: JobRunner;
  let base: string;

  beforeAll(async () => {
    // The worker role as main.ts starts it, with the product's engines and knowledge tools.
    worker = startWorkers({
      appSecret: t.config.appSecret,
      db: t.database.db,
      log: silent,
      pubsub,
      // A short deadline, so the hanging provider's test ends quickly.
      bots: { ...productBots(t.config, t.database.db), timeoutMs: TIMEOUT_MS },
      backoffBaseMs: 0,
    });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await worker.stop();
  });

  const db = () => t.database.db;
  const bearer = (target: Tenant): Headers => ({
    authorization: `Bearer ${target.admin['x-authorization']}`,
  });

  /** A bot made through the bots API, its key set with PUT engine, made first responder. */
  async function llmBot(
    target: Tenant,
    engine: 'openai' | 'anthropic' | 'gemini',
    apiKey = KEY,
    settings: Record<string, unknown> = {},
  ): Promise<Bot> {
    const created = await t.app.inject({
      method: 'POST',
      url: BOT_PATHS.bots,
      headers: bearer(target),
      payload: { name: `Shop ${engine}`, engine },
    });
    expect(created.statusCode, created.body).toBe(200);
    const bot = created.json().data as Bot;
    const keyed = await t.app.inject({
      method: 'PUT',
      url: botPath(BOT_PATHS.botEngine, { botId: bot.id }),
      headers: bearer(target),
      payload: { settings: { instructions: 'Answer for the demo store, briefly.', ...settings }, apiKey },
    });
    expect(keyed.statusCode, keyed.body).toBe(200);
    expect(keyed.body).not.toContain(apiKey);
    const first = await t.app.inject({
      method: 'PUT',
      url: BOT_PATHS.firstResponder,
      headers: bearer(target),
      payload: { botId: bot.id },
    });
    expect(first.statusCode, first.body).toBe(200);
    return bot;
  }

  /**
   * The message reaches the socket before the reply job records the answer and the tokens (its
   * own transaction after the send): waits for every reply job to end.
   */
  async function repliesSettled() {
    const deadline = Date.now() + 10_000;
    while (
      (await listJobs(db(), BOT_REPLY_QUEUE)).some((j) => j.status !== 'done' && j.status !== 'failed')
    ) {
      if (Date.now() > deadline) throw new Error('bot reply jobs did not finish');
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  /** A visitor's conversation with its socket open; `ask` resolves with the bot's stored answer. */
  async function visitorOf(target: Tenant) {
    const { visitor, groupId } = await newVisitorConversation(t, target);
    const socket = await Client.connect(base, visitor.token);
    const ask = async (text: string) => {
      const before = socket.frames.length;
      const res = await sendTestMessage(t, visitor.headers, groupId, `${text}-${Math.random()}`, text);
      expect(res.statusCode, res.body).toBe(200);
      const answer = await socket.next((f) => socket.frames.indexOf(f) >= before && isBotAnswer(f), 10_000);
      await repliesSettled();
      return answer.data!.message as { id: number; message: string; metadata: Record<string, string> };
    };
    return { groupId, socket, ask, headers: visitor.headers };
  }

  const botConversation = async (groupId: number) =>
    (await db().select().from(botConversations).where(eq(botConversations.conversationId, groupId)))[0];
  const answerOf = async (messageId: number) =>
    (await db().select().from(botAnswers).where(eq(botAnswers.messageId, messageId)))[0];

  it('streams an OpenAI answer to the widget piece by piece, then stores it with its token usage', async () => {
    await llmBot(tenant, 'openai');
    const { groupId, socket, ask } = await visitorOf(tenant);
    try {
      openai.script({
        kind: 'text',
        chunks: ANSWER,
        chunkDelayMs: 20,
        usage: { inputTokens: 321, outputTokens: 12 },
      });
      const calls = openai.calls.length;
      const message = await ask('When do you open?');
      expect(message.message).toBe(ANSWER.join(''));

      const pieces = socket
        .events('message.streaming')
        .map((f) => f.data as { groupId: number; streamId: string; text: string });
      // Each piece carries the text so far: the widget shows the answer growing as it arrives.
      expect(pieces.map((p) => p.text)).toEqual(ANSWER.map((_, i) => ANSWER.slice(0, i + 1).join('')));
      expect(
        pieces.every((p) => p.groupId === groupId && p.streamId === message.metadata.KM_BOT_STREAM_ID),
      ).toBe(true);
      const lastPiece = socket.frames.map((f) => f.type).lastIndexOf('message.streaming');
      expect(lastPiece).toBeLessThan(socket.frames.findIndex(isBotAnswer));

      // One request, to the Responses API, with the agent instructions and the customer's words.
      expect(openai.calls.length).toBe(calls + 1);
      const call = openai.calls[calls]!;
      expect(call.path).toBe('/v1/responses');
      expect((call.body as { stream?: boolean }).stream).toBe(true);
      expect(call.rawBody).toContain('Answer for the demo store, briefly.');
      expect(call.rawBody).toContain('When do you open?');
      // The key reached the provider in its Authorization header and nowhere else.
      expect(call.headers.authorization).toBe(`Bearer ${KEY}`);
      expect(keyLeaksOutsideHeader(call, 'authorization')).toEqual([]);

      expect(await botConversation(groupId)).toMatchObject({
        inputTokens: 321,
        outputTokens: 12,
        answered: 1,
        consecutiveFallbacks: 0,
      });
      expect(await answerOf(message.id)).toMatchObject({ intent: 'llm', fallback: false });

      // A second answer adds its usage to the conversation's.
      openai.script({
        kind: 'text',
        chunks: ['You are welcome.'],
        usage: { inputTokens: 400, outputTokens: 4 },
      });
      await ask('Thanks!');
      expect(await botConversation(groupId)).toMatchObject({
        inputTokens: 721,
        outputTokens: 16,
        answered: 2,
      });
    } finally {
      socket.close();
    }
  });

  it('gives the model the conversation so far, oldest first, and nothing of another conversation', async () => {
    await llmBot(tenant, 'openai');
    const first = await visitorOf(tenant);
    const second = await visitorOf(tenant);
    try {
      openai.script({ kind: 'text', chunks: ['Answer alpha.'] });
      await first.ask('Question alpha?');
      openai.script({ kind: 'text', chunks: ['Answer gamma.'] });
      await second.ask('Question gamma?');
      openai.script({ kind: 'text', chunks: ['Answer beta.'] });
      const calls = openai.calls.length;
      await first.ask('Question beta?');
      const body = openai.calls[calls]!.rawBody;
      const at = ['Question alpha?', 'Answer alpha.', 'Question beta?'].map((text) => body.indexOf(text));
      expect(at.every((i) => i >= 0)).toBe(true);
      expect([...at].sort((a, b) => a - b)).toEqual(at);
      expect(body).not.toContain('gamma');
    } finally {
      first.socket.close();
      second.socket.close();
    }
  });

  it('sends the fallback when the provider answers 429, and shows the error to the admin', async () => {
    const bot = await llmBot(tenant, 'openai');
    const { groupId, socket, ask } = await visitorOf(tenant);
    try {
      openai.script({ kind: 'error', error: 'rate-limit', retryAfterSeconds: 7 });
      const calls = openai.calls.length;
      const message = await ask('Where is my order?');
      expect(message.message).toBe(DEFAULT_BOT_FALLBACK_MESSAGE.en);
      // The customer is waiting: no retry against a rate limit.
      expect(openai.calls.length).toBe(calls + 1);
      const [row] = await db().select().from(bots).where(eq(bots.id, bot.id));
      expect(row!.lastError).toContain('RATE_LIMITED');
      expect(row!.lastError).toContain('retry after 7 s');
      expect(row!.lastErrorAt).toBeInstanceOf(Date);
      const shown = await t.app.inject({
        method: 'GET',
        url: botPath(BOT_PATHS.bot, { botId: bot.id }),
        headers: bearer(tenant),
      });
      expect((shown.json().data as Bot).lastError).toContain('RATE_LIMITED');
      expect(await answerOf(message.id)).toMatchObject({ fallback: true });
      expect(await botConversation(groupId)).toMatchObject({ consecutiveFallbacks: 1, answered: 0 });

      // The next answer works again and clears the error.
      openai.script({ kind: 'text', chunks: ['It ships today.'] });
      expect((await ask('Where is my order?')).message).toBe('It ships today.');
      const [after] = await db().select().from(bots).where(eq(bots.id, bot.id));
      expect(after!.lastError).toBeNull();
    } finally {
      socket.close();
    }
  });

  it('sends the fallback when the provider refuses the key', async () => {
    const bot = await llmBot(tenant, 'openai', 'sk-wrong-key');
    const { socket, ask } = await visitorOf(tenant);
    try {
      const message = await ask('Do you ship to Spain?');
      expect(message.message).toBe(DEFAULT_BOT_FALLBACK_MESSAGE.en);
      const [row] = await db().select().from(bots).where(eq(bots.id, bot.id));
      expect(row!.lastError).toContain('INVALID_CREDENTIALS');
      expect(row!.lastError).not.toContain('sk-wrong-key');
    } finally {
      socket.close();
    }
  });

  it('sends the fallback when the provider never answers, once the deadline passes', async () => {
    const bot = await llmBot(tenant, 'openai');
    const { socket, ask } = await visitorOf(tenant);
    try {
      openai.script({ kind: 'hang' });
      const started = Date.now();
      const message = await ask('Is the blue jacket in stock?');
      expect(message.message).toBe(DEFAULT_BOT_FALLBACK_MESSAGE.en);
      expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 100);
      const [row] = await db().select().from(bots).where(eq(bots.id, bot.id));
      expect(row!.lastError).toContain('TIMEOUT');
    } finally {
      socket.close();
    }
  });

  it('answers through an OpenAI-compatible base URL (chat completions) with its usage', async () => {
    await llmBot(tenant, 'openai', KEY, { baseUrl: openai.url, model: 'llama3.1' });
    const { groupId, socket, ask } = await visitorOf(tenant);
    try {
      openai.script({
        kind: 'text',
        chunks: ANSWER,
        chunkDelayMs: 20,
        usage: { inputTokens: 61, outputTokens: 8 },
      });
      const calls = openai.calls.length;
      expect((await ask('When do you open?')).message).toBe(ANSWER.join(''));
      expect(socket.events('message.streaming').map((f) => (f.data as { text: string }).text)).toEqual(
        ANSWER.map((_, i) => ANSWER.slice(0, i + 1).join('')),
      );
      const call = openai.calls[calls]!;
      expect(call.path).toBe('/v1/chat/completions');
      expect(call.body).toMatchObject({ model: 'llama3.1', stream: true });
      expect(call.headers.authorization).toBe(`Bearer ${KEY}`);
      expect(keyLeaksOutsideHeader(call, 'authorization')).toEqual([]);
      expect(await botConversation(groupId)).toMatchObject({ inputTokens: 61, outputTokens: 8 });
    } finally {
      socket.close();
    }
  });

  it.each([
    ['with words of its own', ['Let me get a teammate for you.']],
    ['without a word', []],
  ])('hands the conversation to a person when the model calls the handoff tool %s', async (_, preamble) => {
    const bot = await llmBot(tenant, 'openai');
    const { groupId, socket, ask, headers } = await visitorOf(tenant);
    try {
      const [row] = await db().select().from(bots).where(eq(bots.id, bot.id));
      const botUserId = row!.userId;
      const [before] = await db().select().from(conversations).where(eq(conversations.id, groupId));
      expect(before!.assigneeId).toBe(botUserId);
      openai.script({ kind: 'tool', name: 'handoff', args: { reason: 'refund over the limit' }, preamble });
      const message = await ask('I want a refund of 900 euros for a broken sofa');
      // The customer is told what happens: the model's words, or the handoff message, never the fallback.
      expect(message.message).toBe(preamble[0] ?? DEFAULT_BOT_HANDOFF_MESSAGE.en);
      const [conv] = await db().select().from(conversations).where(eq(conversations.id, groupId));
      expect(conv!.botActive).toBe(false);
      expect(conv!.assigneeId).not.toBe(botUserId);
      const state = await botConversation(groupId);
      expect(state).toMatchObject({ handoffReason: 'tool' });
      expect(state!.pausedAt).toBeInstanceOf(Date);
      // Paused: the next question reaches no provider.
      const calls = openai.calls.length;
      const res = await sendTestMessage(t, headers, groupId, `later-${groupId}`, 'Hello?');
      expect(res.statusCode).toBe(200);
      await repliesSettled();
      expect(openai.calls.length).toBe(calls);
    } finally {
      socket.close();
    }
  });

  it("searches the bot's own knowledge with the search_knowledge tool, never another application's", async () => {
    const bot = await llmBot(tenant, 'openai');
    const stranger = await llmBot(other, 'openai');
    const addPassage = async (target: Tenant, botId: string, text: string) => {
      const source = await knowledge.insertSource(db(), {
        applicationId: target.applicationId,
        botId,
        kind: 'document',
        name: 'delivery.md',
        status: 'ready',
        // What the indexing records with the passages (retrieval weighs terms by it).
        passageCount: 1,
      });
      await knowledge.replacePassages(db(), source, [{ position: 0, url: null, heading: 'Delivery', text }]);
    };
    const OWN = 'Parcels to the Canary Islands travel by boat and arrive within nine days.';
    const FOREIGN = 'Parcels to the Canary Islands are SECRET-OTHER-TENANT and arrive by drone.';
    await addPassage(tenant, bot.id, OWN);
    await addPassage(other, stranger.id, FOREIGN);

    // The other application's bot is its first responder now; this tenant's is still its own.
    const { groupId, socket, ask } = await visitorOf(tenant);
    try {
      openai.script(
        {
          kind: 'tool',
          name: 'search_knowledge',
          args: { query: 'parcels Canary Islands' },
          usage: { inputTokens: 100, outputTokens: 10 },
        },
        {
          kind: 'text',
          chunks: ['They arrive', ' within nine days.'],
          usage: { inputTokens: 200, outputTokens: 20 },
        },
      );
      const calls = openai.calls.length;
      const message = await ask('How long to the Canary Islands?');
      expect(message.message).toBe('They arrive within nine days.');
      expect(openai.calls.length).toBe(calls + 2);
      const toolResult = openai.calls[calls + 1]!.rawBody;
      expect(toolResult).toContain('function_call_output');
      expect(toolResult).toContain('arrive within nine days');
      expect(toolResult).not.toContain('SECRET-OTHER-TENANT');
      // The answer records the passage it used; both steps' tokens count.
      const answer = await answerOf(message.id);
      const [used] = await db()
        .select()
        .from(knowledgePassages)
        .where(eq(knowledgePassages.id, answer!.passageId ?? -1));
      expect(used).toMatchObject({ applicationId: tenant.applicationId, botId: bot.id, text: OWN });
      expect(await botConversation(groupId)).toMatchObject({ inputTokens: 300, outputTokens: 30 });
    } finally {
      socket.close();
    }
  });

  // The same streamed answer from each provider's wire format; only the path and key header differ.
  it.each([
    {
      provider: 'Anthropic',
      engine: 'anthropic',
      fake: () => anthropic,
      path: '/v1/messages',
      keyHeader: 'x-api-key',
      usage: { inputTokens: 55, outputTokens: 9 },
    },
    {
      provider: 'Gemini',
      engine: 'gemini',
      fake: () => gemini,
      path: ':streamGenerateContent',
      keyHeader: 'x-goog-api-key',
      usage: { inputTokens: 77, outputTokens: 11 },
    },
  ] as const)(
    'streams a $provider answer, the key only in $keyHeader',
    async ({ engine, fake, path, keyHeader, usage }) => {
      await llmBot(tenant, engine);
      const { groupId, socket, ask } = await visitorOf(tenant);
      try {
        fake().script({ kind: 'text', chunks: ANSWER, chunkDelayMs: 20, usage });
        const calls = fake().calls.length;
        const message = await ask('When do you open?');
        expect(message.message).toBe(ANSWER.join(''));
        expect(socket.events('message.streaming').map((f) => (f.data as { text: string }).text)).toEqual(
          ANSWER.map((_, i) => ANSWER.slice(0, i + 1).join('')),
        );
        const call = fake().calls[calls]!;
        expect(call.path).toContain(path);
        expect(call.headers[keyHeader]).toBe(KEY);
        expect(keyLeaksOutsideHeader(call, keyHeader)).toEqual([]);
        expect(await botConversation(groupId)).toMatchObject(usage);
      } finally {
        socket.close();
      }
    },
  );
});
