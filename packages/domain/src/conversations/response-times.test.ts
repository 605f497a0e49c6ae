import { describe, expect, it } from 'vitest';
import { SENDER_TYPE } from '../messaging';
import { afterMessageForStats, type ResponseClock } from './response-times.js';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 10, minute));
const fresh: ResponseClock = { firstCustomerMessageAt: null, firstResponseAt: null, unansweredSince: null };

/** Runs messages `[sender, minute]` through the clock; the answered turns in minutes. */
function play(messages: [number, number][]) {
  let clock = fresh;
  const turns: [number, number][] = [];
  for (const [sender, minute] of messages) {
    const next = afterMessageForStats(clock, sender, at(minute));
    clock = next.clock;
    if (next.answered)
      turns.push([next.answered.askedAt.getUTCMinutes(), next.answered.answeredAt.getUTCMinutes()]);
  }
  return { clock, turns };
}

const { USER, HUMAN_AGENT, BOT } = SENDER_TYPE;

describe('response clock', () => {
  it('times each run of customer messages from its first message to the next human answer', () => {
    const { clock, turns } = play([
      [USER, 1],
      [USER, 2],
      [HUMAN_AGENT, 4],
      [HUMAN_AGENT, 5],
      [USER, 10],
      [HUMAN_AGENT, 13],
    ]);
    expect(turns).toEqual([
      [1, 4],
      [10, 13],
    ]);
    expect(clock).toEqual({ firstCustomerMessageAt: at(1), firstResponseAt: at(4), unansweredSince: null });
  });

  it('leaves the last turn open while nobody has answered it', () => {
    const { clock, turns } = play([
      [USER, 1],
      [HUMAN_AGENT, 2],
      [USER, 7],
      [USER, 8],
    ]);
    expect(turns).toEqual([[1, 2]]);
    expect(clock.unansweredSince).toEqual(at(7));
  });

  it('does not count bot answers as human responses', () => {
    const { clock, turns } = play([
      [USER, 1],
      [BOT, 1],
      [USER, 3],
      [HUMAN_AGENT, 6],
    ]);
    expect(turns).toEqual([[1, 6]]);
    expect(clock.firstResponseAt).toEqual(at(6));
  });

  it('has no first response for an agent who writes before the customer', () => {
    const { clock, turns } = play([
      [HUMAN_AGENT, 1],
      [USER, 2],
    ]);
    expect(turns).toEqual([]);
    expect(clock).toEqual({ firstCustomerMessageAt: at(2), firstResponseAt: null, unansweredSince: at(2) });
  });
});

describe('response clock of a whole conversation row', () => {
  it('returns only the clock, whoever writes', () => {
    const row = { ...fresh, id: 7, status: 0 };
    for (const sender of [USER, HUMAN_AGENT, BOT])
      expect(Object.keys(afterMessageForStats(row, sender, at(1)).clock).sort()).toEqual([
        'firstCustomerMessageAt',
        'firstResponseAt',
        'unansweredSince',
      ]);
  });
});
