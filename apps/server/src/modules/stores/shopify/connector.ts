import { SHOPIFY_SHOP_PATTERN, type StoreOrder } from '@convo/api';
import { z } from 'zod';
import { RECENT_ORDERS, type StoreConnector, type StoreCredentials } from '../provider.js';
import { StoreUnavailableError, storeJson } from '../store-http.js';

// Shopify's Admin REST API (https://shopify.dev/docs/api/admin-rest): the shop, customer search,
// a customer's orders, and a ScriptTag for the widget. The token goes in X-Shopify-Access-Token.
// Plain fetch, not @shopify/shopify-api: that library is an app framework (OAuth, sessions, its
// own adapters) that always builds https://{shop} URLs, so it cannot be pointed at a local fake
// (docs/decisions.md).

const API_VERSION = '2024-10';

const shopSchema = z.object({ shop: z.object({ name: z.string() }) });
const customerSchema = z.object({
  id: z.number(),
  email: z.string().nullable().optional(),
  phone: z.string().nullable().optional(),
  first_name: z.string().nullable().optional(),
  last_name: z.string().nullable().optional(),
  orders_count: z.number().optional(),
});
const customersSchema = z.object({ customers: z.array(customerSchema) });
const orderSchema = z.object({
  id: z.number(),
  name: z.string(),
  created_at: z.string().nullable().optional(),
  currency: z.string().optional(),
  total_price: z.string(),
  financial_status: z.string().nullable().optional(),
  fulfillment_status: z.string().nullable().optional(),
  cancelled_at: z.string().nullable().optional(),
  line_items: z.array(z.object({ title: z.string(), quantity: z.number() })).optional(),
  fulfillments: z
    .array(
      z.object({
        tracking_url: z.string().nullable().optional(),
        tracking_urls: z.array(z.string()).optional(),
      }),
    )
    .optional(),
});
const ordersSchema = z.object({ orders: z.array(orderSchema) });

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new StoreUnavailableError('Shopify answered in an unexpected shape');
  return parsed.data;
}

/** Only http(s) links are shown as links (a store could hold anything in a tracking URL). */
const webLink = (value: string | null | undefined) =>
  value && /^https?:\/\//i.test(value) ? value.slice(0, 2048) : null;

function toOrder(o: z.infer<typeof orderSchema>): StoreOrder {
  const tracking = o.fulfillments?.flatMap((f) => [...(f.tracking_urls ?? []), f.tracking_url ?? '']) ?? [];
  const status = o.cancelled_at
    ? 'cancelled'
    : (o.fulfillment_status ?? 'unfulfilled') + (o.financial_status ? ` · ${o.financial_status}` : '');
  const created = o.created_at ? Date.parse(o.created_at) : Number.NaN;
  return {
    id: String(o.id),
    name: o.name,
    status,
    createdAt: Number.isNaN(created) ? null : created,
    total: o.total_price,
    currency: o.currency ?? '',
    items: (o.line_items ?? []).map((i) => ({ name: i.title, quantity: i.quantity })),
    trackingUrl: tracking.map(webLink).find((u) => u !== null) ?? null,
  };
}

export function shopifyConnector(adminUrl: string): StoreConnector {
  const base = (shop: string) => `${adminUrl.replace('{shop}', shop)}/admin/api/${API_VERSION}`;
  const call = (c: StoreCredentials, path: string, init: { method?: 'GET' | 'POST'; body?: unknown } = {}) =>
    storeJson(`${base(c.store)}${path}`, {
      ...init,
      headers: { 'X-Shopify-Access-Token': c.accessToken },
      guarded: true,
    });

  return {
    provider: 'shopify',
    storeProblem: (store) =>
      SHOPIFY_SHOP_PATTERN.test(store)
        ? null
        : 'Give the shop as its myshopify.com domain (acme.myshopify.com).',
    async verify(c) {
      const answer = await call(c, '/shop.json');
      if (answer === null) throw new StoreUnavailableError('Shopify does not know this shop');
      return { displayName: parse(shopSchema, answer).shop.name };
    },
    async findCustomer(c, who) {
      const queries = [who.email ? `email:${who.email}` : null, who.phone ? `phone:${who.phone}` : null];
      let customer: z.infer<typeof customerSchema> | undefined;
      for (const query of queries) {
        if (query === null) continue;
        const answer = await call(c, `/customers/search.json?${new URLSearchParams({ query, limit: '1' })}`);
        customer = answer === null ? undefined : parse(customersSchema, answer).customers[0];
        if (customer) break;
      }
      if (!customer) return null;
      const params = new URLSearchParams({
        customer_id: String(customer.id),
        status: 'any',
        limit: String(RECENT_ORDERS),
      });
      const answer = await call(c, `/orders.json?${params}`);
      const orders = answer === null ? [] : parse(ordersSchema, answer).orders;
      return {
        profile: {
          name: [customer.first_name, customer.last_name].filter(Boolean).join(' ') || (customer.email ?? ''),
          email: customer.email ?? null,
          phone: customer.phone ?? null,
          ordersCount: customer.orders_count ?? null,
        },
        orders: orders.slice(0, RECENT_ORDERS).map(toOrder),
      };
    },
    async installWidget(c, scriptSrc) {
      // ScriptTag: the storefront loads the widget's loader on every page (event onload).
      const answer = await call(c, '/script_tags.json', {
        method: 'POST',
        body: { script_tag: { event: 'onload', src: scriptSrc } },
      });
      return answer !== null;
    },
  };
}
