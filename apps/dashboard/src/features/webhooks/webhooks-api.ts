import {
  messageResponseSchema,
  WEBHOOK_PATHS as P,
  type WebhookCreateRequest,
  type WebhookSecurityUpdate,
  type WebhookUpdateRequest,
  webhookDeliveriesResponseSchema,
  webhookListResponseSchema,
  webhookPath,
  webhookResponseSchema,
  webhookSecurityResponseSchema,
  webhookWithSecretResponseSchema,
} from '@convo/api';
import { apiRequest } from '../../app/api/api-client';

// The outgoing webhooks of /settings/webhooks (Product API, privilege settings.webhooks).

export const webhookKeys = {
  list: ['settings', 'webhooks'] as const,
  deliveries: (id: string) => ['settings', 'webhooks', id, 'deliveries'] as const,
};

/** How many deliveries the history shows (the API's most). */
export const DELIVERY_HISTORY_LIMIT = 100;

export async function fetchWebhooks(signal?: AbortSignal) {
  return (await apiRequest(P.list, { schema: webhookListResponseSchema, signal })).data;
}

/** The answer carries the signing secret: the only time it is readable. */
export async function createWebhook(body: WebhookCreateRequest) {
  return (await apiRequest(P.create, { method: 'POST', body, schema: webhookWithSecretResponseSchema })).data;
}

export async function updateWebhook(id: string, body: WebhookUpdateRequest) {
  return (
    await apiRequest(webhookPath(P.update, id), { method: 'PATCH', body, schema: webhookResponseSchema })
  ).data;
}

export async function deleteWebhook(id: string) {
  return apiRequest(webhookPath(P.remove, id), { method: 'DELETE', schema: messageResponseSchema });
}

export async function fetchDeliveries(id: string, signal?: AbortSignal) {
  return (
    await apiRequest(webhookPath(P.deliveries, id), {
      schema: webhookDeliveriesResponseSchema,
      query: { limit: DELIVERY_HISTORY_LIMIT },
      signal,
    })
  ).data;
}

export const webhookSecurityKey = ['settings', 'webhooks-security'] as const;

export async function fetchWebhookSecurity(signal?: AbortSignal) {
  return (await apiRequest(P.security, { schema: webhookSecurityResponseSchema, signal })).data;
}

export async function saveWebhookSecurity(body: WebhookSecurityUpdate) {
  return (await apiRequest(P.security, { method: 'PUT', body, schema: webhookSecurityResponseSchema })).data;
}

/** A new signing secret for one webhook; the answer carries it, the only time it is readable. */
export async function rotateWebhookSecret(id: string) {
  return (
    await apiRequest(webhookPath(P.rotateSecret, id), {
      method: 'POST',
      schema: webhookWithSecretResponseSchema,
    })
  ).data;
}
