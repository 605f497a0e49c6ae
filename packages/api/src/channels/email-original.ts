import * as z from 'zod/mini';
import { successEnvelope } from '../accounts/index.js';

// An e-mail conversation's original message, as the inbox shows it. Apart from channels.ts, for
// the reason given in whatsapp-templates.ts.

export const emailOriginalParamsSchema = z.object({
  groupId: z.coerce.number().check(z.int(), z.positive()),
  messageId: z.coerce.number().check(z.int(), z.positive()),
});

export const emailOriginalSchema = z.object({
  messageId: z.string(),
  subject: z.string(),
  from: z.string(),
  to: z.string(),
  cc: z.string(),
  /** ms since epoch; null without a readable Date header. */
  date: z.nullable(z.number()),
  /** Every header as it was sent, in order (folded lines joined). */
  headers: z.array(z.object({ name: z.string(), value: z.string() })),
  text: z.string(),
  /** The HTML part sanitized with the SPEC §5 whitelist; null when the mail has none. */
  html: z.nullable(z.string()),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), size: z.number() })),
  /** The original's size in bytes. */
  size: z.number(),
});
export type EmailOriginal = z.infer<typeof emailOriginalSchema>;
export const emailOriginalResponseSchema = successEnvelope(emailOriginalSchema);
