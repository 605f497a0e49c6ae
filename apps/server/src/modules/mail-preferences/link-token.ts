import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { safeEqual, sha256 } from '../../platform/crypto.js';

// The signed token of a /subscribe or /unsubscribe link: base64url(JSON payload) "." HMAC-SHA256 of
// it with a key derived from the app secret. It names one member of one application; it does not
// expire (a mail's unsubscribe link must keep working) and grants nothing but these mail choices.

const payloadSchema = z.object({
  p: z.literal('mail-preferences'),
  a: z.string().min(1),
  u: z.string().uuid(),
});
export interface MailLinkSubject {
  applicationId: string;
  userId: string;
}

const keyOf = (secret: string) => sha256(`mail-preferences:${secret}`);
const signatureOf = (secret: string, body: string) =>
  createHmac('sha256', keyOf(secret)).update(body).digest('base64url');

export function signMailLinkToken(secret: string, subject: MailLinkSubject): string {
  const body = Buffer.from(
    JSON.stringify({ p: 'mail-preferences', a: subject.applicationId, u: subject.userId }),
  ).toString('base64url');
  return `${body}.${signatureOf(secret, body)}`;
}

/** The member a token names, or null when it is malformed or not signed with this secret. */
export function verifyMailLinkToken(secret: string, token: string): MailLinkSubject | null {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  if (!safeEqual(signature, signatureOf(secret, body))) return null;
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
    return parsed.success ? { applicationId: parsed.data.a, userId: parsed.data.u } : null;
  } catch {
    return null;
  }
}

/** The /unsubscribe link of a mail (the page also offers subscribing again). */
export function unsubscribeUrl(publicUrl: string, secret: string, subject: MailLinkSubject): string {
  return `${publicUrl}/unsubscribe?token=${encodeURIComponent(signMailLinkToken(secret, subject))}`;
}
