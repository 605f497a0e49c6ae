// Frames of the /ws protocol (docs/realtime.md), parsed with zod: the server is a boundary too.

import * as z from 'zod/mini';

/** A stored event (it has a seq) or an ephemeral one (typing, presence: no seq). */
export const realtimeEventSchema = z.object({
  seq: z.optional(z.number().check(z.int())),
  type: z.string(),
  appId: z.optional(z.string()),
  conversationId: z.optional(z.number()),
  data: z._default(z.record(z.string(), z.unknown()), {}),
});
export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;

const controlFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), seq: z.number(), userId: z.optional(z.string()) }),
  z.object({ type: z.literal('resumed'), seq: z.number() }),
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('error'), code: z.string(), message: z.optional(z.string()) }),
]);
export type ControlFrame = z.infer<typeof controlFrameSchema>;

export type ServerFrame = { kind: 'control'; frame: ControlFrame } | { kind: 'event'; event: RealtimeEvent };

const CONTROL_TYPES = new Set(['ready', 'resumed', 'pong', 'error']);

/** Parses one text frame; null for anything unreadable (ignored, never a crash). */
export function parseServerFrame(text: string): ServerFrame | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const type = typeof json === 'object' && json !== null ? (json as { type?: unknown }).type : undefined;
  if (typeof type === 'string' && CONTROL_TYPES.has(type)) {
    const parsed = controlFrameSchema.safeParse(json);
    return parsed.success ? { kind: 'control', frame: parsed.data } : null;
  }
  const parsed = realtimeEventSchema.safeParse(json);
  return parsed.success ? { kind: 'event', event: parsed.data } : null;
}

/** Close code the server uses for a refused or revoked session. */
export const CLOSE_UNAUTHORIZED = 4401;

/** The longest wait between two reconnection attempts: an agent waits at most this once the server is back. */
export const MAX_BACKOFF_MS = 10_000;

/** Reconnect delay after `attempt` failures: 1 s doubling, up to 30 % jitter, never above 10 s. */
export function backoffDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_BACKOFF_MS, 1_000 * 2 ** Math.max(0, Math.min(attempt, 30)));
  return Math.min(MAX_BACKOFF_MS, Math.round(base * (1 + 0.3 * random())));
}

/** ws:// or wss:// URL of the socket, on the messaging host when it is another origin. */
export function socketUrl(messagingBaseUrl: string, path: string, location: { href: string }): string {
  const base = new URL(messagingBaseUrl || '/', location.href);
  const url = new URL(path, base);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}
