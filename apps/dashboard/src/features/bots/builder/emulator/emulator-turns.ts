// The emulator's chat log and what of it goes back to the server as history.

import type { EmulatorReply } from '@convo/api';

export type EmulatorTurn =
  | { role: 'customer'; text: string }
  | {
      role: 'bot';
      reply: EmulatorReply;
      /** The customer message it answered (what a correction teaches). */
      message?: string;
      /** Answered again after "this should have been…" retrained the bot. */
      retrained?: boolean;
    };

/** The API takes at most this many earlier turns. */
export const EMULATOR_HISTORY_LIMIT = 50;

/** Earlier turns, oldest first, the bot's as the text it sent (rich replies by their text). */
export function emulatorHistory(
  turns: readonly EmulatorTurn[],
): { role: 'customer' | 'bot'; text: string }[] {
  return turns
    .map((turn) =>
      turn.role === 'customer'
        ? { role: 'customer' as const, text: turn.text }
        : {
            role: 'bot' as const,
            text: turn.reply.messages
              .map((m) => m.text.trim())
              .filter((s) => s !== '')
              .join('\n'),
          },
    )
    .map((turn) => ({ ...turn, text: turn.text.slice(0, 5000) }))
    .slice(-EMULATOR_HISTORY_LIMIT);
}

/** Confidence (0…1) in whole percent, clamped. */
export function confidencePercent(confidence: number): number {
  if (!Number.isFinite(confidence)) return 0;
  return Math.round(Math.min(1, Math.max(0, confidence)) * 100);
}
