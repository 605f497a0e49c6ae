import { BOT_PATHS } from '@convo/api';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkers } from '../../../app.js';
import {
  botAnswers,
  botModels,
  bots,
  jobs,
  knowledgePassages,
  knowledgeSources,
} from '../../../db/schema/index.js';
import type { JobRunner } from '../../../platform/jobs/job-queue.js';
import { addTestBot } from '../../../testing/bots.js';
import { newVisitorConversation, type Tenant } from '../../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../../testing/test-database.js';
import { useTestApp } from '../../../testing/use-test-app.js';
import { emulate } from '../emulator/service.js';
import type { RetrievedPassage } from '../engine.js';
import { savedSnapshots } from '../engines/kompose/engine.js';
import { KOMPOSE_TRAIN_QUEUE } from '../engines/kompose/queue.js';
import { storeTrainedModel } from '../engines/kompose/repository.js';
import { trainModels } from '../engines/kompose/snapshot.js';
import type { BotRow } from '../repository.js';
import { welcomeReplies } from './service.js';

const path = (template: string, params: Record<string, string>) =>
  template.replace(/:(\w+)/g, (_m, key: string) => params[key] ?? `:${key}`);

const text = (t: string) => ({ kind: 'text' as const, text: t });
const shipping = {
  language: 'en',
  section: 'answers',
  name: 'shipping',
  userSays: ['how long does shipping take', 'when will my order arrive'],
  botSays: [text('Orders ship within 2 days.')],
};

async function waitFor<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > until) throw new Error(`timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe.each(testDatabaseKinds())('bot builder and kompose on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 2 });
  const [tenant, other] = tenants;
  let bot: BotRow;
  let otherBot: BotRow;
  let worker: JobRunner | null = null;

  beforeAll(async () => {
    bot = await addTestBot(t.database, tenant.applicationId, 'kompose', 'Store bot');
    otherBot = await addTestBot(t.database, other.applicationId, 'kompose', 'Other bot');
    await t.database.db
      .update(bots)
      .set({ languages: ['en', 'es'] })
      .where(eq(bots.id, bot.id));
  });
  afterAll(async () => {
    await worker?.stop();
  });

  const api = (who: Tenant, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${who.admin['x-authorization']}` },
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });
  const intents = (botId: string, query = '') => `${path(BOT_PATHS.intents, { botId })}${query}`;
  const intentUrl = (botId: string, intentId: string, query = '') =>
    `${path(BOT_PATHS.intent, { botId, intentId })}${query}`;
  const listIntents = async (language: string) => {
    const res = await api(tenant, 'GET', intents(bot.id, `?language=${language}`));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      id: string;
      name: string;
      section: string;
      language: string;
      botSays: unknown[];
    }[];
  };
  const modelRow = async () =>
    (
      await t.database.db
        .select()
        .from(botModels)
        .where(and(eq(botModels.botId, bot.id), eq(botModels.language, 'en')))
    )[0];

  it('creates the default intents of a language once, when listed', async () => {
    const first = await listIntents('en');
    expect(first.map((i) => [i.section, i.name])).toEqual([
      ['welcome-message', 'welcome_event'],
      ['fallback', 'fallback_intent'],
    ]);
    expect(first[1]?.botSays).toEqual([text("Sorry, I didn't get that. Could you say it another way?")]);
    const [again, es] = await Promise.all([listIntents('en'), listIntents('es')]);
    expect(again.map((i) => i.id)).toEqual(first.map((i) => i.id));
    expect(es.find((i) => i.name === 'welcome_event')?.botSays).toEqual([
      text('¡Hola! ¿En qué puedo ayudarte hoy?'),
    ]);
    const all = await api(tenant, 'GET', intents(bot.id));
    expect(all.json().data).toHaveLength(4);
  });

  it("gives the welcome intent's replies, or the translated default", async () => {
    const welcome = (await listIntents('en')).find((i) => i.name === 'welcome_event')!;
    const edited = await api(tenant, 'PUT', intentUrl(bot.id, welcome.id), {
      language: 'en',
      section: 'welcome-message',
      name: 'welcome_event',
      userSays: [],
      botSays: [text('Welcome to the store!')],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await welcomeReplies(t.database.db, tenant.applicationId, bot.id, 'en')).toEqual([
      text('Welcome to the store!'),
    ]);
    expect(await welcomeReplies(t.database.db, tenant.applicationId, bot.id, 'fr')).toEqual([
      text("Bonjour ! Comment puis-je vous aider aujourd'hui ?"),
    ]);
    expect(await welcomeReplies(t.database.db, other.applicationId, bot.id, 'en')).toEqual([
      text('Hi! How can I help you today?'),
    ]);
  });

  it('saves an answer, bumps the model version and enqueues its training in the same transaction', async () => {
    const res = await api(tenant, 'POST', intents(bot.id), shipping);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'shipping', userSays: shipping.userSays, language: 'en' });
    expect(await modelRow()).toMatchObject({ version: 2, trainedVersion: 0, status: 'training' });
    const queued = await t.database.db.select().from(jobs).where(eq(jobs.queue, KOMPOSE_TRAIN_QUEUE));
    expect(queued.map((j) => j.payload)).toContainEqual({ botId: bot.id, language: 'en' });
  });

  it('refuses a duplicate name in a language with 409', async () => {
    const res = await api(tenant, 'POST', intents(bot.id), { ...shipping, userSays: ['other phrase'] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'INTENT_EXISTS',
      message: "An intent named 'shipping' already exists in 'en'.",
    });
    // The same name in another language is another intent.
    const es = await api(tenant, 'POST', intents(bot.id), {
      ...shipping,
      language: 'es',
      userSays: ['¿cuándo llega mi pedido?'],
      botSays: [text('En 2 días.')],
    });
    expect(es.statusCode, es.body).toBe(200);
  });

  it.each([
    [{ ...shipping, name: 'w', section: 'welcome-message', userSays: [] }, 'INVALID_INTENT_NAME'],
    [{ ...shipping, name: 'welcome_event', section: 'welcome-message' }, 'USER_SAYS_NOT_ALLOWED'],
    [{ ...shipping, name: 'fallback_intent', section: 'fallback' }, 'USER_SAYS_NOT_ALLOWED'],
    [{ ...shipping, name: 'fallback_intent' }, 'INVALID_INTENT_NAME'],
    [{ ...shipping, name: 'x', userSays: [] }, 'USER_SAYS_REQUIRED'],
    [{ ...shipping, name: 'x', userSays: ['Hi', 'hi'] }, 'DUPLICATE_USER_SAYS'],
    [{ ...shipping, name: 'x', language: 'fr' }, 'LANGUAGE_NOT_ENABLED'],
    [
      {
        ...shipping,
        name: 'x',
        botSays: [{ kind: 'rich', text: '', metadata: { contentType: '300', templateId: '6' } }],
      },
      'INVALID_RICH_MESSAGE',
    ],
    [
      {
        ...shipping,
        name: 'x',
        botSays: [
          { kind: 'rich', text: '', metadata: { contentType: '300', templateId: '42', payload: '[]' } },
        ],
      },
      'INVALID_RICH_MESSAGE',
    ],
    [{ ...shipping, name: 'x', botSays: [] }, 'INVALID_PARAMETER'],
    [{ ...shipping, name: '', botSays: [] }, 'INVALID_PARAMETER'],
  ])('rejects a bad intent (%#) with 400 %s', async (body, code) => {
    const res = await api(tenant, 'POST', intents(bot.id), body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe(code);
  });

  it('accepts rich replies the widget renders (quick replies)', async () => {
    const quickReplies = {
      kind: 'rich',
      text: 'Which one?',
      metadata: {
        contentType: '300',
        templateId: '6',
        payload: JSON.stringify([{ title: 'Returns', message: 'How do I return an item?' }]),
      },
    };
    const res = await api(tenant, 'POST', intents(bot.id), {
      language: 'en',
      section: 'small-talk',
      name: 'options',
      userSays: ['what are my options'],
      botSays: [quickReplies],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.botSays).toEqual([quickReplies]);
  });

  it('updates an answer; a default intent keeps its name and cannot be deleted', async () => {
    const list = await listIntents('en');
    const answer = list.find((i) => i.name === 'options')!;
    const fallback = list.find((i) => i.name === 'fallback_intent')!;
    const renamed = await api(tenant, 'PUT', intentUrl(bot.id, answer.id), {
      language: 'en',
      section: 'small-talk',
      name: 'shipping',
      userSays: ['x'],
      botSays: [text('y')],
    });
    expect(renamed.statusCode).toBe(409);
    const edited = await api(tenant, 'PUT', intentUrl(bot.id, fallback.id), {
      language: 'en',
      section: 'fallback',
      name: 'fallback_intent',
      userSays: [],
      botSays: [text('Hmm, I do not know that one yet.')],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const moved = await api(tenant, 'PUT', intentUrl(bot.id, fallback.id), {
      language: 'es',
      section: 'fallback',
      name: 'fallback_intent',
      userSays: [],
      botSays: [text('x')],
    });
    expect(moved.json().code).toBe('LANGUAGE_CHANGE_NOT_ALLOWED');
    const del = await api(tenant, 'DELETE', intentUrl(bot.id, fallback.id));
    expect(del.statusCode).toBe(400);
    expect(del.json().code).toBe('DEFAULT_INTENT');
  });

  it('copies answers to every enabled language, and deletes one name in all languages', async () => {
    const res = await api(tenant, 'POST', path(BOT_PATHS.copyIntents, { botId: bot.id }), { from: 'en' });
    expect(res.statusCode, res.body).toBe(200);
    const copies = res.json().data as { language: string; name: string; userSays: string[] }[];
    expect(copies.map((c) => [c.language, c.name]).sort()).toEqual([
      ['es', 'options'],
      ['es', 'shipping'],
    ]);
    // Copy overwrites the target language's intent of the same name ('Yes, copy!').
    expect(copies.find((c) => c.name === 'shipping')?.userSays).toEqual(shipping.userSays);
    const options = (await listIntents('en')).find((i) => i.name === 'options')!;
    const one = await api(tenant, 'DELETE', intentUrl(bot.id, options.id));
    expect(one.statusCode, one.body).toBe(200);
    expect((await listIntents('es')).some((i) => i.name === 'options')).toBe(true);
    const ship = (await listIntents('en')).find((i) => i.name === 'shipping')!;
    const all = await api(tenant, 'DELETE', intentUrl(bot.id, ship.id, '?allLanguages=true'));
    expect(all.json()).toEqual({ code: 'SUCCESS', message: '2 intents deleted' });
    expect((await listIntents('en')).some((i) => i.name === 'shipping')).toBe(false);
    expect((await listIntents('es')).some((i) => i.name === 'shipping')).toBe(false);
    // Put it back for the training tests below.
    expect((await api(tenant, 'POST', intents(bot.id), shipping)).statusCode).toBe(200);
    const es = await api(tenant, 'POST', intents(bot.id), {
      ...shipping,
      language: 'es',
      userSays: ['¿cuándo llega mi pedido?', '¿cuánto tarda el envío?'],
      botSays: [text('Los pedidos salen en 2 días.')],
    });
    expect(es.statusCode, es.body).toBe(200);
  });

  it("never reads or writes another application's bot", async () => {
    const ship = (await listIntents('en')).find((i) => i.name === 'shipping')!;
    const calls = [
      api(other, 'GET', intents(bot.id)),
      api(other, 'POST', intents(bot.id), { ...shipping, name: 'stolen' }),
      api(other, 'PUT', intentUrl(bot.id, ship.id), shipping),
      api(other, 'DELETE', intentUrl(bot.id, ship.id)),
      // Their own bot id with our intent id.
      api(other, 'DELETE', intentUrl(otherBot.id, ship.id)),
      api(other, 'PUT', intentUrl(otherBot.id, ship.id), shipping),
      api(other, 'GET', path(BOT_PATHS.entities, { botId: bot.id })),
      api(other, 'GET', path(BOT_PATHS.training, { botId: bot.id })),
      api(other, 'POST', path(BOT_PATHS.training, { botId: bot.id }), {}),
      api(other, 'POST', path(BOT_PATHS.emulator, { botId: bot.id }), { message: 'hello' }),
      api(other, 'POST', path(BOT_PATHS.thresholdPreview, { botId: bot.id }), { threshold: 0.5 }),
      api(other, 'POST', path(BOT_PATHS.copyIntents, { botId: bot.id }), { from: 'en' }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(404);
    expect((await listIntents('en')).find((i) => i.name === 'shipping')?.id).toBe(ship.id);
  });

  it('keeps custom entities per bot and locale', async () => {
    const url = path(BOT_PATHS.entities, { botId: bot.id });
    const size = { entity: 'size', locale: 'en', values: [{ value: 'large', synonyms: ['L', 'big'] }] };
    const created = await api(tenant, 'POST', url, size);
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as string;
    expect((await api(tenant, 'POST', url, size)).statusCode).toBe(409);
    const dup = await api(tenant, 'POST', url, {
      ...size,
      entity: 'size2',
      values: [{ value: 'big', synonyms: ['BIG'] }],
    });
    expect(dup.json().code).toBe('DUPLICATE_ENTITY_VALUE');
    const bad = await api(tenant, 'POST', url, { ...size, entity: 'has space' });
    expect(bad.json().code).toBe('INVALID_PARAMETER');
    const updated = await api(tenant, 'PUT', path(BOT_PATHS.entity, { botId: bot.id, entityId: id }), {
      ...size,
      values: [{ value: 'large', synonyms: ['L', 'big', 'XL'] }],
    });
    expect(updated.json().data.values[0].synonyms).toEqual(['L', 'big', 'XL']);
    const list = await api(tenant, 'GET', `${url}?locale=en`);
    expect(list.json().data).toHaveLength(1);
    expect((await api(other, 'GET', path(BOT_PATHS.entities, { botId: otherBot.id }))).json().data).toEqual(
      [],
    );
    const del = await api(other, 'DELETE', path(BOT_PATHS.entity, { botId: otherBot.id, entityId: id }));
    expect(del.statusCode).toBe(404);
    expect(
      (await api(tenant, 'DELETE', path(BOT_PATHS.entity, { botId: bot.id, entityId: id }))).statusCode,
    ).toBe(200);
  });

  it('trains in the worker role through the job queue, and the emulator answers from the model', async () => {
    worker = startWorkers({
      appSecret: t.config.appSecret,
      db: t.database.db,
      log: pino({ level: 'silent' }),
      pollMs: 20,
      backoffBaseMs: 5,
    });
    const states = await waitFor(
      async () => (await api(tenant, 'GET', path(BOT_PATHS.training, { botId: bot.id }))).json().data,
      (d: { language: string; status: string; stale: boolean }[]) =>
        d.every((s) => s.status === 'ready' && !s.stale),
    );
    expect(states.map((s: { language: string }) => s.language)).toEqual(['en', 'es']);
    const row = await modelRow();
    expect(row?.model).not.toBeNull();
    expect(row?.trainedVersion).toBe(row?.version);

    const res = await api(tenant, 'POST', path(BOT_PATHS.emulator, { botId: bot.id }), {
      message: 'How long does shipping take to Canada?',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      intent: 'shipping',
      fallback: false,
      handoff: false,
      language: 'en',
      passage: null,
      messages: [text('Orders ship within 2 days.')],
    });
    expect(res.json().data.confidence).toBeGreaterThan(0.35);

    const fallback = await api(tenant, 'POST', path(BOT_PATHS.emulator, { botId: bot.id }), {
      message: 'Do you sell refurbished telescopes?',
    });
    expect(fallback.json().data).toMatchObject({
      intent: 'fallback_intent',
      fallback: true,
      messages: [text('Hmm, I do not know that one yet.')],
    });
    const human = await api(tenant, 'POST', path(BOT_PATHS.emulator, { botId: bot.id }), {
      message: 'I want to talk to a human please',
    });
    expect(human.json().data.handoff).toBe(true);
    const spanish = await api(tenant, 'POST', path(BOT_PATHS.emulator, { botId: bot.id }), {
      message: '¿Cuándo llega mi pedido?',
    });
    expect(spanish.json().data).toMatchObject({
      language: 'es',
      intent: 'shipping',
      messages: [text('Los pedidos salen en 2 días.')],
    });

    // "Train now" retrains every language and ends ready again.
    const now = await api(tenant, 'POST', path(BOT_PATHS.training, { botId: bot.id }), {});
    expect(now.statusCode, now.body).toBe(200);
    expect(now.json().data.every((s: { status: string }) => s.status === 'training')).toBe(true);
    await waitFor(
      async () => (await api(tenant, 'GET', path(BOT_PATHS.training, { botId: bot.id }))).json().data,
      (d: { status: string }[]) => d.every((s) => s.status === 'ready'),
    );
    await worker.stop();
    worker = null;
  });

  it('keeps a trained snapshot in memory until a newer version is trained', async () => {
    const snapshots = savedSnapshots(t.database.db);
    const runtime = { id: bot.id, applicationId: tenant.applicationId } as Parameters<typeof snapshots>[0];
    const first = await snapshots(runtime, 'en');
    expect(first?.answers?.classify('how long does shipping take').intent).toBe('shipping');
    expect(await snapshots(runtime, 'en')).toBe(first);
    // Another application asking for this bot gets nothing.
    expect(await snapshots({ ...runtime, applicationId: other.applicationId }, 'en')).toBeNull();
    const ship = (await listIntents('en')).find((i) => i.name === 'shipping')!;
    await api(tenant, 'PUT', intentUrl(bot.id, ship.id), {
      ...shipping,
      botSays: [text('Orders ship today.')],
    });
    // Saved but not trained yet: the trained snapshot still answers.
    expect(await snapshots(runtime, 'en')).toBe(first);
    const drain = startWorkers({
      appSecret: t.config.appSecret,
      db: t.database.db,
      log: pino({ level: 'silent' }),
      pollMs: 5_000,
    });
    await drain.drain();
    await drain.stop();
    const next = await snapshots(runtime, 'en');
    expect(next).not.toBe(first);
    expect(next?.intents.get('shipping')?.botSays).toEqual([text('Orders ship today.')]);
  });

  it('never stores a model trained for a version older than the saved one', async () => {
    const before = (await modelRow())!;
    const model = trainModels(
      [
        { section: 'answers', name: 'x', userSays: ['a'] },
        { section: 'answers', name: 'y', userSays: ['b'] },
      ],
      'en',
    );
    expect(
      await storeTrainedModel(t.database.db, tenant.applicationId, bot.id, 'en', before.version - 1, model),
    ).toBe(false);
    // Nor for another application's bot.
    expect(
      await storeTrainedModel(t.database.db, other.applicationId, bot.id, 'en', before.version, model),
    ).toBe(false);
    expect((await modelRow())?.model).toEqual(before.model);
  });

  it('emulates unsaved intents and an unsaved threshold', async () => {
    const url = path(BOT_PATHS.emulator, { botId: bot.id });
    const draft = {
      language: 'en',
      section: 'answers',
      name: 'opening_hours',
      userSays: ['what are your opening hours', 'when are you open'],
      botSays: [text('We are open 9 to 5.')],
    };
    const res = await api(tenant, 'POST', url, {
      message: 'When are you open on Monday?',
      draftIntents: [draft],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      intent: 'opening_hours',
      messages: [text('We are open 9 to 5.')],
    });
    // Saved intents still answer beside the drafts.
    const saved = await api(tenant, 'POST', url, {
      message: 'when will my order arrive',
      draftIntents: [draft],
    });
    expect(saved.json().data.intent).toBe('shipping');
    const strict = await api(tenant, 'POST', url, {
      message: 'When are you open on Monday?',
      draftIntents: [draft],
      confidenceThreshold: 1,
    });
    expect(strict.json().data).toMatchObject({ fallback: true, intent: 'fallback_intent' });
    const badDraft = await api(tenant, 'POST', url, {
      message: 'hi',
      draftIntents: [{ ...draft, section: 'fallback', name: 'fallback_intent' }],
    });
    expect(badDraft.json().code).toBe('USER_SAYS_NOT_ALLOWED');
    const wrongLanguage = await api(tenant, 'POST', url, { message: 'hi', language: 'fr' });
    expect(wrongLanguage.json().code).toBe('LANGUAGE_NOT_ENABLED');
    expect((await api(tenant, 'POST', url, { message: '' })).statusCode).toBe(400);
    // An LLM bot without its key: no provider is called, and the admin reads why (not a 500).
    const llm = await addTestBot(t.database, tenant.applicationId, 'openai', 'LLM bot');
    const noKey = await api(tenant, 'POST', path(BOT_PATHS.emulator, { botId: llm.id }), {
      message: 'hi',
    });
    expect(noKey.statusCode).toBe(502);
    expect(noKey.json().code).toBe('INVALID_CREDENTIALS');
    // An external engine not connected yet: no provider is called, and the admin reads why.
    const other = await addTestBot(t.database, tenant.applicationId, 'dialogflow', 'Other bot');
    const noEngine = await api(tenant, 'POST', path(BOT_PATHS.emulator, { botId: other.id }), {
      message: 'hi',
    });
    expect(noEngine.statusCode).toBe(502);
    expect(noEngine.json().code).toBe('INVALID_CREDENTIALS');
    // Nor is it trained: saving its intents enqueues nothing, "train now" says why.
    const trained = await api(tenant, 'POST', path(BOT_PATHS.training, { botId: llm.id }), {});
    expect(trained.json().code).toBe('NOT_TRAINABLE');
  });

  it('answers from the knowledge source with the passage used, only of its own application', async () => {
    // A knowledge lookup that reads the passages table as retrieval will (scoped to the bot).
    const [source] = await t.database.db
      .insert(knowledgeSources)
      .values({
        applicationId: tenant.applicationId,
        botId: bot.id,
        kind: 'url',
        name: 'FAQ',
        url: 'https://shop.example/faq',
      })
      .returning();
    await t.database.db.insert(knowledgePassages).values({
      applicationId: tenant.applicationId,
      botId: bot.id,
      sourceId: source!.id,
      position: 0,
      url: 'https://shop.example/faq#gift',
      heading: 'Gift cards',
      text: 'Gift cards never expire and work online.',
    });
    const lookups: string[] = [];
    const deps = {
      db: t.database.db,
      appSecret: t.config.appSecret,
      snapshots: savedSnapshots(t.database.db),
      tools: (b: { id: string; applicationId: string }) => ({
        searchKnowledge: async (query: string): Promise<RetrievedPassage[]> => {
          lookups.push(query);
          const rows = await t.database.db
            .select()
            .from(knowledgePassages)
            .where(
              and(eq(knowledgePassages.applicationId, b.applicationId), eq(knowledgePassages.botId, b.id)),
            );
          return rows
            .filter(() => query.toLowerCase().includes('gift'))
            .map((r) => ({
              sourceId: r.sourceId,
              sourceName: 'FAQ',
              url: r.url,
              heading: r.heading,
              text: r.text,
              score: 1,
            }));
        },
      }),
    };
    const reply = await emulate(deps, tenant.applicationId, bot.id, {
      message: 'Do gift cards expire?',
      history: [],
    });
    expect(lookups).toEqual(['Do gift cards expire?']);
    expect(reply).toMatchObject({
      intent: 'knowledge_source',
      fallback: false,
      passage: {
        sourceName: 'FAQ',
        url: 'https://shop.example/faq#gift',
        text: 'Gift cards never expire and work online.',
      },
    });
    await expect(
      emulate(deps, other.applicationId, bot.id, { message: 'gift cards?', history: [] }),
    ).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('previews how recent answers split at another threshold', async () => {
    const { groupId } = await newVisitorConversation(t, tenant);
    await t.database.db.insert(botAnswers).values(
      [10, 30, 50, 90].map((confidence, i) => ({
        messageId: 9_000_000 + i + (kind === 'postgres' ? 100 : 0),
        applicationId: tenant.applicationId,
        botId: bot.id,
        conversationId: groupId,
        intent: 'shipping',
        confidence,
        fallback: confidence < 35,
      })),
    );
    const url = path(BOT_PATHS.thresholdPreview, { botId: bot.id });
    const at40 = await api(tenant, 'POST', url, { threshold: 0.4 });
    expect(at40.json().data).toEqual({
      threshold: 0.4,
      currentThreshold: 0.35,
      total: 4,
      answered: 2,
      fallBack: 2,
      changed: 0,
    });
    const at20 = await api(tenant, 'POST', url, { threshold: 0.2 });
    expect(at20.json().data).toMatchObject({ answered: 3, fallBack: 1, changed: 1 });
    expect((await api(tenant, 'POST', url, { threshold: 2 })).statusCode).toBe(400);
    const theirs = await api(other, 'POST', path(BOT_PATHS.thresholdPreview, { botId: otherBot.id }), {
      threshold: 0.2,
    });
    expect(theirs.json().data.total).toBe(0);
  });
});
