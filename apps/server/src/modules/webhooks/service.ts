import type { Webhook, WebhookDelivery, WebhookWithSecret } from '@convo/api';
import { WEBHOOK_DELIVERY_STATUSES } from '@convo/api';
import { conflict, notFound } from '../../http/errors.js';
import type { Db } from '../../platform/db/database.js';
import * as repo from './repository.js';
import { generateWebhookSecret } from './signature.js';

// Settings → Webhooks & Security: an application's outgoing webhooks and their delivery log.

/** More would only multiply the work of every message send. */
export const MAX_WEBHOOKS_PER_APPLICATION = 10;
const DEFAULT_EVENTS = ['message.received'];

export function toWebhookView(row: repo.WebhookRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    enabled: row.enabled,
    secretHint: row.secret.slice(-4),
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
  };
}

const withSecret = (row: repo.WebhookRow): WebhookWithSecret => ({
  ...toWebhookView(row),
  secret: row.secret,
});

type DeliveryStatus = WebhookDelivery['status'];
const isDeliveryStatus = (s: string): s is DeliveryStatus =>
  (WEBHOOK_DELIVERY_STATUSES as readonly string[]).includes(s);

export function toDeliveryView(row: repo.DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    webhookId: row.webhookId,
    eventType: row.eventType,
    messageId: row.messageId,
    status: isDeliveryStatus(row.status) ? row.status : 'pending',
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    createdAt: row.createdAt.getTime(),
    deliveredAt: row.deliveredAt ? row.deliveredAt.getTime() : null,
  };
}

const missing = () => notFound('Webhook not found.');

export async function listWebhooks(db: Db, applicationId: string): Promise<Webhook[]> {
  return (await repo.listWebhooks(db, applicationId)).map(toWebhookView);
}

export async function createWebhook(
  db: Db,
  applicationId: string,
  input: { url: string; events?: string[] | undefined },
): Promise<WebhookWithSecret> {
  if ((await repo.countWebhooks(db, applicationId)) >= MAX_WEBHOOKS_PER_APPLICATION) {
    throw conflict(
      'LIMIT_REACHED',
      `An application can have at most ${MAX_WEBHOOKS_PER_APPLICATION} webhooks.`,
    );
  }
  const row = await repo.insertWebhook(db, {
    applicationId,
    url: input.url,
    events: input.events ?? DEFAULT_EVENTS,
    secret: generateWebhookSecret(),
  });
  return withSecret(row);
}

export async function updateWebhook(
  db: Db,
  applicationId: string,
  id: string,
  input: { url?: string | undefined; enabled?: boolean | undefined; events?: string[] | undefined },
): Promise<Webhook> {
  const row = await repo.updateWebhook(db, applicationId, id, {
    ...(input.url !== undefined ? { url: input.url } : {}),
    ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
    ...(input.events !== undefined ? { events: input.events } : {}),
  });
  if (!row) throw missing();
  return toWebhookView(row);
}

/** A new secret at once; deliveries still queued are signed with it when they go out. */
export async function rotateSecret(db: Db, applicationId: string, id: string): Promise<WebhookWithSecret> {
  const row = await repo.updateWebhook(db, applicationId, id, { secret: generateWebhookSecret() });
  if (!row) throw missing();
  return withSecret(row);
}

export async function deleteWebhook(db: Db, applicationId: string, id: string): Promise<void> {
  if (!(await repo.deleteWebhook(db, applicationId, id))) throw missing();
}

export async function listDeliveries(
  db: Db,
  applicationId: string,
  id: string,
  limit: number,
): Promise<WebhookDelivery[]> {
  if (!(await repo.findWebhook(db, applicationId, id))) throw missing();
  return (await repo.listDeliveries(db, applicationId, id, limit)).map(toDeliveryView);
}
