import { describe, expect, it } from 'vitest';
import { analyse } from './analyser.js';
import { IntentClassifier } from './classifier.js';
import { featureNames } from './features.js';
import { CALIBRATED_CONFIDENCE, chooseThreshold, KomposeModel } from './model.js';
import { buildSnapshot, trainingSets, trainModels } from './snapshot.js';

const BOT = [
  { text: 'where is my invoice', intent: 'invoice' },
  { text: 'send me my invoices again', intent: 'invoice' },
  { text: 'I need a copy of the invoice', intent: 'invoice' },
  { text: 'can you email the invoice for my order', intent: 'invoice' },
  { text: 'invoice missing', intent: 'invoice' },
  { text: 'how long does delivery take', intent: 'delivery' },
  { text: 'when will my parcel be delivered', intent: 'delivery' },
  { text: 'is shipping fast', intent: 'delivery' },
  { text: 'how many days until my order arrives', intent: 'delivery' },
  { text: 'delivery time to my city', intent: 'delivery' },
  { text: 'I want my money back', intent: 'refund' },
  { text: 'can I get a refund', intent: 'refund' },
  { text: 'how do refunds work', intent: 'refund' },
  { text: 'I returned the item, where is my refund', intent: 'refund' },
  { text: 'refund my payment please', intent: 'refund' },
];

describe('kompose analyser and features', () => {
  it('stems per language, folds accents and marks stop words', () => {
    expect(analyse('Invoices invoicing', 'en').map((t) => t.stem)).toEqual(['invoic', 'invoic']);
    expect(analyse('Les commandes', 'fr')).toMatchObject([
      { word: 'les', stop: true },
      { word: 'commandes', stem: 'command', stop: false },
    ]);
    expect(analyse('¿Dónde está?', 'es').map((t) => t.word)).toEqual(['donde', 'esta']);
    expect(analyse('ನನ್ನ ಆರ್ಡರ್', 'kn').map((t) => t.stem)).toEqual(['ನನ್ನ', 'ಆರ್ಡರ್']);
  });

  it('gives synonyms one feature, and keeps the language-neutral features for old models', () => {
    const bill = featureNames('my bill', 'en');
    expect(bill).toContain('g invoic');
    expect(featureNames('the invoice', 'en')).toContain('g invoic');
    expect(featureNames('my bill').some((n) => n.startsWith('g '))).toBe(false);
  });
});

describe('kompose model', () => {
  const model = KomposeModel.train(BOT, { language: 'en' });

  it('answers paraphrases, through stems and synonyms', () => {
    for (const [text, intent] of [
      ['could you resend the invoice', 'invoice'],
      ['I need a copy of my bill', 'invoice'],
      ['how quickly do you deliver', 'delivery'],
      ['refund please', 'refund'],
    ] as const) {
      const d = model.classify(text);
      expect(d.intent, text).toBe(intent);
      expect(d.confidence, text).toBeGreaterThanOrEqual(CALIBRATED_CONFIDENCE);
    }
  });

  it('classifies a synonym it never saw (the bill is the invoice)', () => {
    expect(model.classify('where is my bill').intent).toBe('invoice');
  });

  it('refuses questions for another business, and reports the runner-up', () => {
    for (const text of ['who won the tennis final', 'what is the capital of peru']) {
      expect(model.classify(text).confidence, text).toBeLessThan(CALIBRATED_CONFIDENCE);
    }
    expect(model.classify('where is my invoice').runnerUp).not.toBeNull();
  });

  it('is deterministic and survives storage', () => {
    const again = KomposeModel.train(BOT, { language: 'en' });
    expect(again.toJSON()).toEqual(model.toJSON());
    const loaded = KomposeModel.fromJSON(JSON.parse(JSON.stringify(model.toJSON())));
    expect(loaded.classify('where is my bill')).toEqual(model.classify('where is my bill'));
    expect(loaded.calibration).toEqual(model.calibration);
  });

  it('chooses a threshold between paraphrases and out-of-scope sentences, within bounds', () => {
    expect(chooseThreshold([0.8, 0.7, 0.6], [0.1, 0.2])).toBeGreaterThan(0.2);
    expect(chooseThreshold([0.8, 0.7, 0.6], [0.1, 0.2])).toBeLessThanOrEqual(0.6);
    expect(chooseThreshold([0.01], [0.0])).toBeGreaterThanOrEqual(0.05);
    expect(chooseThreshold([], [0.2])).toBe(0.3);
    expect(chooseThreshold([0.9], [0.1], 0.4)).toBeGreaterThanOrEqual(0.4);
  });
});

describe('kompose training on bad input', () => {
  it('trains a bot with one intent, and still refuses what it does not know', () => {
    const one = KomposeModel.train(
      BOT.filter((e) => e.intent === 'refund'),
      { language: 'en' },
    );
    expect(one.classify('can I have a refund').intent).toBe('refund');
    expect(one.classify('can I have a refund').confidence).toBeGreaterThanOrEqual(CALIBRATED_CONFIDENCE);
    expect(one.classify('what is the capital of peru').confidence).toBeLessThan(CALIBRATED_CONFIDENCE);
  });

  it('trains an intent with one phrase', () => {
    const lone = KomposeModel.train([...BOT, { text: 'do you sell gift cards', intent: 'gift' }], {
      language: 'en',
    });
    expect(lone.classify('do you sell gift cards?').intent).toBe('gift');
    const single = KomposeModel.train([{ text: 'opening hours', intent: 'hours' }], { language: 'en' });
    expect(single.calibration.threshold).toBe(0.3);
    expect(single.classify('what are your opening hours').confidence).toBeGreaterThanOrEqual(
      CALIBRATED_CONFIDENCE,
    );
  });

  it('trains duplicate phrases across intents (neither wins clearly: lower confidence)', () => {
    const dup = KomposeModel.train([...BOT, { text: 'can I get a refund', intent: 'invoice' }], {
      language: 'en',
    });
    const d = dup.classify('can I get a refund');
    expect(['refund', 'invoice']).toContain(d.intent);
    expect(d.confidence).toBeLessThan(model().classify('can I get a refund').confidence);
  });

  it('keeps small talk out of the bot’s own model', () => {
    const intents = [
      { section: 'answers', name: 'refund', userSays: ['can I get a refund'] },
      { section: 'small-talk', name: 'smalltalk.thanks', userSays: ['cheers mate'] },
    ];
    const sets = trainingSets(intents, 'en');
    expect(sets.answers.map((e) => e.intent)).toEqual(['refund']);
    expect(sets.smallTalk.filter((e) => e.intent === 'smalltalk.thanks').map((e) => e.text)).toEqual([
      'cheers mate',
    ]);
    const stored = trainModels(intents, 'en');
    expect(stored.answers?.classifier.intents).toEqual(['refund']);
    expect(stored.smallTalk.classifier.intents).toContain('smalltalk.greeting');
  });
});

describe('kompose models stored before issue 34', () => {
  it('still load and answer as they did (softmax × coverage), small talk included', () => {
    const old = IntentClassifier.train([...BOT, { text: 'thank you', intent: 'smalltalk.thanks' }], {
      seed: 7,
    }).toJSON();
    expect(old.vocabulary.language).toBeUndefined();
    const snapshot = buildSnapshot({ language: 'en', models: old, intents: [], entities: [] });
    expect(snapshot.answers?.classify('can I get a refund').intent).toBe('refund');
    expect(snapshot.answers?.classify('thank you').intent).toBe('smalltalk.thanks');
    expect(snapshot.smallTalk.classify('hello there').intent).toBe('smalltalk.greeting');
  });
});

function model() {
  return KomposeModel.train(BOT, { language: 'en' });
}
