import { describe, expect, it } from 'vitest';
import { phraseKey, trainingWarnings } from './bot-training-warnings.js';

const answers = (name: string, userSays: string[]) => ({ name, section: 'answers', userSays });

const HEALTHY = [
  answers('shipping', ['how long does shipping take', 'when will my parcel arrive', 'delivery time']),
  answers('refunds', ['i want my money back', 'how do i get a refund', 'can you refund my order']),
];

describe('trainingWarnings', () => {
  it('says nothing about healthy intents', () => {
    expect(trainingWarnings({ language: 'en', intents: HEALTHY })).toEqual([]);
  });

  it('warns about a bot with one answer', () => {
    const warnings = trainingWarnings({ language: 'en', intents: [HEALTHY[0]!] });
    expect(warnings).toEqual([
      { code: 'ONE_INTENT', intents: ['shipping'], phrases: [], detectedLanguage: null },
    ]);
  });

  it('does not count small talk or phrase-less sections as answers', () => {
    const warnings = trainingWarnings({
      language: 'en',
      intents: [
        HEALTHY[0]!,
        { name: 'fallback_intent', section: 'fallback', userSays: [] },
        { name: 'thanks', section: 'small-talk', userSays: ['thanks a lot', 'thank you so much'] },
      ],
    });
    expect(warnings.map((w) => w.code)).toEqual(['ONE_INTENT']);
  });

  it('warns about an intent with one phrase', () => {
    const warnings = trainingWarnings({
      language: 'en',
      intents: [...HEALTHY, answers('opening', ['what are your opening hours'])],
    });
    expect(warnings).toEqual([
      {
        code: 'ONE_PHRASE',
        intents: ['opening'],
        phrases: ['what are your opening hours'],
        detectedLanguage: null,
      },
    ]);
  });

  it('warns about phrases written in another language, grouped by that language', () => {
    const warnings = trainingWarnings({
      language: 'en',
      intents: [
        ...HEALTHY,
        answers('opening', [
          'what are your opening hours',
          'quelles sont vos heures d’ouverture ?',
          'à quelle heure est-ce que vous ouvrez',
          '¿a qué hora abren la tienda?',
          'ok',
        ]),
      ],
    });
    expect(warnings).toEqual([
      {
        code: 'WRONG_LANGUAGE',
        intents: ['opening'],
        phrases: ['quelles sont vos heures d’ouverture ?', 'à quelle heure est-ce que vous ouvrez'],
        detectedLanguage: 'fr',
      },
      {
        code: 'WRONG_LANGUAGE',
        intents: ['opening'],
        phrases: ['¿a qué hora abren la tienda?'],
        detectedLanguage: 'es',
      },
    ]);
  });

  it('judges Kannada by its script even in a short phrase', () => {
    const warnings = trainingWarnings({
      language: 'en',
      intents: [answers('shipping', [...HEALTHY[0]!.userSays, 'ನಮಸ್ಕಾರ']), HEALTHY[1]!],
    });
    expect(warnings.map((w) => [w.code, w.detectedLanguage, w.phrases])).toEqual([
      ['WRONG_LANGUAGE', 'kn', ['ನಮಸ್ಕಾರ']],
    ]);
  });

  it('leaves a phrase with evidence for its own language too', () => {
    const warnings = trainingWarnings({
      language: 'es',
      intents: [
        answers('gracias', ['me has ayudado mucho', 'muchas gracias por todo']),
        answers('pedido', ['¿dónde está mi pedido?', 'quiero saber cuándo llega']),
      ],
    });
    expect(warnings).toEqual([]);
  });

  it('does not judge the language of phrases too short to tell', () => {
    const warnings = trainingWarnings({
      language: 'fr',
      intents: [
        answers('livraison', ['ok merci', 'délai de livraison', 'quand arrive mon colis']),
        answers('retour', ['je veux un remboursement', 'comment retourner un article']),
      ],
    });
    expect(warnings).toEqual([]);
  });

  it('names the phrases two intents share, ignoring case, accents and punctuation', () => {
    const warnings = trainingWarnings({
      language: 'en',
      intents: [
        answers('shipping', ['Where is my order?', 'delivery time', 'track my parcel']),
        answers('refunds', ['where is my order', 'I want my money back', 'Track my parcel!']),
        answers('opening', ['when are you open', 'opening hours', 'delivery time']),
      ],
    });
    expect(warnings).toEqual([
      {
        code: 'DUPLICATE_PHRASES',
        intents: ['shipping', 'refunds'],
        phrases: ['Where is my order?', 'track my parcel'],
        detectedLanguage: null,
      },
      {
        code: 'DUPLICATE_PHRASES',
        intents: ['shipping', 'opening'],
        phrases: ['delivery time'],
        detectedLanguage: null,
      },
    ]);
  });

  it('folds phrases to compare them', () => {
    expect(phraseKey('  Où est   ma commande ? ')).toBe('ou est ma commande');
  });
});
