/** Names of the real-time events, stored and sent in the envelope `{ seq, type, appId, conversationId?, data }`. */
export const EVENT = {
  MESSAGE_RECEIVED: 'message.received',
  MESSAGE_DELIVERED: 'message.delivered',
  MESSAGE_READ: 'message.read',
  CONVERSATION_CREATED: 'conversation.created',
  CONVERSATION_UPDATED: 'conversation.updated',
  CONVERSATION_ASSIGNED: 'conversation.assigned',
  /** Notify everybody (routing 0): sent to each notified agent's own stream, ten at most. */
  CONVERSATION_NOTIFY: 'conversation.notify',
  CONVERSATION_STATUS: 'conversation.status_changed',
  CONVERSATION_TAGGED: 'conversation.tagged',
  NOTE_ADDED: 'note.added',
  NOTE_UPDATED: 'note.updated',
  NOTE_DELETED: 'note.deleted',
  WAITING_QUEUE: 'waiting_queue.updated',
  UNREAD: 'unread.updated',
  // Ephemeral: never stored, no seq.
  TYPING: 'typing',
  /** A bot's answer as the provider streams it: `{ groupId, streamId, text }` (the text so far). */
  MESSAGE_STREAMING: 'message.streaming',
  PRESENCE: 'presence',
} as const;
export type EventType = (typeof EVENT)[keyof typeof EVENT];

/** Every member of the application (agents, admins, bots…). */
export const AUDIENCE_MEMBERS = 'members';
/** One end user's own stream (the customer of a conversation). */
export const audienceUser = (userId: string) => `user:${userId}`;

export interface NewEvent {
  type: EventType;
  conversationId?: number | null;
  audiences: readonly string[];
  data: Record<string, unknown>;
}

export interface StoredEvent {
  seq: number;
  type: string;
  appId: string;
  conversationId: number | null;
  /** Who may see it (one seq for all of them). */
  audiences: readonly string[];
  data: Record<string, unknown>;
}

/** The envelope a client receives. */
export function toEnvelope(e: StoredEvent) {
  return {
    seq: e.seq,
    type: e.type,
    appId: e.appId,
    ...(e.conversationId !== null ? { conversationId: e.conversationId } : {}),
    data: e.data,
  };
}

// Each stored event's data as JSON, as the append wrote it, so the hub's frame reuses that text:
// a message's data was stringified twice per send (the stored row, then the socket frame). Keyed
// by the data object, which nothing changes once stored; a replayed or relayed event (read back,
// or parsed from Redis) is a new object and is stringified.
const storedDataJson = new WeakMap<object, string>();

/** The data's JSON, written once per event (the append's, when it wrote it). */
export function dataJsonOf(data: Record<string, unknown>): string {
  let json = storedDataJson.get(data);
  if (json === undefined) {
    json = JSON.stringify(data);
    storedDataJson.set(data, json);
  }
  return json;
}

/** `JSON.stringify(toEnvelope(e))`, the same text, with the data's JSON written once. */
export function envelopeJson(e: StoredEvent): string {
  const conversation = e.conversationId !== null ? `,"conversationId":${e.conversationId}` : '';
  return `{"seq":${e.seq},"type":${JSON.stringify(e.type)},"appId":${JSON.stringify(e.appId)}${conversation},"data":${dataJsonOf(e.data)}}`;
}

/** Who receives a conversation's events: every member of the application and its customer. */
export function audiencesOf(conversation: { customerId: string | null }): string[] {
  return conversation.customerId
    ? [AUDIENCE_MEMBERS, audienceUser(conversation.customerId)]
    : [AUDIENCE_MEMBERS];
}
