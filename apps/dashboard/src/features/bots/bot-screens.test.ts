import type { Bot } from '@convo/api';
import { describe, expect, it } from 'vitest';
import {
  baseUrlError,
  builderPath,
  credentialsBody,
  credentialsInitial,
  ENGINE_CARDS,
  engineDisplayName,
} from './bot-screens';

const bot: Bot = {
  id: '8f9d2c1e-4b7a-4c3e-9d2f-1a2b3c4d5e6f',
  userName: 'bot-helper-abc123',
  name: 'Helper',
  engine: 'openai',
  enabled: true,
  defaultLanguage: 'en',
  languages: ['en'],
  operationMode: 'classic',
  settings: { model: 'gpt-4o-mini', baseUrl: 'http://localhost:11434/v1', instructions: 'Be kind.' },
  credentials: null,
  hasApiKey: true,
  firstResponder: false,
  firstResponderTeamIds: [],
  conversationsThisWeek: 0,
  lastError: null,
  createdAt: 0,
  updatedAt: 0,
};

describe('bots screens', () => {
  it('lists every engine, with a key for the LLM ones and a credentials form for the external ones', () => {
    expect(ENGINE_CARDS.map((c) => c.engine)).toEqual([
      'kompose',
      'openai',
      'gemini',
      'anthropic',
      'smartreply',
      'dialogflow',
      'dialogflowcx',
      'amazonlex',
      'watson',
      'custom',
      'viaKM',
    ]);
    expect(ENGINE_CARDS.filter((c) => c.external).map((c) => c.engine)).toEqual([
      'dialogflow',
      'dialogflowcx',
      'amazonlex',
      'watson',
      'custom',
      'viaKM',
    ]);
    expect(ENGINE_CARDS.filter((c) => c.needsCredentials).map((c) => c.engine)).toEqual([
      'openai',
      'gemini',
      'anthropic',
    ]);
    expect(ENGINE_CARDS.filter((c) => c.supportsBaseUrl).map((c) => c.engine)).toEqual(['openai']);
    expect(engineDisplayName('kompose')).toBe('Kompose');
    expect(engineDisplayName('openai')).toBe('OpenAI');
    expect(engineDisplayName('smartreply')).toBe('Smart Reply');
  });

  it('links a bot to its engine’s builder', () => {
    expect(builderPath(bot)).toBe(`/bots/bot-builder/openai?botId=${bot.id}`);
  });

  it('keeps the stored key unless one is typed or removed', () => {
    const initial = credentialsInitial(bot);
    expect(initial).toEqual({
      engine: 'openai',
      model: 'gpt-4o-mini',
      baseUrl: 'http://localhost:11434/v1',
      apiKey: '',
      removeKey: false,
    });
    expect(credentialsBody(initial)).toEqual({
      engine: 'openai',
      settings: { model: 'gpt-4o-mini', baseUrl: 'http://localhost:11434/v1' },
    });
    expect(credentialsBody({ ...initial, apiKey: '  sk-new ' }).apiKey).toBe('sk-new');
    expect(credentialsBody({ ...initial, removeKey: true }).apiKey).toBe('');
  });

  it('sends no base URL for other providers and nothing but the engine for kompose', () => {
    const gemini = credentialsInitial(bot, 'gemini');
    expect(gemini.model).toBe('');
    expect(credentialsBody({ ...gemini, model: 'gemini-2.5-flash', baseUrl: 'http://x' })).toEqual({
      engine: 'gemini',
      settings: { model: 'gemini-2.5-flash' },
    });
    expect(credentialsBody(credentialsInitial(bot, 'kompose'))).toEqual({ engine: 'kompose', settings: {} });
  });

  it('accepts only http(s) base URLs', () => {
    expect(baseUrlError('')).toBeNull();
    expect(baseUrlError('http://127.0.0.1:11434/v1')).toBeNull();
    expect(baseUrlError('ftp://example.com')).toBe('integrations.errors.baseUrl');
    expect(baseUrlError('not a url')).toBe('integrations.errors.baseUrl');
  });
});
