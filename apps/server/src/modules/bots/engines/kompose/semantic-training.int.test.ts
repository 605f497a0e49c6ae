import { BOT_PATHS } from '@convo/api';
import { type FakeProvider, startFakeOpenAI } from '@convo/provider-fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTestBot } from '../../../../testing/bots.js';
import { testDatabaseKinds } from '../../../../testing/test-database.js';
import { useTestApp } from '../../../../testing/use-test-app.js';
import type { BotRuntimeConfig } from '../../engine.js';
import { openAIEmbedder } from '../../knowledge/embeddings.js';
import type { BotRow } from '../../repository.js';
import { createKomposeEngine, savedSnapshots } from './engine.js';
import * as repo from './repository.js';
import type { StoredKomposeModels } from './snapshot.js';
import { trainBotLanguage } from './training.js';

// kompose's meaning layer with a real provider client (the `ai` SDK) against the OpenAI fake's
// embeddings endpoint: the worker's training stores the phrases' vectors beside the word model, an
// answer the words are unsure of asks the provider once, and a provider that fails costs the
// meaning layer, never the training or the answer.

const text = (t: string) => ({ kind: 'text' as const, text: t });
const INTENTS = [
  {
    language: 'en',
    section: 'answers',
    name: 'invoices',
    userSays: ['where can I find my invoice', 'I need a copy of my invoice', 'invoice for last month'],
    botSays: [text('Invoices are under Billing.')],
  },
  {
    language: 'en',
    section: 'answers',
    name: 'shipping',
    userSays: ['how long does shipping take', 'when will my parcel arrive', 'is shipping free'],
    botSays: [text('Orders ship in 2 days.')],
  },
];

describe.each(testDatabaseKinds())('kompose meaning layer with the provider fake on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 1 });
  const [tenant] = tenants;
  let fake: FakeProvider;
  let bot: BotRow;

  beforeAll(async () => {
    fake = await startFakeOpenAI({ apiKey: 'embed-key' });
    bot = await addTestBot(t.database, tenant.applicationId, 'kompose', 'Billing bot');
    for (const intent of INTENTS) {
      const res = await t.app.inject({
        method: 'POST',
        url: BOT_PATHS.intents.replace(':botId', bot.id),
        headers: { authorization: `Bearer ${tenant.admin['x-authorization']}` },
        payload: intent,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
  afterAll(async () => {
    await fake?.close();
  });

  const embedder = () =>
    openAIEmbedder({ baseURL: fake.url, apiKey: 'embed-key', model: 'fake-embed', minSimilarity: 0.5 });
  const embeddingCalls = () => fake.calls.filter((c) => c.path === '/v1/embeddings').length;
  const runtime = (): BotRuntimeConfig => ({
    id: bot.id,
    applicationId: bot.applicationId,
    engine: 'kompose',
    name: bot.name,
    defaultLanguage: 'en',
    languages: ['en'],
    settings: {},
    apiKey: null,
  });
  const ask = (engine: ReturnType<typeof createKomposeEngine>, message: string) =>
    engine.reply({
      bot: runtime(),
      turns: [{ role: 'customer', text: message }],
      tools: { searchKnowledge: async () => [] },
      signal: new AbortController().signal,
    });

  it('stores the phrase vectors with the model, and asks the provider only when the words are unsure', async () => {
    const before = embeddingCalls();
    const outcome = await trainBotLanguage(t.database.db, tenant.applicationId, bot.id, 'en', embedder());
    expect(outcome).toMatchObject({ stored: true, intents: 2 });
    expect(embeddingCalls()).toBeGreaterThan(before); // phrases and negatives, 64 texts a call
    const stored = (await repo.readModel(t.database.db, tenant.applicationId, bot.id, 'en'))?.model as
      | StoredKomposeModels
      | undefined;
    expect(stored?.semantic).toMatchObject({ model: 'fake-embed', dimensions: 64 });
    expect(stored?.semantic?.phraseIntents.length).toBeGreaterThanOrEqual(6);

    const engine = createKomposeEngine({ snapshot: savedSnapshots(t.database.db), embedder: embedder() });
    const sure = embeddingCalls();
    expect((await ask(engine, 'how long does shipping take to Lisbon')).intent).toBe('shipping');
    expect(embeddingCalls()).toBe(sure);
    const reply = await ask(engine, 'what is the capital of peru');
    expect(reply.fallback).toBe(true);
    expect(embeddingCalls()).toBe(sure + 1);
  });

  it('trains and answers by words alone when the provider fails', async () => {
    // A new answer: the next training is due.
    const added = await t.app.inject({
      method: 'POST',
      url: BOT_PATHS.intents.replace(':botId', bot.id),
      headers: { authorization: `Bearer ${tenant.admin['x-authorization']}` },
      payload: { ...INTENTS[0], name: 'login', userSays: ['I forgot my password', 'reset my password'] },
    });
    expect(added.statusCode, added.body).toBe(200);
    fake.script({ kind: 'error', error: 'server' }, { kind: 'error', error: 'server' });
    const outcome = await trainBotLanguage(t.database.db, tenant.applicationId, bot.id, 'en', embedder());
    expect(outcome?.stored).toBe(true);
    const stored = (await repo.readModel(t.database.db, tenant.applicationId, bot.id, 'en'))?.model as
      | StoredKomposeModels
      | undefined;
    expect(stored?.semantic).toBeNull();
    fake.script({ kind: 'error', error: 'server' }, { kind: 'error', error: 'server' });
    const engine = createKomposeEngine({ snapshot: savedSnapshots(t.database.db), embedder: embedder() });
    expect((await ask(engine, 'I need a copy of my invoice')).intent).toBe('invoices');
    expect((await ask(engine, 'what is the capital of peru')).fallback).toBe(true);
  });
});
