import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SECONDS_SAVED_PER_CONVERSATION,
  firstResponderTakesChannel,
  nextConsecutiveFallbacks,
  secondsSavedByBot,
} from './bot-runtime';

describe('secondsSavedByBot', () => {
  it('counts the default once for a conversation the bot answered alone', () => {
    expect(DEFAULT_SECONDS_SAVED_PER_CONVERSATION).toBe(60);
    expect(secondsSavedByBot({ answered: 1, handedOff: false })).toBe(60);
    expect(secondsSavedByBot({ answered: 7, handedOff: false })).toBe(60);
  });
  it('saves nothing without an answer or after a handoff', () => {
    expect(secondsSavedByBot({ answered: 0, handedOff: false })).toBe(0);
    expect(secondsSavedByBot({ answered: 3, handedOff: true })).toBe(0);
  });
  it("uses the bot's own figure, ignoring nonsense", () => {
    expect(secondsSavedByBot({ answered: 2, handedOff: false, secondsPerConversation: 150 })).toBe(150);
    expect(secondsSavedByBot({ answered: 2, handedOff: false, secondsPerConversation: 0 })).toBe(0);
    expect(secondsSavedByBot({ answered: 2, handedOff: false, secondsPerConversation: Number.NaN })).toBe(0);
  });
});

describe('nextConsecutiveFallbacks', () => {
  it('grows with each fallback and resets on an answer', () => {
    expect(nextConsecutiveFallbacks(0, true)).toBe(1);
    expect(nextConsecutiveFallbacks(1, true)).toBe(2);
    expect(nextConsecutiveFallbacks(2, false)).toBe(0);
  });
});

describe('firstResponderTakesChannel', () => {
  it('takes every channel without a list', () => {
    expect(firstResponderTakesChannel({}, 'web')).toBe(true);
    expect(firstResponderTakesChannel({}, 'telegram')).toBe(true);
  });
  it('takes only the listed channels', () => {
    const demo = { firstResponderChannels: ['web'] };
    expect(firstResponderTakesChannel(demo, 'web')).toBe(true);
    expect(firstResponderTakesChannel(demo, 'telegram')).toBe(false);
    expect(firstResponderTakesChannel({ firstResponderChannels: [] }, 'web')).toBe(false);
  });
});
