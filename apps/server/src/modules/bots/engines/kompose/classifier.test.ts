import { describe, expect, it } from 'vitest';
import { IntentClassifier } from './classifier.js';
import { featureNames, tokenize } from './features.js';

const SHOP = [
  ['where is my order', 'order_status'],
  ['has my parcel shipped yet', 'order_status'],
  ['track my package', 'order_status'],
  ['when will my delivery arrive', 'order_status'],
  ['i want to return these shoes', 'returns'],
  ['how do i send an item back', 'returns'],
  ['can i get a refund for my jacket', 'returns'],
  ['return policy for damaged goods', 'returns'],
  ['what time do you open', 'opening_hours'],
  ['are you open on sunday', 'opening_hours'],
  ['store hours please', 'opening_hours'],
  ['when do you close today', 'opening_hours'],
  ['¿dónde está mi pedido?', 'order_status'],
  ['quiero devolver mis zapatos', 'returns'],
  ['ನನ್ನ ಆರ್ಡರ್ ಎಲ್ಲಿದೆ', 'order_status'],
].map(([text, intent]) => ({ text: text as string, intent: intent as string }));

describe('kompose features', () => {
  it('folds Latin accents and case but keeps Kannada vowel signs', () => {
    expect(tokenize('¿Dónde ESTÁ mi pedido?')).toEqual(['donde', 'esta', 'mi', 'pedido']);
    expect(tokenize('ನನ್ನ ಆರ್ಡರ್')).toEqual(['ನನ್ನ', 'ಆರ್ಡರ್']);
  });

  it('gives words, bigrams and character n-grams, each once', () => {
    const names = featureNames('open open now');
    expect(names).toContain('w open');
    expect(names).toContain('b open now');
    expect(names).toContain('c <op');
    expect(names).toContain('c now>');
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('kompose intent classifier', () => {
  const model = IntentClassifier.train(SHOP);

  it('answers paraphrases it never saw with the right intent', () => {
    expect(model.predict('where is my parcel').intent).toBe('order_status');
    expect(model.predict('I would like a refund').intent).toBe('returns');
    expect(model.predict('are you open tomorrow').intent).toBe('opening_hours');
    expect(model.predict('mi pedido').intent).toBe('order_status');
  });

  it('is more confident on a training phrase than on unrelated text', () => {
    const known = model.predict('track my package');
    const unrelated = model.predict('the quantum physics of penguins');
    expect(known.confidence).toBeGreaterThan(0.5);
    expect(unrelated.confidence).toBeLessThan(known.confidence);
  });

  it('ranks every intent with probabilities that sum to one', () => {
    const ranked = model.rank('store hours');
    expect(ranked.map((r) => r.intent).sort()).toEqual(['opening_hours', 'order_status', 'returns']);
    expect(ranked[0]?.intent).toBe('opening_hours');
    expect(ranked.reduce((sum, r) => sum + r.confidence, 0)).toBeCloseTo(1, 5);
  });

  it('answers the same after a round trip through its stored form', () => {
    const restored = IntentClassifier.fromJSON(JSON.parse(JSON.stringify(model.toJSON())));
    for (const text of ['where is my parcel', 'refund please', 'ನನ್ನ ಆರ್ಡರ್']) {
      expect(restored.rank(text)).toEqual(model.rank(text));
    }
    const broken = { ...model.toJSON(), bias: [0] };
    expect(() => IntentClassifier.fromJSON(broken)).toThrow();
  });

  it('trains the same model twice from the same phrases', () => {
    const again = IntentClassifier.train(SHOP);
    expect(again.predict('where is my parcel')).toEqual(model.predict('where is my parcel'));
  });

  it('answers a single-intent bot with full confidence and refuses no phrases at all', () => {
    expect(IntentClassifier.train([{ text: 'hello', intent: 'greet' }]).predict('anything')).toEqual({
      intent: 'greet',
      confidence: 1,
    });
    expect(() => IntentClassifier.train([])).toThrow();
  });
});
