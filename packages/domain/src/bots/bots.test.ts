import { describe, expect, it } from 'vitest';
import {
  asksForHuman,
  BOT_PLATFORM_DISPLAY_NAMES,
  BOT_PLATFORMS,
  botLanguagesOf,
  builderSections,
  DEFAULT_INTENTS,
  ENABLED_BOT_ENGINES,
  handoffReason,
  isBotLanguage,
  isBotPlatform,
  mentionsHandoffWord,
  wantsHuman,
} from './bots.js';

describe('bot engines', () => {
  it('names the platforms as SPEC §3 does', () => {
    expect(BOT_PLATFORM_DISPLAY_NAMES).toMatchObject({
      dialogflow: 'Dialogflow',
      dialogflowcx: 'Dialogflow CX',
      amazonlex: 'Amazon Lex',
      custom: 'Custom',
      kompose: 'Kompose',
      watson: 'IBM Watson',
      openai: 'OpenAI',
      gemini: 'Gemini',
      anthropic: 'Anthropic',
    });
    for (const engine of ENABLED_BOT_ENGINES) expect(BOT_PLATFORMS).toContain(engine);
  });

  it('keeps the default intents of SPEC §2', () => {
    expect(DEFAULT_INTENTS.welcome).toEqual({ name: 'welcome_event', displayName: 'Default Welcome Intent' });
    expect(DEFAULT_INTENTS.fallback).toEqual({
      name: 'fallback_intent',
      displayName: 'Default Fallback Intent',
    });
  });
});

describe('builder sections', () => {
  it('gives user-says phrases to answers and small talk only', () => {
    const withPhrases = builderSections('classic')
      .filter((s) => s.hasUserSays)
      .map((s) => s.key);
    expect(withPhrases).toEqual(['answers', 'small-talk']);
  });

  it('lists the sections of SPEC §2, the imported help-center FAQ editor after the knowledge source', () => {
    expect(builderSections('agentic').map((s) => s.key)).toEqual([
      'agent-instructions',
      'welcome-message',
      'answers',
      'small-talk',
      'knowledge-source',
      'help-center-faq',
      'fallback',
      'generate-code',
    ]);
  });

  it('asks for an intent name in classic and an action name in agentic', () => {
    const answers = (variant: 'classic' | 'agentic') =>
      builderSections(variant).find((s) => s.key === 'answers')?.namePlaceholder;
    expect(answers('classic')).toBe('Enter Intent Name');
    expect(answers('agentic')).toBe('Enter Action Name');
  });
});

describe('handoff', () => {
  const none = {
    customerAskedForHuman: false,
    consecutiveFallbacks: 0,
    fallbacksBeforeHandoff: 2,
    toolRequested: false,
  };

  it('hands off on request, on the tool, and after N fallbacks in a row', () => {
    expect(handoffReason(none)).toBeNull();
    expect(handoffReason({ ...none, customerAskedForHuman: true })).toBe('customer-request');
    expect(handoffReason({ ...none, toolRequested: true })).toBe('tool');
    expect(handoffReason({ ...none, consecutiveFallbacks: 1 })).toBeNull();
    expect(handoffReason({ ...none, consecutiveFallbacks: 2 })).toBe('repeated-fallback');
    expect(handoffReason({ ...none, consecutiveFallbacks: 9, fallbacksBeforeHandoff: 0 })).toBeNull();
  });

  it('recognises a request for a person in the four shipped languages', () => {
    for (const text of [
      'Can I talk to a human please?',
      'I want to speak with an agent',
      '¿Puedo hablar con una PERSONA?',
      'Je voudrais parler à un conseiller',
      'ನಾನು ಮನುಷ್ಯನೊಂದಿಗೆ ಮಾತನಾಡಬೇಕು',
    ]) {
      expect(asksForHuman(text), text).toBe(true);
    }
    for (const text of [
      'Where is my order?',
      'Is the agent of change a good book?',
      '¿Dónde está mi pedido?',
    ]) {
      expect(asksForHuman(text), text).toBe(false);
    }
  });
});

describe('bot languages as stored', () => {
  it('puts the default first, drops what the product does not ship, and falls back to English', () => {
    expect(botLanguagesOf({ defaultLanguage: 'fr', languages: ['en', 'fr', 'xx', 'kn'] })).toEqual([
      'fr',
      'en',
      'kn',
    ]);
    expect(botLanguagesOf({ defaultLanguage: 'zz', languages: ['es'] })).toEqual(['en', 'es']);
    expect(isBotLanguage('kn')).toBe(true);
    expect(isBotLanguage('de')).toBe(false);
    expect(isBotLanguage(null)).toBe(false);
    expect(isBotPlatform('kompose')).toBe(true);
    expect(isBotPlatform('eliza')).toBe(false);
  });
});

describe('handover words', () => {
  it("matches a bot's own words as whole words, ignoring case and accents", () => {
    expect(mentionsHandoffWord('I want a REFUND now', ['refund'])).toBe(true);
    expect(mentionsHandoffWord('refunded already', ['refund'])).toBe(false);
    expect(mentionsHandoffWord('Quiero un reembolso, señor', ['reembolso'])).toBe(true);
    expect(mentionsHandoffWord('call me back please', ['call me back'])).toBe(true);
    expect(mentionsHandoffWord('anything', ['', '  '])).toBe(false);
  });

  it('adds them to the shipped phrases', () => {
    expect(wantsHuman('can I talk to a human', [])).toBe(true);
    expect(wantsHuman('billing manager', ['billing manager'])).toBe(true);
    expect(wantsHuman('hello', ['billing'])).toBe(false);
  });
});
