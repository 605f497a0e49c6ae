import { describe, expect, it } from 'vitest';
import type { BotTurn } from '../../engine.js';
import { buildMessages, buildSystemPrompt, LLM_MAX_TURNS, parseLlmSettings } from './prompt.js';

const bot = { name: 'Shop Assistant', defaultLanguage: 'fr' as const, settings: {} };

describe('buildSystemPrompt', () => {
  it("names the bot, the default language and both tools, and adds the admin's instructions last", () => {
    const prompt = buildSystemPrompt({ ...bot, settings: { instructions: '  Never promise refunds.  ' } });
    expect(prompt).toContain('You are Shop Assistant');
    expect(prompt).toContain('French');
    expect(prompt).toContain('search_knowledge');
    expect(prompt).toContain('handoff');
    expect(prompt.trimEnd().endsWith('Never promise refunds.')).toBe(true);
  });

  it('has no instructions section when the instructions are blank or not text', () => {
    expect(buildSystemPrompt({ ...bot, settings: { instructions: '   ' } })).not.toContain(
      'Instructions from',
    );
    expect(buildSystemPrompt({ ...bot, settings: { instructions: 42 } })).not.toContain('Instructions from');
  });

  it("carries what the bot said before the customer's first message", () => {
    const prompt = buildSystemPrompt(bot, ['Welcome to the shop!']);
    expect(prompt).toContain('you had already said:\nWelcome to the shop!');
  });
});

describe('buildMessages', () => {
  it('maps customer to user and bot/agent to assistant, marking the agent, and joins same-side turns', () => {
    const turns: BotTurn[] = [
      { role: 'bot', text: 'Hi!' },
      { role: 'customer', text: 'Where is my order?' },
      { role: 'customer', text: 'It is #123' },
      { role: 'bot', text: 'Let me check.' },
      { role: 'agent', text: 'It ships today.' },
      { role: 'customer', text: 'Thanks' },
    ];
    const { messages, openingBotTurns } = buildMessages(turns);
    expect(openingBotTurns).toEqual(['Hi!']);
    expect(messages).toEqual([
      { role: 'user', content: 'Where is my order?\n\nIt is #123' },
      { role: 'assistant', content: 'Let me check.\n\n(a human teammate wrote) It ships today.' },
      { role: 'user', content: 'Thanks' },
    ]);
  });

  it('keeps only the last turns, drops empty ones and clips very long ones', () => {
    const turns: BotTurn[] = Array.from({ length: LLM_MAX_TURNS + 10 }, (_, i) => ({
      role: i % 2 === 0 ? 'customer' : 'bot',
      text: `turn ${i}`,
    }));
    turns.push({ role: 'customer', text: '   ' }, { role: 'customer', text: 'x'.repeat(10_000) });
    const { messages, openingBotTurns } = buildMessages(turns);
    const all = messages.map((m) => String(m.content)).join('\n');
    // 41 non-empty turns, the last 30 kept: turns 11…39 and the long one; 11 (the bot's) opens.
    expect(openingBotTurns).toEqual(['turn 11']);
    expect(all).not.toMatch(/\bturn (0|10|11)\b/);
    expect(all).toMatch(/\bturn 12\b/);
    expect(all).toContain(`turn ${LLM_MAX_TURNS + 9}`);
    const last = String(messages.at(-1)?.content);
    expect(last.length).toBeLessThan(4100);
    expect(last.endsWith('…')).toBe(true);
  });

  it('has no messages when the customer has not written', () => {
    expect(buildMessages([{ role: 'bot', text: 'Hello' }]).messages).toEqual([]);
  });
});

describe('parseLlmSettings', () => {
  it('reads the LLM fields, treats empty strings as unset and drops bad values', () => {
    expect(
      parseLlmSettings({
        model: '',
        baseUrl: '',
        instructions: 'Be kind',
        timeoutMs: 500,
        confidenceThreshold: 0.4,
      }),
    ).toEqual({ instructions: 'Be kind', model: undefined, baseUrl: undefined, timeoutMs: 500 });
    // A timeout above the 20 s ceiling, or not a number, is ignored rather than failing the reply.
    expect(parseLlmSettings({ timeoutMs: 60_000, model: 7 }).timeoutMs).toBeUndefined();
    expect(parseLlmSettings({ timeoutMs: 'soon' }).model).toBeUndefined();
  });
});
