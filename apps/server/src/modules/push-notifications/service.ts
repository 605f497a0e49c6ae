import type { PushSubscriptionInfo, pushSubscriptionRequestSchema } from '@convo/api';
import webpush from 'web-push';
import type { z } from 'zod';
import type { AuthContext } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { Db } from '../../platform/db/database.js';
import {
  OUTBOUND_FAILURE,
  outbound,
  outboundErrorIn,
  outboundPolicy,
  webUrlProblem,
} from '../../platform/outbound/index.js';
import * as repo from './repository.js';

// /settings/pushnotification: Web Push with VAPID. The key pair is made on first use and kept in
// the database, so every server of an installation signs with the same key.

export async function vapidKeys(db: Db) {
  const stored = await repo.findVapidKeys(db);
  if (stored) return stored;
  return repo.storeVapidKeysOnce(db, webpush.generateVAPIDKeys());
}

export const publicKey = async (db: Db) => ({ publicKey: (await vapidKeys(db)).publicKey });

const toInfo = (row: repo.PushSubscriptionRow): PushSubscriptionInfo => ({
  id: row.id,
  endpoint: row.endpoint,
  label: row.label,
  createdAtTime: row.createdAt.getTime(),
});

export async function list(db: Db, caller: AuthContext) {
  return (await repo.listSubscriptions(db, caller.applicationId, caller.userId)).map(toInfo);
}

export async function subscribe(
  db: Db,
  caller: AuthContext,
  input: z.output<typeof pushSubscriptionRequestSchema>,
): Promise<PushSubscriptionInfo> {
  // A browser's push service is on the internet; an endpoint inside the server's network is not one.
  const problem = webUrlProblem(input.endpoint, outboundPolicy());
  if (problem)
    throw badRequest('ADDRESS_NOT_ALLOWED', `The push endpoint ${problem}.`, [
      { path: 'endpoint', message: problem },
    ]);
  const row = await repo.upsertSubscription(db, {
    applicationId: caller.applicationId,
    userId: caller.userId,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    label: input.label ?? '',
  });
  return toInfo(row);
}

export async function unsubscribe(db: Db, caller: AuthContext, id: string) {
  if (!(await repo.deleteSubscription(db, caller.applicationId, caller.userId, id)))
    throw notFound('Push subscription not found.');
}

/** VAPID wants an https: URL or a mailto: address naming who runs the server. */
export function vapidSubject(publicUrl: string, mailFrom: string): string {
  if (publicUrl.startsWith('https://')) return publicUrl;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  return `mailto:${address.trim()}`;
}

const PUSH_TIMEOUT_MS = 10_000;

/**
 * Sends a test notification to each of the caller's browsers. A subscription the push service
 * says is gone (404/410) is removed; when none could be reached the caller gets PUSH_FAILED.
 */
export async function sendTest(
  db: Db,
  caller: AuthContext,
  subject: string,
  payload: { title: string; body: string },
): Promise<{ delivered: number }> {
  const subscriptions = await repo.listSubscriptions(db, caller.applicationId, caller.userId);
  if (subscriptions.length === 0)
    throw badRequest('NO_PUSH_SUBSCRIPTION', 'Turn on push notifications in this browser first.');
  const keys = await vapidKeys(db);
  const errors: string[] = [];
  let delivered = 0;
  for (const s of subscriptions) {
    try {
      // The endpoint is the browser's word: checked like any address a tenant gives (literals
      // here, names by the agent's lookup, which connects to the address it checked).
      await outbound.assertUrl(s.endpoint);
      await webpush.sendNotification(
        { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
        JSON.stringify({ ...payload, url: '/' }),
        {
          vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: 60,
          timeout: PUSH_TIMEOUT_MS,
          agent: outbound.httpsAgent,
        },
      );
      delivered += 1;
    } catch (err) {
      const status = err instanceof webpush.WebPushError ? err.statusCode : undefined;
      if (status === 404 || status === 410)
        await repo.deleteSubscription(db, caller.applicationId, caller.userId, s.id);
      // Never the socket's error: it would tell what listens at the endpoint.
      errors.push(
        status ? `push service answered ${status}` : (outboundErrorIn(err)?.message ?? OUTBOUND_FAILURE),
      );
    }
  }
  if (delivered === 0)
    // A refusal of the caller's request, not a fault of this server: 400 with what went wrong.
    throw badRequest('PUSH_FAILED', 'The notification could not be delivered to any browser.', { errors });
  return { delivered };
}
