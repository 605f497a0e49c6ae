import { describe, expect, it } from 'vitest';
import { IntentClassifier } from './classifier.js';

const model = IntentClassifier.train([
  { text: 'how long does shipping take', intent: 'shipping' },
  { text: 'when will my order arrive', intent: 'shipping' },
  { text: 'how do I return an item', intent: 'returns' },
  { text: 'can I get a refund', intent: 'returns' },
]);

describe('classifier coverage', () => {
  it('is 1 for a text made of known words, 0 for unknown ones', () => {
    expect(model.coverage('when will my order arrive')).toBeCloseTo(1);
    expect(model.coverage('xylophone quartz')).toBe(0);
    expect(model.coverage('')).toBe(0);
  });

  it('counts typos and inflections by their character trigrams', () => {
    const typo = model.coverage('when will my ordr arive');
    expect(typo).toBeGreaterThan(0.5);
    expect(typo).toBeLessThan(1);
  });

  it('weighs unknown words more than frequent known ones', () => {
    // "how" and "do" are known but common; "telescopes" and "refurbished" are unknown.
    expect(model.coverage('how do refurbished telescopes work')).toBeLessThan(0.5);
  });

  it('is the same after the model is stored and loaded', () => {
    const loaded = IntentClassifier.fromJSON(JSON.parse(JSON.stringify(model.toJSON())));
    for (const text of ['how do refurbished telescopes work', 'can I get a refund', 'ordr arive']) {
      expect(loaded.coverage(text)).toBeCloseTo(model.coverage(text), 5);
    }
  });
});
