import type { BotSays } from '@convo/api';
import type { BotLanguage } from '@convo/domain';
import { describe, expect, it } from 'vitest';
import type { BotRuntimeConfig, BotTools, RetrievedPassage } from '../../engine.js';
import { createKomposeEngine, KNOWLEDGE_INTENT } from './engine.js';
import { buildSnapshot, type KomposeSnapshot, trainModels } from './snapshot.js';

const text = (t: string): BotSays => ({ kind: 'text', text: t });

const EN_INTENTS = [
  {
    section: 'answers',
    name: 'shipping',
    userSays: [
      'how long does shipping take',
      'when will my order arrive',
      'delivery time',
      'how fast do you ship',
    ],
    botSays: [text('Orders ship in 2 days.')],
  },
  {
    section: 'answers',
    name: 'returns',
    userSays: ['how do I return an item', 'can I get a refund', 'what is your return policy', 'send it back'],
    botSays: [text('You can return items within 30 days.')],
  },
  {
    section: 'answers',
    name: 'stock',
    userSays: ['do you have it in large', 'is the small size available', 'do you have XL in stock'],
    botSays: [text('Yes, {size} is in stock.')],
  },
  {
    section: 'fallback',
    name: 'fallback_intent',
    userSays: [],
    botSays: [text('Sorry, ask me something else.')],
  },
];

const ES_INTENTS = [
  {
    section: 'answers',
    name: 'shipping',
    userSays: ['¿cuánto tarda el envío?', '¿cuándo llega mi pedido?', 'tiempo de entrega'],
    botSays: [text('Los pedidos se envían en 2 días.')],
  },
];

function snapshotOf(language: BotLanguage, intents: typeof EN_INTENTS): KomposeSnapshot {
  return buildSnapshot({
    language,
    models: trainModels(intents, language),
    intents,
    entities:
      language === 'en'
        ? [
            {
              entity: 'size',
              values: [
                { value: 'large', synonyms: ['L', 'big'] },
                { value: 'small', synonyms: ['S'] },
                { value: 'extra large', synonyms: ['XL'] },
              ],
            },
          ]
        : [],
  });
}

const snapshots: Partial<Record<BotLanguage, KomposeSnapshot>> = {
  en: snapshotOf('en', EN_INTENTS),
  es: snapshotOf('es', ES_INTENTS),
};

const bot = (over: Partial<BotRuntimeConfig> = {}): BotRuntimeConfig => ({
  id: '00000000-0000-4000-8000-000000000001',
  applicationId: 'app',
  engine: 'kompose',
  name: 'Store bot',
  defaultLanguage: 'en',
  languages: ['en', 'es', 'fr'],
  settings: {},
  apiKey: null,
  ...over,
});

const passage: RetrievedPassage = {
  sourceId: 's1',
  sourceName: 'Store FAQ',
  url: 'https://shop.example/faq',
  heading: 'Gift cards',
  text: 'Gift cards never expire.',
  score: 0.5,
};

function tools(passages: RetrievedPassage[] = []): BotTools & { queries: string[] } {
  const queries: string[] = [];
  return {
    queries,
    searchKnowledge: async (query) => {
      queries.push(query);
      return passages;
    },
  };
}

const engine = createKomposeEngine({ snapshot: async (_bot, language) => snapshots[language] ?? null });
const ask = (message: string, opts: { bot?: BotRuntimeConfig; tools?: BotTools } = {}) =>
  engine.reply({
    bot: opts.bot ?? bot(),
    turns: [{ role: 'customer', text: message }],
    tools: opts.tools ?? tools(),
    signal: new AbortController().signal,
  });

describe('kompose engine', () => {
  it('answers a confident intent with its replies', async () => {
    const reply = await ask('How long will shipping take?');
    expect(reply).toMatchObject({ intent: 'shipping', fallback: false, language: 'en' });
    expect(reply.confidence).toBeGreaterThanOrEqual(0.35);
    expect(reply.messages).toEqual([{ kind: 'text', text: 'Orders ship in 2 days.' }]);
  });

  it('fills entities from the message', async () => {
    const reply = await ask('do you have this in XL in stock?');
    expect(reply.intent).toBe('stock');
    expect(reply.messages).toEqual([{ kind: 'text', text: 'Yes, extra large is in stock.' }]);
  });

  it('answers in the detected language with that language model', async () => {
    const reply = await ask('¿Cuándo llega mi pedido?');
    expect(reply).toMatchObject({ intent: 'shipping', language: 'es' });
    expect(reply.messages).toEqual([{ kind: 'text', text: 'Los pedidos se envían en 2 días.' }]);
  });

  it("uses the default language's model when the detected language has none", async () => {
    const reply = await ask('Bonjour, quand arrive ma commande ? delivery time', {
      bot: bot({ languages: ['en', 'fr'] }),
    });
    expect(reply.language).toBe('fr');
    expect(reply.intent).toBe('shipping');
  });

  it('answers small talk from the pack', async () => {
    const reply = await ask('thank you so much');
    expect(reply).toMatchObject({ intent: 'smalltalk.thanks', fallback: false });
    expect(reply.messages[0]).toMatchObject({ kind: 'text' });
  });

  it('takes the knowledge source below the threshold, with the link to the source', async () => {
    const t = tools([passage]);
    const reply = await ask('do gift cards expire', { tools: t });
    expect(t.queries).toEqual(['do gift cards expire']);
    expect(reply).toMatchObject({ intent: KNOWLEDGE_INTENT, fallback: false, passage });
    expect(reply.messages).toEqual([
      {
        kind: 'rich',
        text: 'Gift cards\n\nGift cards never expire.',
        metadata: {
          contentType: '300',
          templateId: '3',
          payload: JSON.stringify([{ type: 'link', url: 'https://shop.example/faq', name: 'Store FAQ' }]),
        },
      },
    ]);
  });

  it("falls back with the fallback intent's reply when nothing fits", async () => {
    const reply = await ask('do gift cards expire');
    expect(reply).toMatchObject({ intent: 'fallback_intent', fallback: true });
    expect(reply.confidence).toBeLessThan(0.35);
    expect(reply.messages).toEqual([{ kind: 'text', text: 'Sorry, ask me something else.' }]);
  });

  it('follows the threshold: 0 answers everything with an intent, 1 nothing', async () => {
    const low = await ask('do gift cards expire', { bot: bot({ settings: { confidenceThreshold: 0 } }) });
    expect(low.fallback).toBe(false);
    expect(low.intent).not.toBe('fallback_intent');
    const high = await ask('How long will shipping take?', {
      bot: bot({ settings: { confidenceThreshold: 1 } }),
    });
    expect(high).toMatchObject({ intent: 'fallback_intent', fallback: true });
  });

  it('without any trained model still does small talk and falls back in the right language', async () => {
    const untrained = createKomposeEngine({ snapshot: async () => null });
    const hi = await untrained.reply({
      bot: bot(),
      turns: [{ role: 'customer', text: 'hello' }],
      tools: tools(),
      signal: new AbortController().signal,
    });
    expect(hi.intent).toBe('smalltalk.greeting');
    const other = await untrained.reply({
      bot: bot(),
      turns: [{ role: 'customer', text: 'quiero saber el precio del envio a mexico' }],
      tools: tools(),
      signal: new AbortController().signal,
    });
    expect(other).toMatchObject({ fallback: true, language: 'es' });
    expect(other.messages[0]).toEqual({
      kind: 'text',
      text: 'Lo siento, no lo he entendido. ¿Puedes decirlo de otra manera?',
    });
  });

  it('answers the newest customer turn', async () => {
    const reply = await engine.reply({
      bot: bot(),
      turns: [
        { role: 'customer', text: 'how do I return an item' },
        { role: 'bot', text: 'You can return items within 30 days.' },
        { role: 'customer', text: 'when will my order arrive' },
      ],
      tools: tools(),
      signal: new AbortController().signal,
    });
    expect(reply.intent).toBe('shipping');
  });
});
