import { describe, expect, it } from 'vitest';
import {
  isConfident,
  passageCandidate,
  type RankedReply,
  type ReplyCandidate,
  rankReplies,
  sentencesOf,
} from './ranking.js';
import { DEFAULT_SMARTREPLY_THRESHOLD, MIN_SUGGESTION_SCORE, smartReplyThreshold } from './settings.js';

// A small support set fixed here (four saved answers, a quick reply, an auto-suggest entry, a
// knowledge passage): the thresholds of settings.ts were chosen on it.

const CANDIDATES: ReplyCandidate[] = [
  {
    source: 'answer',
    id: 'shipping',
    title: 'shipping',
    keys: [
      'How long does shipping take?',
      'When will my order arrive?',
      'delivery time',
      'how many days for delivery',
      'where is my package',
    ],
    reply: 'Shipping takes 3 to 5 working days.',
  },
  {
    source: 'answer',
    id: 'refund',
    title: 'refund',
    keys: ['I want a refund', 'how do I get my money back', 'return an item', 'can I send it back'],
    reply: 'You can return any item within 30 days for a full refund.',
  },
  {
    source: 'answer',
    id: 'invoice',
    title: 'invoice',
    keys: ['where is my invoice', 'I need a copy of my invoice', 'download statement'],
    reply: 'Invoices are under Account > Billing.',
  },
  {
    source: 'answer',
    id: 'password',
    title: 'password',
    keys: ['I forgot my password', 'reset my password', 'cannot log in'],
    reply: 'Use "Forgot password" on the sign-in page.',
  },
  {
    source: 'quick-reply',
    id: 'hours',
    title: '/hours',
    keys: ['opening hours', 'We are open Monday to Friday, 9am to 6pm.'],
    reply: 'We are open Monday to Friday, 9am to 6pm.',
  },
  {
    source: 'suggestion',
    id: 'payment',
    title: 'Payment methods',
    keys: ['Payment methods', 'We accept Visa, Mastercard and PayPal.'],
    reply: 'We accept Visa, Mastercard and PayPal.',
  },
  passageCandidate({
    id: 'warranty',
    title: 'Warranty',
    heading: 'Warranty',
    text: 'Every device has a two-year warranty. The warranty covers manufacturing defects. Accidental damage is not covered.',
  }),
];

const IN_SCOPE: [string, string][] = [
  ['how long does delivery take?', 'shipping'],
  ['when does my parcel arrive', 'shipping'],
  ['can I get my money back', 'refund'],
  ['I need my bill', 'invoice'],
  ['what are your opening hours', 'hours'],
  ['does the warranty cover a broken screen', 'warranty'],
  ['how long is the warranty', 'warranty'],
  ['can I pay with paypal', 'payment'],
  ['my password does not work', 'password'],
  ['I would like to return my shoes', 'refund'],
];

const OUT_OF_SCOPE = [
  'Do you need my number?',
  'what is the capital of France',
  'hello',
  'do you sell gift cards',
  'is there a store in Lisbon',
  'tell me a joke',
  'what time is it in Tokyo',
  'can I change my email address',
];

const rank = (q: string, limit = 3) => rankReplies(q, CANDIDATES, 'en', limit);

describe('smartreply ranking', () => {
  it.each(IN_SCOPE)('ranks the right reply first for "%s"', (question, id) => {
    expect(rank(question)[0]?.candidate.id).toBe(id);
  });

  it('lets a bot answer most paraphrases and no off-topic question at the default threshold', () => {
    const answered = IN_SCOPE.filter(([q, id]) => {
      const ranked = rank(q, 2);
      return isConfident(ranked, DEFAULT_SMARTREPLY_THRESHOLD) && ranked[0]?.candidate.id === id;
    });
    expect(answered.length).toBeGreaterThanOrEqual(7);
    for (const q of OUT_OF_SCOPE) expect(isConfident(rank(q, 2), DEFAULT_SMARTREPLY_THRESHOLD)).toBe(false);
  });

  it('suggests nothing for a message without content words or sharing none with the replies', () => {
    expect(rank('hello')).toEqual([]);
    expect(rank('what is the capital of France')).toEqual([]);
    expect(rank('?!')).toEqual([]);
    expect(rankReplies('where is my invoice', [], 'en', 3)).toEqual([]);
  });

  it('scores an exact saved phrase 1 and keeps scores within 0…1', () => {
    expect(rank('how do I get my money back')[0]).toMatchObject({ score: 1 });
    for (const [q] of IN_SCOPE) for (const r of rank(q)) expect(r.score).toBeGreaterThan(0);
    for (const [q] of IN_SCOPE) for (const r of rank(q)) expect(r.score).toBeLessThanOrEqual(1);
    expect(MIN_SUGGESTION_SCORE).toBeLessThan(DEFAULT_SMARTREPLY_THRESHOLD);
  });

  it('answers from a passage with the matching sentence, not the whole passage', () => {
    const [best] = rank('does the warranty cover a broken screen');
    expect(best?.text).toBe('The warranty covers manufacturing defects. Accidental damage is not covered.');
  });

  it('is deterministic, keeps at most `limit` and one suggestion per reply text', () => {
    const twice: ReplyCandidate[] = [
      ...CANDIDATES,
      {
        source: 'quick-reply',
        id: 'zz',
        title: '/ship',
        keys: ['shipping time'],
        reply: 'Shipping takes 3 to 5 working days. ',
      },
    ];
    const ranked = rankReplies('how long does shipping take', twice, 'en', 5);
    expect(ranked.filter((r) => r.text === 'Shipping takes 3 to 5 working days.')).toHaveLength(1);
    expect(ranked[0]?.candidate.source).toBe('answer');
    expect(rankReplies('how long does shipping take', twice, 'en', 5)).toEqual(ranked);
    expect(rank('warranty delivery refund invoice', 1)).toHaveLength(1);
  });

  it('reads French with its stems: "commandes" finds an answer saved as "commande"', () => {
    const fr: ReplyCandidate[] = [
      {
        source: 'answer',
        id: 'suivi',
        title: 'suivi',
        keys: ['où est ma commande', 'suivre ma commande'],
        reply: 'Suivez votre colis depuis votre compte.',
      },
      {
        source: 'answer',
        id: 'remboursement',
        title: 'remboursement',
        keys: ['je veux être remboursé'],
        reply: 'Remboursement sous 30 jours.',
      },
    ];
    expect(rankReplies('Où sont mes commandes ?', fr, 'fr', 3)[0]?.candidate.id).toBe('suivi');
  });
});

describe('isConfident', () => {
  const ranked = (...scores: number[]): RankedReply[] =>
    scores.map((score, i) => ({ candidate: CANDIDATES[i] as ReplyCandidate, text: `r${i}`, score }));

  it('needs the threshold and a lead over the runner-up', () => {
    expect(isConfident([], 0.4)).toBe(false);
    expect(isConfident(ranked(0.39), 0.4)).toBe(false);
    expect(isConfident(ranked(0.4), 0.4)).toBe(true);
    expect(isConfident(ranked(0.8, 0.78), 0.4)).toBe(false);
    expect(isConfident(ranked(0.8, 0.7), 0.4)).toBe(true);
  });

  it("uses the bot's own threshold when it has a valid one", () => {
    expect(smartReplyThreshold({})).toBe(DEFAULT_SMARTREPLY_THRESHOLD);
    expect(smartReplyThreshold({ confidenceThreshold: 0.7 })).toBe(0.7);
    expect(smartReplyThreshold({ confidenceThreshold: 7 })).toBe(DEFAULT_SMARTREPLY_THRESHOLD);
  });
});

describe('sentencesOf', () => {
  it('splits on sentence ends and lines, dropping blanks', () => {
    expect(sentencesOf('One. Two!\n\nThree? Four')).toEqual(['One.', 'Two!', 'Three?', 'Four']);
    expect(sentencesOf('   ')).toEqual([]);
  });
});
