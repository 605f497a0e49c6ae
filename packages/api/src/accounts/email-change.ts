import { z } from 'zod';
import { emailSchema, passwordSchema } from './accounts.js';

// Changing the sign-in e-mail: the profile page asks for a link to the new address; opening it
// (the public /email/update page) makes the change.

export const emailChangeRequestSchema = z.object({
  newEmail: emailSchema,
  /** The current password, for accounts that have one (a Google-only account has none). */
  password: z.optional(passwordSchema),
});
export type EmailChangeRequest = z.infer<typeof emailChangeRequestSchema>;

export const emailChangeConfirmSchema = z.object({ token: z.string().trim().min(1).max(2048) });
export type EmailChangeConfirm = z.infer<typeof emailChangeConfirmSchema>;

export const emailChangeConfirmResponseSchema = z.object({
  code: z.literal('SUCCESS'),
  message: z.string(),
  email: z.string(),
});
export type EmailChangeConfirmResponse = z.infer<typeof emailChangeConfirmResponseSchema>;
