import { describe, expect, it } from 'vitest';
import {
  confidencePercent,
  EMULATOR_HISTORY_LIMIT,
  type EmulatorTurn,
  emulatorHistory,
} from './emulator/emulator-turns';
import { languageChange, pickBuilderLanguage } from './languages';
import { fallbackPercent, thresholdPreviewFrom } from './threshold-preview';
import { type TrainingState, trainingBadge, trainingInProgress } from './training-status';

const bot = { languages: ['en', 'fr'], defaultLanguage: 'en' };

describe('builder languages', () => {
  it('edits the requested language only when the bot has it, else the default one', () => {
    expect(pickBuilderLanguage(bot, 'fr')).toBe('fr');
    expect(pickBuilderLanguage(bot, 'es')).toBe('en');
    expect(pickBuilderLanguage(bot, 'xx')).toBe('en');
    expect(pickBuilderLanguage(bot, null)).toBe('en');
    expect(pickBuilderLanguage({ languages: ['kn'], defaultLanguage: 'kn' }, null)).toBe('kn');
  });

  it('sends only what changed, keeps the default enabled and the product order', () => {
    expect(languageChange(bot, ['fr', 'en'], 'en')).toBeNull();
    expect(languageChange(bot, ['kn', 'en', 'fr', 'es'], 'en')).toEqual({
      languages: ['en', 'es', 'fr', 'kn'],
    });
    expect(languageChange(bot, ['fr'], 'en')).toBeNull();
    expect(languageChange(bot, ['fr'], 'fr')).toEqual({ languages: ['fr'], defaultLanguage: 'fr' });
    expect(languageChange(bot, ['en', 'fr', 'zz'], 'fr')).toEqual({ defaultLanguage: 'fr' });
  });
});

describe('threshold preview', () => {
  it("reads the server's counts", () => {
    expect(
      thresholdPreviewFrom({
        threshold: 0.5,
        currentThreshold: 0.35,
        total: 10,
        answered: 7,
        fallBack: 3,
        changed: 2,
      }),
    ).toEqual({ total: 10, answered: 7, fallback: 3, changed: 2 });
  });

  it('gives the fallback share in whole percent', () => {
    expect(fallbackPercent({ total: 3, answered: 2, fallback: 1, changed: 0 })).toBe(33);
    expect(fallbackPercent({ total: 0, answered: 0, fallback: 0, changed: 0 })).toBe(0);
  });
});

describe('training badge', () => {
  const state = (patch: Partial<TrainingState>): TrainingState => ({
    language: 'en',
    warnings: [],
    status: 'ready',
    error: null,
    trainedAt: 1,
    stale: false,
    ...patch,
  });
  it('says trained, training, not yet trained, failed or never trained for the language shown', () => {
    expect(trainingBadge([state({})], 'en')).toBe('trained');
    expect(trainingBadge([state({ stale: true })], 'en')).toBe('stale');
    expect(trainingBadge([state({ status: 'training', stale: true })], 'en')).toBe('training');
    expect(trainingBadge([state({ status: 'failed', error: 'x' })], 'en')).toBe('failed');
    expect(trainingBadge([state({ status: 'idle', trainedAt: null })], 'en')).toBe('untrained');
    expect(trainingBadge([state({})], 'fr')).toBe('untrained');
  });
  it('polls while something is queued or training, not after a failure', () => {
    expect(trainingInProgress([state({})])).toBe(false);
    expect(trainingInProgress([state({}), state({ language: 'fr', stale: true })])).toBe(true);
    expect(trainingInProgress([state({ status: 'training' })])).toBe(true);
    expect(trainingInProgress([state({ status: 'failed', stale: true })])).toBe(false);
  });
});

describe('emulator turns', () => {
  const reply = (text: string) => ({
    messages: [
      { kind: 'text' as const, text },
      { kind: 'rich' as const, text: '', metadata: { contentType: '300' } },
    ],
    intent: 'shipping',
    confidence: 0.9,
    fallback: false,
    handoff: false,
    language: 'en',
    passage: null,
    explanation: null,
  });
  it('sends earlier turns oldest first, the bot as its text, at most the API limit', () => {
    const turns: EmulatorTurn[] = [
      { role: 'customer', text: 'hi' },
      { role: 'bot', reply: reply('Hello!') },
    ];
    expect(emulatorHistory(turns)).toEqual([
      { role: 'customer', text: 'hi' },
      { role: 'bot', text: 'Hello!' },
    ]);
    const many: EmulatorTurn[] = Array.from({ length: 60 }, (_, i) => ({ role: 'customer', text: `m${i}` }));
    const history = emulatorHistory(many);
    expect(history).toHaveLength(EMULATOR_HISTORY_LIMIT);
    expect(history[0]?.text).toBe('m10');
  });
  it('shows confidence in whole percent, clamped', () => {
    expect(confidencePercent(0.876)).toBe(88);
    expect(confidencePercent(1.2)).toBe(100);
    expect(confidencePercent(-1)).toBe(0);
    expect(confidencePercent(Number.NaN)).toBe(0);
  });
});
