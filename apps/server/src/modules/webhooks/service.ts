import type {
  Webhook,
  WebhookDelivery,
  WebhookSecurity,
  WebhookSecurityUpdate,
  WebhookWithSecret,
} from '@convo/api';
import { WEBHOOK_DELIVERY_STATUSES } from '@convo/api';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import type { Db } from '../../platform/db/database.js';
import { outboundPolicy, webUrlProblem } from '../../platform/outbound/index.js';
import { webhooksChanged } from './enqueue.js';
import * as repo from './repository.js';
import { openSecret, sealSecret } from './secret-box.js';
import { generateWebhookSecret } from './signature.js';

// Settings → Webhooks & Security: an application's outgoing webhooks and their delivery log.

/** More would only multiply the work of every message send. */
export const MAX_WEBHOOKS_PER_APPLICATION = 10;
const DEFAULT_EVENTS = ['message.received'];

const hintOf = (plain: string | null) => (plain ?? '').slice(-4);

export function toWebhookView(appSecret: string, row: repo.WebhookRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    enabled: row.enabled,
    secretHint: hintOf(openSecret(appSecret, row.secret)),
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
  };
}

/** The answer of creation and rotation: the only time the plain secret leaves the server. */
const withSecret = (appSecret: string, row: repo.WebhookRow, secret: string): WebhookWithSecret => ({
  ...toWebhookView(appSecret, row),
  secret,
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

export async function listWebhooks(db: Db, appSecret: string, applicationId: string): Promise<Webhook[]> {
  return (await repo.listWebhooks(db, applicationId)).map((row) => toWebhookView(appSecret, row));
}

/**
 * Refuses an address the server must not post to (loopback, private… unless OUTBOUND_ALLOW names
 * it), and a plain-http URL when the application requires https.
 */
async function assertUrlAllowed(db: Db, applicationId: string, url: string) {
  const problem = webUrlProblem(url, outboundPolicy());
  if (problem)
    throw badRequest('ADDRESS_NOT_ALLOWED', `The webhook URL ${problem}.`, [
      { path: 'url', message: problem },
    ]);
  if (!url.toLowerCase().startsWith('http:')) return;
  if ((await repo.findSecurity(db, applicationId))?.requireHttps) {
    throw badRequest(
      'HTTPS_REQUIRED',
      'This application accepts https:// webhook URLs only (Settings → Webhooks security).',
    );
  }
}

export async function createWebhook(
  db: Db,
  appSecret: string,
  applicationId: string,
  input: { url: string; events?: string[] | undefined },
): Promise<WebhookWithSecret> {
  await assertUrlAllowed(db, applicationId, input.url);
  if ((await repo.countWebhooks(db, applicationId)) >= MAX_WEBHOOKS_PER_APPLICATION) {
    throw conflict(
      'LIMIT_REACHED',
      `An application can have at most ${MAX_WEBHOOKS_PER_APPLICATION} webhooks.`,
    );
  }
  const secret = generateWebhookSecret();
  const row = await repo.insertWebhook(db, {
    applicationId,
    url: input.url,
    events: input.events ?? DEFAULT_EVENTS,
    secret: sealSecret(appSecret, secret),
  });
  webhooksChanged(applicationId);
  return withSecret(appSecret, row, secret);
}

export async function updateWebhook(
  db: Db,
  appSecret: string,
  applicationId: string,
  id: string,
  input: { url?: string | undefined; enabled?: boolean | undefined; events?: string[] | undefined },
): Promise<Webhook> {
  if (input.url !== undefined) await assertUrlAllowed(db, applicationId, input.url);
  const row = await repo.updateWebhook(db, applicationId, id, {
    ...(input.url !== undefined ? { url: input.url } : {}),
    ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
    ...(input.events !== undefined ? { events: input.events } : {}),
  });
  if (!row) throw missing();
  webhooksChanged(applicationId);
  return toWebhookView(appSecret, row);
}

/** A new secret at once; deliveries still queued are signed with it when they go out. */
export async function rotateSecret(
  db: Db,
  appSecret: string,
  applicationId: string,
  id: string,
): Promise<WebhookWithSecret> {
  const secret = generateWebhookSecret();
  const row = await repo.updateWebhook(db, applicationId, id, { secret: sealSecret(appSecret, secret) });
  if (!row) throw missing();
  return withSecret(appSecret, row, secret);
}

function toSecurityView(appSecret: string, row: repo.SecurityRow | undefined): WebhookSecurity {
  if (!row) return { requireHttps: false, authHeaderName: null, authHeaderHint: null, updatedAt: null };
  return {
    requireHttps: row.requireHttps,
    authHeaderName: row.authHeaderName,
    authHeaderHint: row.authHeaderSealed ? hintOf(openSecret(appSecret, row.authHeaderSealed)) : null,
    updatedAt: row.updatedAt.getTime(),
  };
}

export async function getSecurity(
  db: Db,
  appSecret: string,
  applicationId: string,
): Promise<WebhookSecurity> {
  return toSecurityView(appSecret, await repo.findSecurity(db, applicationId));
}

/** Requiring https is refused while a webhook still points at http://: it would stop silently. */
export async function updateSecurity(
  db: Db,
  appSecret: string,
  applicationId: string,
  input: { requireHttps?: boolean | undefined; authHeader?: WebhookSecurityUpdate['authHeader'] },
): Promise<WebhookSecurity> {
  return db.transaction(async (tx) => {
    if (input.requireHttps === true) {
      const insecure = await repo.countInsecureWebhooks(tx, applicationId);
      if (insecure > 0) {
        throw conflict(
          'INSECURE_WEBHOOKS',
          `${insecure} webhook${insecure === 1 ? ' uses' : 's use'} http://: change ${insecure === 1 ? 'it' : 'them'} to https:// first.`,
        );
      }
    }
    const row = await repo.upsertSecurity(tx, applicationId, {
      ...(input.requireHttps !== undefined ? { requireHttps: input.requireHttps } : {}),
      ...(input.authHeader === null ? { authHeaderName: null, authHeaderSealed: null } : {}),
      ...(input.authHeader
        ? {
            authHeaderName: input.authHeader.name,
            authHeaderSealed: sealSecret(appSecret, input.authHeader.value),
          }
        : {}),
    });
    return toSecurityView(appSecret, row);
  });
}

/** Seals the secrets of webhooks written before secrets were sealed (run at start; idempotent). */
export async function sealLegacyWebhookSecrets(db: Db, appSecret: string): Promise<number> {
  let sealed = 0;
  for (;;) {
    const rows = await repo.listUnsealedSecrets(db, 100);
    if (rows.length === 0) return sealed;
    for (const row of rows) {
      // Another node starting at the same time may have sealed it first: then nothing changes here.
      if (await repo.replacePlainSecret(db, row.id, row.secret, sealSecret(appSecret, row.secret))) sealed++;
    }
  }
}

export async function deleteWebhook(db: Db, applicationId: string, id: string): Promise<void> {
  if (!(await repo.deleteWebhook(db, applicationId, id))) throw missing();
  webhooksChanged(applicationId);
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
