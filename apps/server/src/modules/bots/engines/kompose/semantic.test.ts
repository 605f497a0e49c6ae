import type { BotSays } from '@convo/api';
import { describe, expect, it } from 'vitest';
import type { BotRuntimeConfig, BotTools } from '../../engine.js';
import type { Embedder } from '../../knowledge/embeddings.js';
import { createKomposeEngine } from './engine.js';
import { CALIBRATED_CONFIDENCE } from './model.js';
import { SemanticIndex } from './semantic.js';
import { trainSemantic } from './semantic-training.js';
import { buildSnapshot, trainModels } from './snapshot.js';

// A small stand-in for a real embeddings model, deterministic: words of one meaning share a
// dimension (what a real model learns), other words are hashed over the rest, stop words dropped.
const CONCEPTS: Record<string, string[]> = {
  billing: ['bill', 'invoice', 'statement', 'charge', 'charged', 'receipt'],
  shipping: ['shipping', 'delivery', 'parcel', 'package', 'arrive', 'ship', 'courier'],
  account: ['password', 'login', 'sign', 'locked', 'account', 'credentials'],
  refund: ['refund', 'return', 'money', 'reimburse', 'back'],
};
const STOP = new Set(
  'a an the my is it i do you how what when where can of to me on for this be was are'.split(' '),
);
const DIMENSIONS = 48;
const conceptOf = new Map(
  Object.values(CONCEPTS).flatMap((words, d) => words.map((w): [string, number] => [w, d])),
);

function toyVector(text: string): number[] {
  const v = new Array<number>(DIMENSIONS).fill(0);
  for (const word of text.toLowerCase().match(/\p{L}+/gu) ?? []) {
    if (STOP.has(word)) continue;
    const concept = conceptOf.get(word);
    if (concept !== undefined) {
      v[concept]! += 2;
      continue;
    }
    let hash = 7;
    for (const ch of word) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
    v[8 + (hash % (DIMENSIONS - 8))]! += 1;
  }
  return v;
}

function toyEmbedder(calls: string[][] = []): Embedder {
  return {
    model: 'toy-meaning',
    minSimilarity: 0.5,
    async embed(texts) {
      calls.push([...texts]);
      return texts.map(toyVector);
    },
  };
}

const text = (t: string): BotSays => ({ kind: 'text', text: t });
const INTENTS = [
  {
    section: 'answers',
    name: 'invoices',
    userSays: [
      'where can I find my invoice',
      'I need a copy of my invoice',
      'invoice for last month',
      'send me the invoice again',
    ],
    botSays: [text('Invoices are under Billing.')],
  },
  {
    section: 'answers',
    name: 'shipping',
    userSays: [
      'how long does shipping take',
      'when will my parcel arrive',
      'shipping time to Spain',
      'is shipping free',
    ],
    botSays: [text('Orders ship in 2 days.')],
  },
  {
    section: 'answers',
    name: 'login',
    userSays: ['I forgot my password', 'reset my password please', 'password not working', 'change password'],
    botSays: [text('Use "Forgot password" on the sign-in page.')],
  },
  {
    section: 'fallback',
    name: 'fallback_intent',
    userSays: [],
    botSays: [text('Sorry, I did not get that.')],
  },
];

describe('kompose meaning layer (SemanticIndex)', () => {
  const phrases = INTENTS.flatMap((i) => i.userSays.map((t) => ({ intent: i.name, vector: toyVector(t) })));
  const negatives = ['what is the capital of peru', 'play some jazz music', 'book a table for two'].map(
    toyVector,
  );

  it('answers a paraphrase that shares no word with the phrases, and calibrates on the bot', () => {
    const index = SemanticIndex.build('toy-meaning', phrases, negatives);
    expect(index).not.toBeNull();
    const near = index?.decide(toyVector('my bill looks strange'));
    expect(near).toMatchObject({ intent: 'invoices' });
    expect(near?.confidence).toBeGreaterThanOrEqual(CALIBRATED_CONFIDENCE);
    const far = index?.decide(toyVector('who won the football match yesterday'));
    expect(far?.confidence ?? 0).toBeLessThan(CALIBRATED_CONFIDENCE);
  });

  it('stores compactly and answers the same after loading', () => {
    const index = SemanticIndex.build('toy-meaning', phrases, negatives);
    const stored = index?.toJSON();
    expect(stored?.vectors.length).toBeLessThan(phrases.length * DIMENSIONS * 2);
    const loaded = stored ? SemanticIndex.fromJSON(JSON.parse(JSON.stringify(stored))) : null;
    const q = toyVector('the courier has not come');
    expect(loaded?.decide(q)?.intent).toBe(index?.decide(q)?.intent);
    expect(loaded?.threshold).toBe(index?.threshold);
  });

  it('builds nothing when no intent has two phrases, and ignores vectors of another size', () => {
    const lone = SemanticIndex.build(
      'toy',
      [
        { intent: 'a', vector: [1, 0] },
        { intent: 'b', vector: [0, 1] },
      ],
      [],
    );
    expect(lone).toBeNull();
    expect(SemanticIndex.build('toy-meaning', phrases, negatives)?.decide([1, 2, 3])).toBeNull();
  });
});

describe('kompose with an embeddings provider', () => {
  const bot: BotRuntimeConfig = {
    id: '00000000-0000-4000-8000-000000000002',
    applicationId: 'app',
    engine: 'kompose',
    name: 'Billing bot',
    defaultLanguage: 'en',
    languages: ['en'],
    settings: {},
    apiKey: null,
  };
  const tools: BotTools = { searchKnowledge: async () => [] };
  const ask = (engine: ReturnType<typeof createKomposeEngine>, message: string) =>
    engine.reply({
      bot,
      turns: [{ role: 'customer', text: message }],
      tools,
      signal: new AbortController().signal,
    });

  it('trains with one provider call, and answers by meaning what the words miss', async () => {
    const calls: string[][] = [];
    const embedder = toyEmbedder(calls);
    const semantic = await trainSemantic(embedder, INTENTS, 'en', []);
    expect(calls).toHaveLength(1);
    const snapshot = buildSnapshot({
      language: 'en',
      models: { ...trainModels(INTENTS, 'en'), semantic },
      intents: INTENTS,
      entities: [],
    });
    const withMeaning = createKomposeEngine({ snapshot: async () => snapshot, embedder });
    const wordsOnly = createKomposeEngine({ snapshot: async () => snapshot });

    const question = 'my bill looks strange';
    expect((await ask(wordsOnly, question)).fallback).toBe(true);
    const reply = await ask(withMeaning, question);
    expect(reply).toMatchObject({ intent: 'invoices', fallback: false });
    expect(reply.explanation?.best?.intent).toBe('invoices');
    // What the words already answer never waits for the provider.
    const before = calls.length;
    expect((await ask(withMeaning, 'how long does shipping take')).intent).toBe('shipping');
    expect(calls.length).toBe(before);
    // Off-topic stays off-topic.
    expect((await ask(withMeaning, 'who won the football match yesterday')).fallback).toBe(true);
  });

  it('answers by words alone when the provider fails or embeds with another model', async () => {
    const semantic = await trainSemantic(toyEmbedder(), INTENTS, 'en', []);
    const snapshot = buildSnapshot({
      language: 'en',
      models: { ...trainModels(INTENTS, 'en'), semantic },
      intents: INTENTS,
      entities: [],
    });
    const failing = createKomposeEngine({
      snapshot: async () => snapshot,
      embedder: {
        model: 'toy-meaning',
        embed: async () => {
          throw new Error('provider down');
        },
      },
    });
    expect((await ask(failing, 'my bill looks strange')).fallback).toBe(true);
    expect((await ask(failing, 'I forgot my password')).intent).toBe('login');
    const otherModel = createKomposeEngine({
      snapshot: async () => snapshot,
      embedder: { ...toyEmbedder(), model: 'another-model' },
    });
    expect((await ask(otherModel, 'my bill looks strange')).fallback).toBe(true);
  });
});
