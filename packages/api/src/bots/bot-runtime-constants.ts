// The bot runtime's names that light clients (the chat widget) use, without zod: a module with a
// top-level z.object() cannot be tree-shaken, so one constant imported from it brings all of zod.

/** `message.streaming`: the text so far of a bot's answer; the stored message with KM_BOT_STREAM_ID replaces it. */
export const BOT_STREAMING_EVENT = 'message.streaming';

/** Metadata of a bot's messages: the stream it replaces, and "this is an answer" (feedback buttons). */
export const BOT_MESSAGE_METADATA = {
  streamId: 'KM_BOT_STREAM_ID',
  answer: 'KM_BOT_ANSWER',
  handoff: 'KM_BOT_HANDOFF',
} as const;
