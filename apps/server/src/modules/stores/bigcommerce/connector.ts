import { BIGCOMMERCE_STORE_HASH_PATTERN, type StoreOrder } from '@convo/api';
import { z } from 'zod';
import { RECENT_ORDERS, type StoreConnector, type StoreCredentials } from '../provider.js';
import { StoreUnavailableError, storeJson } from '../store-http.js';

// BigCommerce's store API (https://developer.bigcommerce.com/docs/rest-management): the store
// hash in the path, the token in X-Auth-Token; v3 customers, v2 orders with their products and
// shipments (v2 answers 204 with no body when a list is empty). No official Node client exists
// (node-bigcommerce is a community package), so plain fetch (docs/decisions.md).

const storeSchema = z.object({ name: z.string() });
const customersSchema = z.object({
  data: z.array(
    z.object({
      id: z.number(),
      email: z.string().nullable().optional(),
      phone: z.string().nullable().optional(),
      first_name: z.string().nullable().optional(),
      last_name: z.string().nullable().optional(),
    }),
  ),
});
const ordersSchema = z.array(
  z.object({
    id: z.number(),
    status: z.string(),
    date_created: z.string().nullable().optional(),
    total_inc_tax: z.string(),
    currency_code: z.string().optional(),
  }),
);
const productsSchema = z.array(z.object({ name: z.string(), quantity: z.number() }));
const shipmentsSchema = z.array(
  z.object({
    tracking_link: z.string().nullable().optional(),
    tracking_number: z.string().nullable().optional(),
  }),
);

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new StoreUnavailableError('BigCommerce answered in an unexpected shape');
  return parsed.data;
}

const webLink = (value: string | null | undefined) =>
  value && /^https?:\/\//i.test(value) ? value.slice(0, 2048) : null;

export function bigCommerceConnector(apiUrl: string): StoreConnector {
  const call = (c: StoreCredentials, path: string) =>
    storeJson(`${apiUrl}/stores/${encodeURIComponent(c.store)}${path}`, {
      headers: { 'X-Auth-Token': c.accessToken },
      guarded: false,
    });

  async function orderOf(c: StoreCredentials, o: z.infer<typeof ordersSchema>[number]): Promise<StoreOrder> {
    const [products, shipments] = await Promise.all([
      call(c, `/v2/orders/${o.id}/products`),
      call(c, `/v2/orders/${o.id}/shipments`),
    ]);
    const created = o.date_created ? Date.parse(o.date_created) : Number.NaN;
    return {
      id: String(o.id),
      name: `#${o.id}`,
      status: o.status,
      createdAt: Number.isNaN(created) ? null : created,
      total: o.total_inc_tax,
      currency: o.currency_code ?? '',
      items: products === null ? [] : parse(productsSchema, products),
      trackingUrl:
        (shipments === null ? [] : parse(shipmentsSchema, shipments))
          .map((s) => webLink(s.tracking_link))
          .find((u) => u !== null) ?? null,
    };
  }

  return {
    provider: 'bigcommerce',
    storeProblem: (store) =>
      BIGCOMMERCE_STORE_HASH_PATTERN.test(store) ? null : 'Give the store hash (letters and digits).',
    async verify(c) {
      const answer = await call(c, '/v2/store');
      if (answer === null) throw new StoreUnavailableError('BigCommerce does not know this store');
      return { displayName: parse(storeSchema, answer).name };
    },
    async findCustomer(c, who) {
      const filters: [string, string][] = [];
      if (who.email) filters.push(['email:in', who.email]);
      if (who.phone) filters.push(['phone:in', who.phone]);
      let customer: z.infer<typeof customersSchema>['data'][number] | undefined;
      for (const filter of filters) {
        const answer = await call(c, `/v3/customers?${new URLSearchParams([filter, ['limit', '1']])}`);
        customer = answer === null ? undefined : parse(customersSchema, answer).data[0];
        if (customer) break;
      }
      if (!customer) return null;
      const params = new URLSearchParams({
        customer_id: String(customer.id),
        sort: 'date_created:desc',
        limit: String(RECENT_ORDERS),
      });
      const answer = await call(c, `/v2/orders?${params}`);
      const orders = answer === null ? [] : parse(ordersSchema, answer).slice(0, RECENT_ORDERS);
      return {
        profile: {
          name: [customer.first_name, customer.last_name].filter(Boolean).join(' ') || (customer.email ?? ''),
          email: customer.email ?? null,
          phone: customer.phone || null,
          ordersCount: null,
        },
        orders: await Promise.all(orders.map((o) => orderOf(c, o))),
      };
    },
    // BigCommerce's Scripts API would do it, but the marketplace app's scope is orders and
    // customers only; the install page gives the snippet.
    installWidget: async () => false,
  };
}
