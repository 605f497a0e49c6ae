import { createServer, type IncomingMessage } from 'node:http';
import { writeJson } from '../shared/fake-server.js';
import { listenOnLoopback } from '../shared/listen.js';

// The Shopify Admin REST API as https://shopify.dev/docs/api/admin-rest documents it, for the
// calls Convo makes: `GET /admin/api/{version}/shop.json`, `customers/search.json?query=email:…`,
// `orders.json?customer_id=…&status=any`, and `POST script_tags.json`. Every call carries the
// shop's Admin API token in `X-Shopify-Access-Token`; a wrong or revoked one answers 401 with
// `{"errors":"[API] Invalid API key or access token (unrecognized login or wrong password)"}`.
// One fake serves every shop: Shopify routes by the shop's own host (https://{shop}/admin/…); the
// fake takes the shop from the first path segment instead (`{url}/{shop}/admin/…`), so one local
// address stands for every shop (SHOPIFY_ADMIN_URL=`{url}/{shop}`).

export interface ShopifyCall {
  method: string;
  path: string;
  query: Record<string, string>;
  shop: string;
  token: string | undefined;
  body: unknown;
  status: number;
}

export interface FakeShopifyCustomer {
  id: number;
  email: string | null;
  phone: string | null;
  first_name: string;
  last_name: string;
  orders_count: number;
  total_spent: string;
  currency: string;
}

export interface FakeShopifyOrderInput {
  name: string;
  total: string;
  currency?: string;
  financialStatus?: string;
  fulfillmentStatus?: string | null;
  items: { title: string; quantity: number; price: string }[];
  trackingUrl?: string;
  /** ISO time; default now. */
  createdAt?: string;
}

export interface FakeShopify {
  /** The fake's address; configure `SHOPIFY_ADMIN_URL` as `${url}/{shop}`. */
  url: string;
  calls: ShopifyCall[];
  /** A shop and the token its app installation holds. */
  addShop(shop: string, token: string, name?: string): void;
  /** The token stops working (the merchant uninstalled the app): every call answers 401. */
  revoke(shop: string): void;
  addCustomer(
    shop: string,
    customer: { email?: string; phone?: string; firstName: string; lastName: string },
  ): number;
  addOrder(shop: string, customerId: number, order: FakeShopifyOrderInput): number;
  /** Script tags the shop's theme loads. */
  scriptTags(shop: string): { id: number; src: string; event: string }[];
  close(): Promise<void>;
}

interface Shop {
  token: string;
  name: string;
  revoked: boolean;
  customers: FakeShopifyCustomer[];
  orders: Record<string, unknown>[];
  scriptTags: { id: number; src: string; event: string; created_at: string }[];
}

const API = /^\/admin\/api\/(\d{4}-\d{2})\/([a-z_/]+)\.json$/;

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  if (raw === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** Shopify's customer search syntax, for the fields Convo searches on: `email:x` or `phone:x`. */
function matchesQuery(customer: FakeShopifyCustomer, query: string): boolean {
  const [field, ...rest] = query.split(':');
  const value = rest.join(':').replace(/^"|"$/g, '').toLowerCase();
  if (field === 'email') return (customer.email ?? '').toLowerCase() === value;
  if (field === 'phone')
    return (customer.phone ?? '').replace(/[^\d+]/g, '') === value.replace(/[^\d+]/g, '');
  return false;
}

export async function startFakeShopify(options: { port?: number } = {}): Promise<FakeShopify> {
  const shops = new Map<string, Shop>();
  const calls: ShopifyCall[] = [];
  let nextId = 7_000_000_000;

  const shopOf = (name: string): Shop => {
    const shop = shops.get(name);
    if (!shop) throw new Error(`unknown shop ${name}`);
    return shop;
  };

  const server = createServer((req, res) => {
    void (async () => {
      const full = new URL(req.url ?? '/', 'http://fake');
      const [, first = '', ...rest] = full.pathname.split('/');
      const shopName = decodeURIComponent(first).toLowerCase();
      const url = new URL(`/${rest.join('/')}${full.search}`, 'http://fake');
      const token = req.headers['x-shopify-access-token'];
      const call: ShopifyCall = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        shop: shopName,
        token: typeof token === 'string' ? token : undefined,
        body: await readJson(req),
        status: 200,
      };
      calls.push(call);
      const answer = (status: number, body: unknown) => {
        call.status = status;
        writeJson(res, status, body);
      };
      const shop = shops.get(shopName);
      if (!shop) return answer(404, { errors: 'Not Found' });
      if (shop.revoked || call.token !== shop.token)
        return answer(401, {
          errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
        });
      const match = API.exec(url.pathname);
      const resource = match?.[2];
      if (call.method === 'GET' && resource === 'shop')
        return answer(200, { shop: { name: shop.name, domain: shopName, myshopify_domain: shopName } });
      if (call.method === 'GET' && resource === 'customers/search') {
        const query = url.searchParams.get('query') ?? '';
        return answer(200, { customers: shop.customers.filter((c) => matchesQuery(c, query)) });
      }
      if (call.method === 'GET' && resource === 'orders') {
        const customerId = url.searchParams.get('customer_id');
        const limit = Math.min(Number(url.searchParams.get('limit') ?? 50) || 50, 250);
        const orders = shop.orders
          .filter((o) => customerId === null || String((o.customer as { id: number }).id) === customerId)
          .sort((a, b) => String(b.created_at).localeCompare(String(a.created_at)))
          .slice(0, limit);
        return answer(200, { orders });
      }
      if (call.method === 'POST' && resource === 'script_tags') {
        const input = (call.body as { script_tag?: { src?: unknown; event?: unknown } } | undefined)
          ?.script_tag;
        if (
          typeof input?.src !== 'string' ||
          (!input.src.startsWith('https://') && !input.src.startsWith('http://'))
        )
          return answer(422, { errors: { src: ['is invalid'] } });
        const tag = {
          id: nextId++,
          src: input.src,
          event: typeof input.event === 'string' ? input.event : 'onload',
          created_at: new Date().toISOString(),
        };
        shop.scriptTags.push(tag);
        return answer(201, { script_tag: tag });
      }
      if (call.method === 'GET' && resource === 'script_tags')
        return answer(200, { script_tags: shop.scriptTags });
      return answer(404, { errors: 'Not Found' });
    })();
  });
  const listening = await listenOnLoopback(server, options.port);
  const port = listening.port;

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    addShop(shop, token, name = shop) {
      shops.set(shop.toLowerCase(), {
        token,
        name,
        revoked: false,
        customers: [],
        orders: [],
        scriptTags: [],
      });
    },
    revoke(shop) {
      shopOf(shop).revoked = true;
    },
    addCustomer(shop, input) {
      const id = nextId++;
      shopOf(shop).customers.push({
        id,
        email: input.email?.toLowerCase() ?? null,
        phone: input.phone ?? null,
        first_name: input.firstName,
        last_name: input.lastName,
        orders_count: 0,
        total_spent: '0.00',
        currency: 'USD',
      });
      return id;
    },
    addOrder(shop, customerId, order) {
      const s = shopOf(shop);
      const customer = s.customers.find((c) => c.id === customerId);
      if (!customer) throw new Error(`unknown customer ${customerId}`);
      const id = nextId++;
      customer.orders_count += 1;
      customer.total_spent = (Number(customer.total_spent) + Number(order.total)).toFixed(2);
      s.orders.push({
        id,
        name: order.name,
        created_at: order.createdAt ?? new Date(Date.now() - s.orders.length * 1000).toISOString(),
        currency: order.currency ?? 'USD',
        total_price: order.total,
        financial_status: order.financialStatus ?? 'paid',
        fulfillment_status: order.fulfillmentStatus ?? null,
        cancelled_at: null,
        order_status_url: `https://${shop}/account/orders/${id}`,
        customer: { id: customerId, email: customer.email },
        line_items: order.items.map((item, i) => ({ id: id * 10 + i, ...item })),
        fulfillments: order.trackingUrl
          ? [
              {
                id: id * 10,
                status: 'success',
                tracking_url: order.trackingUrl,
                tracking_urls: [order.trackingUrl],
              },
            ]
          : [],
      });
      return id;
    },
    scriptTags: (shop) => shopOf(shop).scriptTags.map(({ id, src, event }) => ({ id, src, event })),
    close: listening.close,
  };
}
