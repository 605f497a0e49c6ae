import { z } from 'zod';
import { platformOk } from '../messaging/index.js';

export { BOT_MESSAGE_METADATA, BOT_STREAMING_EVENT } from './bot-runtime-constants.js';

// Bots at work in conversations (issue 15): a visitor's feedback on a bot's answer, the time bots
// saved (SPEC §7 stats/time/saved/bot), and the real-time event of a streamed answer.

export const botDetailsParamsSchema = z.object({ userId: z.string().trim().min(1).max(190) });

/** `botdetails/{userId}`: `data` holds the bot (empty when that user is no enabled bot). */
export const botDetailsResponseSchema = z.object({
  code: z.literal('SUCCESS'),
  data: z.array(
    z.object({
      id: z.string(),
      userId: z.string(),
      name: z.string(),
      /** Convo's engine name (kompose, openai…); the widget compares it with "dialogflow". */
      aiPlatform: z.string(),
      /** Token-by-token answers: Convo's bots answer whole messages. */
      generativeResponse: z.boolean(),
      /** The widget's own thumbs on answers; Convo's widget has its own (answerFeedback route). */
      answerFeedback: z.boolean(),
      dialogflowCXBot: z.boolean(),
    }),
  ),
});
export type BotDetails = z.infer<typeof botDetailsResponseSchema>;

export const botAnswerParamsSchema = z.object({ messageId: z.coerce.number().int().positive() });

export const botAnswerFeedbackRequestSchema = z.object({ helpful: z.boolean() });
export type BotAnswerFeedbackRequest = z.infer<typeof botAnswerFeedbackRequestSchema>;

export const botAnswerFeedbackSchema = z.object({
  messageId: z.number(),
  helpful: z.boolean().nullable(),
});
export type BotAnswerFeedback = z.infer<typeof botAnswerFeedbackSchema>;

export const timeSavedQuerySchema = z.object({
  /** Epoch ms; the last 30 days when absent. */
  from: z.coerce.number().int().min(0).optional(),
  botId: z.uuid().optional(),
});
export type TimeSavedQuery = z.input<typeof timeSavedQuerySchema>;

export const timeSavedSchema = z.object({
  from: z.number(),
  /** Seconds of agents' time the bots saved in conversations they handled alone. */
  secondsSaved: z.number(),
  conversations: z.number(),
  handedOff: z.number(),
  answers: z.number(),
  helpful: z.number(),
  notHelpful: z.number(),
});
export type TimeSaved = z.infer<typeof timeSavedSchema>;
export const timeSavedResponseSchema = platformOk(timeSavedSchema);

export const botStreamingDataSchema = z.object({
  groupId: z.number(),
  streamId: z.string(),
  text: z.string(),
});
export type BotStreamingData = z.infer<typeof botStreamingDataSchema>;
