import { startFakeAnthropic, startFakeGemini, startFakeOpenAI } from '@convo/provider-fakes';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../platform/config.js';
import { llmEngines } from './registry.js';

// The composition root's LLM engines follow OPENAI_BASE_URL / ANTHROPIC_BASE_URL / GEMINI_BASE_URL:
// how e2e and benches point the product at the local provider servers.

describe('llmEngines(config)', () => {
  it('builds openai, gemini and anthropic, each calling its configured base URL', async () => {
    const [openai, anthropic, gemini] = await Promise.all([
      startFakeOpenAI({ apiKey: 'k1' }),
      startFakeAnthropic({ apiKey: 'k2' }),
      startFakeGemini({ apiKey: 'k3' }),
    ]);
    try {
      const config = loadConfig({
        APP_SECRET: 'registry-test',
        OPENAI_BASE_URL: openai.url,
        ANTHROPIC_BASE_URL: anthropic.url,
        GEMINI_BASE_URL: gemini.url,
      });
      const engines = llmEngines(config);
      expect([...engines.keys()].sort()).toEqual(['anthropic', 'gemini', 'openai']);
      const keys = { openai: 'k1', anthropic: 'k2', gemini: 'k3' } as const;
      for (const [kind, engine] of engines) {
        expect(engine.kind).toBe(kind);
        const reply = await engine.reply({
          bot: {
            id: 'b',
            applicationId: 'a',
            engine: kind,
            name: 'Bot',
            defaultLanguage: 'en',
            languages: ['en'],
            settings: {},
            apiKey: keys[kind],
          },
          turns: [{ role: 'customer', text: 'Hello' }],
          tools: { searchKnowledge: async () => [] },
          signal: new AbortController().signal,
        });
        expect(reply.messages).toEqual([{ kind: 'text', text: 'Hello from the fake.' }]);
      }
      expect(openai.calls.map((c) => c.path)).toEqual(['/v1/responses']);
      expect(openai.calls[0]?.body).toMatchObject({ model: 'gpt-4.1-mini' });
      expect(anthropic.calls.map((c) => c.path)).toEqual(['/v1/messages']);
      expect(gemini.calls.map((c) => c.path)).toEqual([
        '/v1beta/models/gemini-2.5-flash:streamGenerateContent',
      ]);
    } finally {
      await Promise.all([openai.close(), anthropic.close(), gemini.close()]);
    }
  });

  it('leaves the providers’ own URLs when unset, and refuses a base URL that is not a URL', () => {
    expect(loadConfig({ APP_SECRET: 'x' }).llmBaseUrls).toEqual({
      openai: undefined,
      anthropic: undefined,
      gemini: undefined,
    });
    expect(loadConfig({ APP_SECRET: 'x', OPENAI_BASE_URL: '' }).llmBaseUrls.openai).toBeUndefined();
    expect(() => loadConfig({ APP_SECRET: 'x', GEMINI_BASE_URL: 'not a url' })).toThrow(ConfigError);
  });
});
