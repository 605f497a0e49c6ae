import {
  type WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENTS,
  type Webhook,
  type WebhookEvent,
  type WebhookUpdateRequest,
  webhookEventSchema,
  webhookUrlSchema,
} from '@convo/api';

// Pure rules of the webhook form: what it checks before sending, and what an edit sends.

export interface WebhookFormValues {
  url: string;
  events: WebhookEvent[];
  enabled: boolean;
}

export type WebhookFormError = 'required' | 'invalidUrl' | 'noEvents';

/** Why the URL would be refused by the API (the same schema), or null. */
export function urlError(url: string): WebhookFormError | null {
  if (url.trim() === '') return 'required';
  return webhookUrlSchema.safeParse(url).success ? null : 'invalidUrl';
}

export const eventsError = (events: readonly string[]): WebhookFormError | null =>
  events.length === 0 ? 'noEvents' : null;

/** The form's starting values: a new webhook listens to every event and is enabled. */
export function initialValues(webhook: Webhook | null): WebhookFormValues {
  if (webhook === null) return { url: '', events: [...WEBHOOK_EVENTS], enabled: true };
  return {
    url: webhook.url,
    // Events the API no longer offers cannot be ticked; dropping them keeps the form sendable.
    events: webhook.events.flatMap((e) => {
      const parsed = webhookEventSchema.safeParse(e);
      return parsed.success ? [parsed.data] : [];
    }),
    enabled: webhook.enabled,
  };
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

/**
 * The PATCH body of an edit: only what changed (the API refuses an empty one), or null when
 * nothing did.
 */
export function updateBody(webhook: Webhook, values: WebhookFormValues): WebhookUpdateRequest | null {
  const url = values.url.trim();
  const body: WebhookUpdateRequest = {
    ...(url === webhook.url ? {} : { url }),
    ...(values.enabled === webhook.enabled ? {} : { enabled: values.enabled }),
    ...(sameSet(values.events, webhook.events) ? {} : { events: values.events }),
  };
  return Object.keys(body).length === 0 ? null : body;
}

export type DeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

const STATUS_COLOURS: Record<DeliveryStatus, string> = {
  pending: 'gray',
  retrying: 'yellow',
  delivered: 'green',
  failed: 'red',
  skipped: 'gray',
};

export const deliveryStatusColour = (status: DeliveryStatus) => STATUS_COLOURS[status];
