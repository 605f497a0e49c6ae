import { z } from 'zod';
import { successEnvelope } from './accounts.js';

// Product API for /settings/email-notifications (which mails a member receives) and
// /settings/pushnotification (Web Push: the installation's VAPID public key and a member's
// subscriptions, one per browser). Both are the caller's own.

export const emailNotificationsSchema = z.object({
  /** A conversation is assigned to me while I am not online. */
  assignedToMe: z.boolean(),
  /** A new message arrives in one of my conversations while I am offline. */
  newMessageWhileOffline: z.boolean(),
  dailySummary: z.boolean(),
});
export type EmailNotifications = z.infer<typeof emailNotificationsSchema>;
export const DEFAULT_EMAIL_NOTIFICATIONS: EmailNotifications = {
  assignedToMe: true,
  newMessageWhileOffline: true,
  dailySummary: false,
};
export const emailNotificationsResponseSchema = successEnvelope(emailNotificationsSchema);

export const pushPublicKeyResponseSchema = successEnvelope(z.object({ publicKey: z.string() }));

/** What PushSubscription.toJSON() gives, plus a label naming the browser. */
export const pushSubscriptionRequestSchema = z.object({
  endpoint: z.string().trim().url().max(2000).startsWith('https://'),
  keys: z.object({
    /** base64url of the browser's 65-byte P-256 public key. */
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{87}=?$/, 'Expected a 65-byte base64url key.'),
    /** base64url of the 16-byte auth secret. */
    auth: z.string().regex(/^[A-Za-z0-9_-]{22}(==)?$/, 'Expected a 16-byte base64url secret.'),
  }),
  label: z.string().trim().max(200).optional(),
});
export const pushSubscriptionSchema = z.object({
  id: z.string(),
  endpoint: z.string(),
  label: z.string(),
  createdAtTime: z.number(),
});
export type PushSubscriptionInfo = z.infer<typeof pushSubscriptionSchema>;
export const pushSubscriptionResponseSchema = successEnvelope(pushSubscriptionSchema);
export const pushSubscriptionListResponseSchema = successEnvelope(z.array(pushSubscriptionSchema));
export const pushSubscriptionParamsSchema = z.object({ id: z.string().uuid() });
export const pushTestResponseSchema = successEnvelope(z.object({ delivered: z.number() }));

// /subscribe and /unsubscribe (SPEC §2): a member's mail choices from the signed link in every
// notification mail, without signing in. The token names the member; the server signs and checks it.
export const mailPreferencesTokenSchema = z.string().trim().min(20).max(400);
export const mailPreferencesQuerySchema = z.object({ token: mailPreferencesTokenSchema });
export const mailPreferencesSchema = z.object({
  /** The address the mails go to (the link's owner is the one reading it). */
  email: z.string(),
  choices: emailNotificationsSchema,
});
export type MailPreferences = z.infer<typeof mailPreferencesSchema>;
export const mailPreferencesResponseSchema = successEnvelope(mailPreferencesSchema);
export const mailPreferencesUpdateSchema = z.object({
  token: mailPreferencesTokenSchema,
  choices: emailNotificationsSchema,
});

/** Everything off (the /unsubscribe action) and the defaults back on (the /subscribe action). */
export const NO_EMAIL_NOTIFICATIONS: EmailNotifications = {
  assignedToMe: false,
  newMessageWhileOffline: false,
  dailySummary: false,
};
