import { BOT_PATHS } from '@convo/api';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bots } from '../../../db/schema/bots.js';
import { addTestBot } from '../../../testing/bots.js';
import type { Tenant } from '../../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../../testing/test-database.js';
import { useTestApp } from '../../../testing/use-test-app.js';
import * as knowledgeRepo from '../knowledge/repository.js';
import type { BotRow } from '../repository.js';

// Issue 34, "the builder shows why": the test panel's answer says what kompose's stages decided,
// the training state warns about phrases that will answer badly, and "this should have been…"
// teaches a message to the right answer (or to none) and answers it again, retrained.

const path = (template: string, params: Record<string, string>) =>
  template.replace(/:(\w+)/g, (_m, key: string) => params[key] ?? `:${key}`);
const text = (t: string) => ({ kind: 'text' as const, text: t });

const ANSWERS = [
  {
    name: 'shipping',
    userSays: ['how long does delivery take', 'when will my order arrive', 'where is my parcel'],
    botSays: [text('Orders arrive in 3 days.')],
  },
  {
    name: 'refunds',
    userSays: ['I want a refund', 'how do I return an item', 'can I get my money back'],
    botSays: [text('Returns are free for 30 days.')],
  },
  {
    name: 'hours',
    userSays: ['what are your opening hours', 'when is the shop open', 'what time do you close'],
    botSays: [text('We open at nine.')],
  },
];

describe.each(testDatabaseKinds())('the builder shows why on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 2 });
  const [tenant, other] = tenants;
  let bot: BotRow;
  let sibling: BotRow;
  let llmBot: BotRow;

  const api = (who: Tenant, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${who.admin['x-authorization']}` },
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });
  const emulate = async (botId: string, message: string) => {
    // Drafts (none): the saved intents trained on the spot, as no worker runs here.
    const res = await api(tenant, 'POST', path(BOT_PATHS.emulator, { botId }), { message, draftIntents: [] });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const correct = (who: Tenant, botId: string, body: Record<string, unknown>) =>
    api(who, 'POST', path(BOT_PATHS.emulatorCorrection, { botId }), { language: 'en', ...body });
  const phrasesOf = async (botId: string, name: string) => {
    const res = await api(tenant, 'GET', `${path(BOT_PATHS.intents, { botId })}?language=en`);
    return (res.json().data as { name: string; userSays: string[] }[]).find((i) => i.name === name)?.userSays;
  };

  beforeAll(async () => {
    bot = await addTestBot(t.database, tenant.applicationId, 'kompose', 'Why bot');
    // A second bot of the same application with the same answer names: never touched by the first's corrections.
    sibling = await addTestBot(t.database, tenant.applicationId, 'kompose', 'Sibling bot');
    llmBot = await addTestBot(t.database, tenant.applicationId, 'openai', 'LLM bot');
    for (const b of [bot, sibling]) {
      for (const answer of ANSWERS) {
        const res = await api(tenant, 'POST', path(BOT_PATHS.intents, { botId: b.id }), {
          language: 'en',
          section: 'answers',
          ...answer,
        });
        expect(res.statusCode, res.body).toBe(200);
      }
    }
  });

  it('explains an answer: the intent, its confidence, the runner-up and the threshold', async () => {
    const reply = await emulate(bot.id, 'when does my parcel arrive');
    expect(reply.intent).toBe('shipping');
    expect(reply.explanation).toMatchObject({
      outcome: 'intent',
      best: { intent: 'shipping' },
      outOfScope: false,
      threshold: 0.35,
      knowledge: null,
    });
    expect(reply.explanation.best.confidence).toBe(reply.confidence);
    expect(reply.explanation.best.confidence).toBeGreaterThanOrEqual(0.35);
    expect(['refunds', 'hours']).toContain(reply.explanation.runnerUp.intent);
    expect(reply.explanation.runnerUp.confidence).toBeLessThan(reply.explanation.best.confidence);
    expect(reply.explanation.calibratedThreshold).toBeGreaterThan(0);
    expect(reply.explanation.smallTalk).toMatchObject({ answered: false });

    const off = await emulate(bot.id, 'what is the capital of peru');
    expect(off).toMatchObject({ fallback: true, explanation: { outcome: 'fallback' } });
    expect(off.explanation.best.confidence).toBeLessThan(0.35);

    const hello = await emulate(bot.id, 'hello');
    expect(hello.explanation).toMatchObject({ outcome: 'small-talk', smallTalk: { answered: true } });
  });

  it('warns about one answer, one phrase, another language and shared phrases, and still trains', async () => {
    const lone = await addTestBot(t.database, tenant.applicationId, 'kompose', 'Lone bot');
    const add = (name: string, userSays: string[]) =>
      api(tenant, 'POST', path(BOT_PATHS.intents, { botId: lone.id }), {
        language: 'en',
        section: 'answers',
        name,
        userSays,
        botSays: [text(`About ${name}.`)],
      });
    expect((await add('shipping', ['where is my parcel', 'delivery time'])).statusCode).toBe(200);
    const one = (await api(tenant, 'GET', path(BOT_PATHS.training, { botId: lone.id }))).json().data;
    expect(one[0].warnings).toEqual([
      { code: 'ONE_INTENT', intents: ['shipping'], phrases: [], detectedLanguage: null },
    ]);

    expect((await add('tracking', ['Where is my parcel?'])).statusCode).toBe(200);
    expect(
      (await add('opening', ['what are your opening hours', '¿a qué hora abren la tienda?'])).statusCode,
    ).toBe(200);
    const res = await api(tenant, 'POST', path(BOT_PATHS.training, { botId: lone.id }), {});
    expect(res.statusCode, res.body).toBe(200);
    const [state] = res.json().data;
    expect(state.status).toBe('training');
    expect(state.warnings).toEqual([
      { code: 'ONE_PHRASE', intents: ['tracking'], phrases: ['Where is my parcel?'], detectedLanguage: null },
      {
        code: 'WRONG_LANGUAGE',
        intents: ['opening'],
        phrases: ['¿a qué hora abren la tienda?'],
        detectedLanguage: 'es',
      },
      {
        code: 'DUPLICATE_PHRASES',
        intents: ['shipping', 'tracking'],
        phrases: ['where is my parcel'],
        detectedLanguage: null,
      },
    ]);
    // It still answers (trained on the spot by the emulator's drafts path, as saved).
    const reply = await api(tenant, 'POST', path(BOT_PATHS.emulator, { botId: lone.id }), {
      message: 'what are your opening hours',
      draftIntents: [],
    });
    expect(reply.json().data.intent).toBe('opening');
  });

  it('teaches a missed message to the right answer and answers it again, retrained', async () => {
    const miss = 'my stuff has not turned up yet';
    expect((await emulate(bot.id, miss)).intent).not.toBe('shipping');
    const res = await correct(tenant, bot.id, { message: miss, intent: 'shipping' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      intent: 'shipping',
      fallback: false,
      messages: [text('Orders arrive in 3 days.')],
      explanation: { outcome: 'intent', best: { intent: 'shipping' } },
    });
    expect(await phrasesOf(bot.id, 'shipping')).toContain(miss);
    // Saved and queued for the worker: the training state shows the change.
    const states = (await api(tenant, 'GET', path(BOT_PATHS.training, { botId: bot.id }))).json().data;
    expect(states[0].status).toBe('training');
    // The other bot of the application, with the same answer names, is untouched.
    expect(await phrasesOf(sibling.id, 'shipping')).toEqual(ANSWERS[0]?.userSays);
  });

  it('marks a message as none of the answers, moving it out of the answer it was in', async () => {
    const message = 'where is the nearest cinema';
    await correct(tenant, bot.id, { message, intent: 'shipping' });
    expect(await phrasesOf(bot.id, 'shipping')).toContain(message);

    const res = await correct(tenant, bot.id, { message, intent: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ fallback: true, explanation: { outcome: 'fallback' } });
    expect(await phrasesOf(bot.id, 'shipping')).not.toContain(message);
    const [row] = await t.database.db.select().from(bots).where(eq(bots.id, bot.id));
    expect(row?.settings.outOfScopePhrases).toEqual({ en: [message] });

    // Taught to an answer again, it leaves the out-of-scope list.
    await correct(tenant, bot.id, { message, intent: 'hours' });
    const [after] = await t.database.db.select().from(bots).where(eq(bots.id, bot.id));
    expect(after?.settings.outOfScopePhrases).toBeUndefined();
    expect(await phrasesOf(bot.id, 'hours')).toContain(message);
  });

  it('explains a knowledge answer: the passage, its score against the minimum relevance, the sentences sent and why it beat a saved answer', async () => {
    const kb = await addTestBot(t.database, tenant.applicationId, 'kompose', 'Knowledge why bot');
    const hours = ANSWERS.find((a) => a.name === 'hours')!;
    const res = await api(tenant, 'POST', path(BOT_PATHS.intents, { botId: kb.id }), {
      language: 'en',
      section: 'answers',
      ...hours,
    });
    expect(res.statusCode, res.body).toBe(200);
    const source = await knowledgeRepo.insertSource(t.database.db, {
      applicationId: tenant.applicationId,
      botId: kb.id,
      kind: 'document',
      name: 'pickup-points.md',
      status: 'ready',
      passageCount: 2,
    });
    await t.database.db.transaction((tx) =>
      knowledgeRepo.replacePassages(tx, source, [
        {
          position: 0,
          url: null,
          heading: 'Pickup points',
          text: 'Parcels can be collected from our partner shops. The Lisbon pickup point opens at 8 am on weekdays. Bring the code from your e-mail.',
        },
        {
          position: 1,
          url: null,
          heading: 'Gift cards',
          text: 'Gift cards never expire. They can be used online and in our shops.',
        },
      ]),
    );

    const reply = await emulate(kb.id, 'When does the Lisbon pickup point open?');
    expect(reply.intent).toBe('knowledge_source');
    const knowledge = reply.explanation.knowledge;
    expect(reply.explanation.outcome).toBe('knowledge');
    expect(knowledge).toMatchObject({
      sourceName: 'pickup-points.md',
      minRelevance: 0.5,
      ranking: 'keyword',
      similarity: null,
      arbitration: { intent: 'hours' },
    });
    expect(knowledge.score).toBeGreaterThan(knowledge.minRelevance);
    expect(knowledge.bm25).toBeGreaterThan(0);
    expect(knowledge.passageId).toEqual(expect.any(Number));
    expect(knowledge.answer).toContain('The Lisbon pickup point opens at 8 am on weekdays.');
    expect(knowledge.answer).not.toContain('partner shops');
    expect(knowledge.arbitration.specificTerms).toContain('lisbon');
    expect(knowledge.terms).toEqual(
      expect.arrayContaining([expect.objectContaining({ term: 'lisbon', matched: true })]),
    );

    // An off-topic question: no passage reaches the minimum relevance, so none is explained.
    const off = await emulate(kb.id, 'do you sell bicycles for dogs');
    expect(off).toMatchObject({ fallback: true, explanation: { outcome: 'fallback', knowledge: null } });
  });

  it('refuses unknown answers, other engines, disabled languages and other tenants', async () => {
    const unknown = await correct(tenant, bot.id, { message: 'hi there you', intent: 'nope' });
    expect(unknown.statusCode).toBe(404);
    const fallback = await correct(tenant, bot.id, { message: 'hi there you', intent: 'fallback_intent' });
    expect(fallback.statusCode).toBe(404);
    const llm = await correct(tenant, llmBot.id, { message: 'hi there you', intent: null });
    expect([llm.statusCode, llm.json().code]).toEqual([400, 'NOT_TRAINABLE']);
    const spanish = await correct(tenant, bot.id, { message: 'hola', intent: null, language: 'es' });
    expect([spanish.statusCode, spanish.json().code]).toEqual([400, 'LANGUAGE_NOT_ENABLED']);
    const empty = await correct(tenant, bot.id, { message: '?!', intent: null });
    expect([empty.statusCode, empty.json().code]).toEqual([400, 'INVALID_PHRASE']);

    const stranger = await correct(other, bot.id, { message: 'steal this phrase', intent: 'shipping' });
    expect(stranger.statusCode).toBe(404);
    expect(await phrasesOf(bot.id, 'shipping')).not.toContain('steal this phrase');
  });
});
