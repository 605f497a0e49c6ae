import { z } from 'zod';
import { successEnvelope } from '../accounts/index.js';
import { botSchema } from './bots.js';
import { knowledgeSourceSchema } from './knowledge.js';

// The setup guide's "starter bot" (issue 40 item 1): one call makes a kompose bot with a welcome
// message and a fallback, attaches what the company already has, queues its training and makes it
// the first responder. A document is uploaded afterwards to the bot's knowledge (multipart stays on
// the knowledge upload route), so the call takes JSON only.

export const starterBotCreateSchema = z.discriminatedUnion('source', [
  z.strictObject({ source: z.literal('helpcenter') }),
  z.strictObject({ source: z.literal('url'), url: z.url({ protocol: /^https?$/ }).max(2000) }),
  z.strictObject({ source: z.literal('document') }),
]);
export type StarterBotCreate = z.input<typeof starterBotCreateSchema>;

export const starterBotSchema = z.object({
  bot: botSchema,
  /** The attached source; null for 'document' until the file is uploaded to the bot's knowledge. */
  source: knowledgeSourceSchema.nullable(),
});
export type StarterBot = z.infer<typeof starterBotSchema>;
export const starterBotResponseSchema = successEnvelope(starterBotSchema);
