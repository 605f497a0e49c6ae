import { describe, expect, it } from 'vitest';
import { arbitrate, extractAnswer, matchSentences, sentencesOf } from './answer.js';

const PICKUP =
  'Choose the pickup point at checkout. The Lisbon pickup point is at Rua da Prata 112. It opens Tuesday to Saturday from 11:00 to 19:00. The Madrid pickup point is open Monday to Friday.';
const terms = [
  { term: 'lisbon', weight: 3 },
  { term: 'pickup', weight: 2 },
  { term: 'point', weight: 1 },
  { term: 'open', weight: 2 },
];

describe('sentence extraction', () => {
  it('splits sentences without breaking prices or times', () => {
    expect(sentencesOf('It costs 4.90 euros. Open 11:00 to 19:00!\nNext line', 'en')).toEqual([
      'It costs 4.90 euros.',
      'Open 11:00 to 19:00!',
      'Next line',
    ]);
  });

  it('answers with the best sentence and the neighbour that adds the missing term', () => {
    expect(extractAnswer(PICKUP, terms, 'en')).toBe(
      'The Lisbon pickup point is at Rua da Prata 112. It opens Tuesday to Saturday from 11:00 to 19:00.',
    );
  });

  it('reads the relevance from one sentence with the heading, and needs two terms of a longer question', () => {
    expect(matchSentences(PICKUP, null, terms, 'en').relevance).toBe(0.75);
    // "need" and "number" in different sentences: no sentence holds two terms.
    const scattered = matchSentences(
      'You need a receipt. Send us the serial number.',
      null,
      [
        { term: 'need', weight: 1 },
        { term: 'number', weight: 1 },
      ],
      'en',
    );
    expect(scattered.relevance).toBe(0);
    // The heading counts with every sentence.
    expect(
      matchSentences(
        'Riders must be 16 years old.',
        'Test rides',
        [
          { term: 'test', weight: 1 },
          { term: 'rider', weight: 1 },
        ],
        'en',
      ).relevance,
    ).toBe(1);
  });
});

describe('arbitration between a saved answer and a passage', () => {
  const explain = {
    relevance: 1,
    minRelevance: 0.5,
    bm25: 5,
    similarity: null,
    ranking: 'keyword' as const,
    terms: terms.map((t) => ({ ...t, matched: true })),
  };

  it('gives the question to the passage holding its specific terms', () => {
    const verdict = arbitrate(explain, new Set(['open', 'hour', 'shop']));
    expect(verdict).toMatchObject({ winner: 'knowledge', specificTerms: ['lisbon', 'pickup', 'point'] });
    expect(verdict.answerCoverage).toBe(0.25);
  });

  it('keeps the saved answer when its phrases cover the question as well', () => {
    expect(arbitrate(explain, new Set(['lisbon', 'pickup', 'point', 'open'])).winner).toBe('answer');
    // Specific terms but not clearly better: under the margin.
    expect(arbitrate({ ...explain, relevance: 0.8 }, new Set(['lisbon', 'pickup', 'open'])).winner).toBe(
      'answer',
    );
  });
});
