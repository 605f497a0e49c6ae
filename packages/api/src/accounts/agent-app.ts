import { z } from 'zod';

// /settings/agent-app: signing in on a phone by scanning a QR code shown in the signed-in
// dashboard. The QR holds a short-lived, single-use link (`/t/<token>`, the SPEC §2 `{token}` route).

export const mobileSignInLinkSchema = z.object({
  url: z.string(),
  /** PNG data URL of the QR code of `url`. */
  qrDataUrl: z.string(),
  expiresAt: z.number(),
});
export type MobileSignInLink = z.infer<typeof mobileSignInLinkSchema>;
export const mobileSignInLinkResponseSchema = z.object({
  code: z.literal('SUCCESS'),
  data: mobileSignInLinkSchema,
});

export const mobileSignInExchangeSchema = z.object({ token: z.string().trim().min(1).max(128) });
