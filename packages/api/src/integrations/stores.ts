import { z } from 'zod';
import { successEnvelope } from '../accounts/index.js';
import { STORE_PROVIDERS, STORE_STATES } from './constants.js';

// Online stores in the integrations hub (issue 38 items 1–2): Shopify and BigCommerce. The store's
// Admin API token is sent once, when connecting, and never comes back in any answer; the hub and
// the inbox side panel see only the store's name, its state and the customer's orders.

export const storeProviderSchema = z.enum(STORE_PROVIDERS);
export type StoreProvider = z.infer<typeof storeProviderSchema>;

export const storePath = (provider: StoreProvider) => `/api/integrations/stores/${provider}`;

export const storeProviderParamsSchema = z.object({ provider: storeProviderSchema });

export const storeConnectRequestSchema = z.object({
  /** Shopify: the shop's myshopify.com domain; BigCommerce: the store hash. */
  store: z.string().trim().toLowerCase().min(1).max(255),
  accessToken: z.string().trim().min(1).max(4096),
});
export type StoreConnectRequest = z.infer<typeof storeConnectRequestSchema>;

export const storeConnectionSchema = z.object({
  provider: storeProviderSchema,
  /** The shop domain or store hash. */
  store: z.string(),
  displayName: z.string(),
  state: z.enum(STORE_STATES),
  /** Shopify: the widget's script tag is in the store's theme. */
  widgetInstalled: z.boolean(),
  connectedAt: z.number(),
});
export type StoreConnection = z.infer<typeof storeConnectionSchema>;
export const storeListResponseSchema = successEnvelope(z.array(storeConnectionSchema));
export const storeConnectResponseSchema = successEnvelope(storeConnectionSchema);
export const storeDisconnectResponseSchema = successEnvelope(z.object({ provider: storeProviderSchema }));

export const storeCustomerOrdersQuerySchema = z.object({
  /** The conversation's customer (messaging user id); the server reads their e-mail and phone. */
  userId: z.string().min(1).max(255),
});

export const storeOrderSchema = z.object({
  id: z.string(),
  /** The order's number as the store shows it (#1001). */
  name: z.string(),
  status: z.string(),
  createdAt: z.number().nullable(),
  total: z.string(),
  currency: z.string(),
  items: z.array(z.object({ name: z.string(), quantity: z.number() })),
  trackingUrl: z.string().nullable(),
});
export type StoreOrder = z.infer<typeof storeOrderSchema>;

export const storeCustomerViewSchema = z.object({
  provider: storeProviderSchema,
  displayName: z.string(),
  /**
   * ok: the customer was looked up (profile null: not a customer of the store); reconnect: the
   * store refused the token; unavailable: the store did not answer in time or answered badly.
   */
  state: z.enum(['ok', 'reconnect', 'unavailable']),
  profile: z
    .object({
      name: z.string(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
      ordersCount: z.number().nullable(),
    })
    .nullable(),
  orders: z.array(storeOrderSchema),
});
export type StoreCustomerView = z.infer<typeof storeCustomerViewSchema>;
export const storeCustomerOrdersResponseSchema = successEnvelope(z.array(storeCustomerViewSchema));

export const bigCommerceAuthQuerySchema = z.object({
  code: z.string().min(1).max(512),
  context: z.string().min(1).max(128),
  scope: z.string().max(2048).default(''),
});
export const bigCommerceLoadQuerySchema = z.object({ signed_payload: z.string().min(1).max(8192) });
