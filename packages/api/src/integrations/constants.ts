// @convo/api/integrations/constants: this context's constants without zod (no file reached from here
// imports zod; scripts/check-import-cycles.mjs checks it). Types come from @convo/api/integrations with
// `import type`, which the bundle never holds.

export * from './automation-constants.js';

// ai-model-credentials.ts

export const AI_MODEL_PATHS = {
  list: '/api/integrations/ai-models',
  test: '/api/integrations/ai-models/:botId/test',
} as const;

export const aiModelTestPath = (botId: string) =>
  AI_MODEL_PATHS.test.replace(':botId', encodeURIComponent(botId));

// crm.ts

export const CRM_PROVIDERS = ['zendesk', 'hubspot', 'salesforce'] as const;

/** connected: the last call worked; reconnect: the provider refused the credentials (revoked, expired). */
export const CRM_STATUSES = ['not_connected', 'connected', 'reconnect'] as const;

export type CrmStatus = (typeof CRM_STATUSES)[number];

export const CRM_PATHS = {
  list: '/api/integrations/crms',
  settings: '/api/integrations/crms/:provider',
  test: '/api/integrations/crms/:provider/test',
  /** SPEC §7 conversation update: what the conversation has at each provider (the ticket, the contact). */
  conversation: '/api/conversations/:groupId/crm',
  /** SPEC §7 ticket-integration: a Zendesk ticket from the conversation and its transcript. */
  ticket: '/api/conversations/:groupId/crm/zendesk/ticket',
  /** SPEC §7 CRM-contact: the customer as a contact, the conversation logged as an activity on it. */
  sync: '/api/conversations/:groupId/crm/:provider/sync',
} as const;

export const crmConversationPath = (groupId: number) => `/api/conversations/${groupId}/crm`;

export const crmTicketPath = (groupId: number) => `/api/conversations/${groupId}/crm/zendesk/ticket`;

/** The errors the CRM routes answer with (besides validation). */
export const CRM_ERRORS = {
  /** 409: the provider is not set up for this application. */
  notConnected: 'CRM_NOT_CONNECTED',
  /** 400 on save, 409 afterwards: the provider refused the credentials; the page says "reconnect". */
  reconnect: 'CRM_RECONNECT',
  /** 502: the provider failed, timed out or could not be reached. */
  unavailable: 'CRM_UNAVAILABLE',
  /** 400: the customer has no e-mail address to find or make the contact by. */
  noEmail: 'CRM_NO_CUSTOMER_EMAIL',
} as const;

// stores.ts

export const STORE_PROVIDERS = ['shopify', 'bigcommerce'] as const;

/** connected: the token works; reconnect: the store answered 401/403 (token expired or app uninstalled). */
export const STORE_STATES = ['connected', 'reconnect'] as const;

export type StoreState = (typeof STORE_STATES)[number];

export const STORE_PATHS = {
  list: '/api/integrations/stores',
  connect: '/api/integrations/stores/:provider',
  disconnect: '/api/integrations/stores/:provider',
  customerOrders: '/api/integrations/stores/customer-orders',
  /** BigCommerce marketplace: the app's auth callback (code, context, scope) and load callback (signed_payload). */
  bigCommerceAuth: '/api/integrations/stores/bigcommerce/auth',
  bigCommerceLoad: '/api/integrations/stores/bigcommerce/load',
} as const;

/** A myshopify.com domain as Shopify names shops (`acme.myshopify.com`). */
export const SHOPIFY_SHOP_PATTERN = /^[a-z0-9][a-z0-9-]{0,59}\.myshopify\.com$/;

/** A BigCommerce store hash (the `{store_hash}` of the API path). */
export const BIGCOMMERCE_STORE_HASH_PATTERN = /^[a-z0-9]{1,32}$/;

// webhooks.ts

export const WEBHOOK_EVENTS = ['message.received'] as const;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'retrying', 'delivered', 'failed', 'skipped'] as const;

/** Signature headers on every delivery (the receiver verifies X-Convo-Signature over the raw body). */
export const WEBHOOK_HEADERS = {
  signature: 'x-convo-signature',
  timestamp: 'x-convo-timestamp',
  delivery: 'x-convo-delivery',
} as const;

export const WEBHOOK_PATHS = {
  list: '/api/settings/webhooks',
  create: '/api/settings/webhooks',
  update: '/api/settings/webhooks/:id',
  remove: '/api/settings/webhooks/:id',
  rotateSecret: '/api/settings/webhooks/:id/rotate-secret',
  deliveries: '/api/settings/webhooks/:id/deliveries',
  /** GET / PUT the application's webhooks security (/settings/webhooks-security). */
  security: '/api/settings/webhooks-security',
} as const;

/** A path with its `:id` filled in. */
export const webhookPath = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));

/**
 * Headers a custom authentication header may not replace: the transport's own and our signature
 * headers (a receiver must always be able to check X-Convo-Signature).
 */
export const WEBHOOK_RESERVED_HEADERS = [
  'host',
  'content-type',
  'content-length',
  'connection',
  'transfer-encoding',
  'user-agent',
  WEBHOOK_HEADERS.signature,
  WEBHOOK_HEADERS.timestamp,
  WEBHOOK_HEADERS.delivery,
] as const;
