import { describe, expect, it } from 'vitest';
import { analyse } from '../bots/index.js';
import { clusterSentences, type InsightTokenizer } from './insight-clusters.js';

const tokenize =
  (language: 'en' | 'es' | 'fr'): InsightTokenizer =>
  (text) =>
    analyse(text, language)
      .filter((t) => !t.stop)
      .map((t) => ({ term: t.group ?? t.stem, word: t.word }));

const topicOf = (topics: ReturnType<typeof clusterSentences>, needle: RegExp) =>
  topics.filter((t) => t.examples.some((e) => needle.test(e)));

describe('clusterSentences', () => {
  it('groups paraphrases of the same question and keeps different questions apart', () => {
    const sentences = [
      'Where is my parcel?',
      'my parcel has not arrived yet',
      'parcel still not delivered',
      'When will my parcel arrive',
      'Can I pay with PayPal?',
      'do you accept paypal payments',
      'paying by paypal',
      'How do I delete my account',
      'please delete my account',
      'account deletion',
      'is the shop open on sunday',
    ];
    const topics = clusterSentences(sentences, tokenize('en'));
    const parcel = topicOf(topics, /parcel/i);
    const paypal = topicOf(topics, /paypal/i);
    const account = topicOf(topics, /account/i);
    expect(parcel).toHaveLength(1);
    expect(paypal).toHaveLength(1);
    expect(account).toHaveLength(1);
    expect(parcel[0]!.count).toBe(4);
    expect(paypal[0]!.count).toBe(3);
    expect(account[0]!.count).toBeGreaterThanOrEqual(2);
    expect(parcel[0]!.examples.every((e) => /parcel/i.test(e))).toBe(true);
    expect(paypal[0]!.label.toLowerCase()).toContain('paypal');
    // A lone question is no topic.
    expect(topicOf(topics, /sunday/i)).toHaveLength(0);
    expect(topics[0]!.count).toBeGreaterThanOrEqual(topics.at(-1)!.count);
  });

  it('counts repeated questions once as examples but fully in the count, in other languages too', () => {
    const topics = clusterSentences(
      [
        '¿Dónde está mi pedido?',
        'dónde está mi pedido',
        'mi pedido no ha llegado',
        '¿Puedo cambiar la contraseña?',
        'cambiar contraseña',
      ],
      tokenize('es'),
    );
    const pedido = topicOf(topics, /pedido/i)[0]!;
    expect(pedido.count).toBe(3);
    expect(pedido.examples).toHaveLength(2);
    expect(topicOf(topics, /contraseña/i)[0]!.count).toBe(2);
  });

  it('is deterministic and ignores sentences without a content word', () => {
    const input = ['the', '   ', 'refund please', 'I want a refund', 'refund my order'];
    const first = clusterSentences(input, tokenize('en'));
    expect(clusterSentences(input, tokenize('en'))).toEqual(first);
    expect(first).toEqual([expect.objectContaining({ count: 3 })]);
  });
});
