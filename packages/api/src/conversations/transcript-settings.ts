import * as z from 'zod/mini';
import { successEnvelope } from '../accounts/index.js';
import { TRANSCRIPT_EXTRA_RECIPIENTS_MAX } from './constants.js';

// Product API of Settings → Conversation transcript: who is mailed the transcript of a
// conversation when it is resolved (by a person, in bulk or by auto-resolve).

/** One extra recipient, the way the other e-mail fields of the API take them. */
export const transcriptRecipientSchema = z
  .string()
  .check(
    z.trim(),
    z.toLowerCase(),
    z.maxLength(254, 'an e-mail address is at most 254 characters'),
    z.email('not a valid e-mail address'),
  );

export const transcriptSettingsSchema = z.object({
  /** The customer of the conversation, when their e-mail address is known. */
  sendToCustomerOnResolve: z.boolean(),
  /** The agent the conversation is assigned to when it is resolved. */
  sendToAssigneeOnResolve: z.boolean(),
  /** Further addresses (a team mailbox, a CRM's inbound address…), lower-cased, no duplicates. */
  extraRecipients: z.array(z.string()),
});
export type TranscriptSettings = z.infer<typeof transcriptSettingsSchema>;

export const DEFAULT_TRANSCRIPT_SETTINGS: TranscriptSettings = {
  sendToCustomerOnResolve: false,
  sendToAssigneeOnResolve: false,
  extraRecipients: [],
};

/** PUT: the whole settings document. The same address twice is kept once. */
export const transcriptSettingsWriteSchema = z.object({
  sendToCustomerOnResolve: z.boolean({ error: 'sendToCustomerOnResolve must be true or false' }),
  sendToAssigneeOnResolve: z.boolean({ error: 'sendToAssigneeOnResolve must be true or false' }),
  extraRecipients: z.pipe(
    z
      .array(transcriptRecipientSchema, { error: 'extraRecipients must be a list of e-mail addresses' })
      .check(
        z.maxLength(
          TRANSCRIPT_EXTRA_RECIPIENTS_MAX,
          `extraRecipients has at most ${TRANSCRIPT_EXTRA_RECIPIENTS_MAX} addresses`,
        ),
      ),
    z.transform((list) => [...new Set(list)]),
  ),
});
export type TranscriptSettingsWrite = z.input<typeof transcriptSettingsWriteSchema>;

export const transcriptSettingsResponseSchema = successEnvelope(transcriptSettingsSchema);
