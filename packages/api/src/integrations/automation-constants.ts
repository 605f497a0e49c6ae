// The automation connector's names without zod (issue 38 item 4), for light clients and receivers:
// the triggers a REST hook can subscribe to, the actions, and the headers of every delivery.

/** What an automation platform (Zapier, Make, n8n) can subscribe to. */
export const AUTOMATION_TRIGGERS = [
  'conversation.created',
  'message.created',
  'conversation.resolved',
  'csat.received',
  'user.created',
] as const;
export type AutomationTrigger = (typeof AUTOMATION_TRIGGERS)[number];

/** What it can do in Convo. */
export const AUTOMATION_ACTIONS = ['send-message', 'create-user', 'add-tag', 'assign-conversation'] as const;
export type AutomationAction = (typeof AUTOMATION_ACTIONS)[number];

/**
 * The API key travels in `X-Api-Key`. Every delivery carries the time it was signed and an
 * HMAC-SHA256 of `<timestamp>.<raw body>` keyed with the signing secret: `sha256=<hex>`.
 */
export const AUTOMATION_HEADERS = {
  apiKey: 'x-api-key',
  signature: 'x-convo-hook-signature',
  timestamp: 'x-convo-hook-timestamp',
  delivery: 'x-convo-hook-delivery',
  event: 'x-convo-hook-event',
} as const;

export const AUTOMATION_DELIVERY_STATUSES = [
  'pending',
  'retrying',
  'delivered',
  'failed',
  'unsubscribed',
  'skipped',
] as const;
export type AutomationDeliveryStatus = (typeof AUTOMATION_DELIVERY_STATUSES)[number];

/** SPEC §9 dashboard page size. */
export const AUTOMATION_USAGE_PAGE_SIZE = 10;

export const AUTOMATION_PATHS = {
  /** Dashboard (member token, privilege integrations). */
  key: '/api/integrations/automation/key',
  rotateKey: '/api/integrations/automation/key/rotate',
  hooks: '/api/integrations/automation/hooks',
  hook: '/api/integrations/automation/hooks/:id',
  usage: '/api/integrations/automation/usage',
  /** The automation platform's API (X-Api-Key). */
  me: '/api/automation/v1/me',
  subscribe: '/api/automation/v1/hooks',
  unsubscribe: '/api/automation/v1/hooks/:id',
  sample: '/api/automation/v1/samples/:event',
  sendMessage: '/api/automation/v1/actions/send-message',
  createUser: '/api/automation/v1/actions/create-user',
  addTag: '/api/automation/v1/actions/add-tag',
  assignConversation: '/api/automation/v1/actions/assign-conversation',
} as const;
