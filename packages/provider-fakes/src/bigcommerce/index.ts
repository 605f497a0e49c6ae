import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import { writeJson } from '../shared/fake-server.js';
import { listenOnLoopback } from '../shared/listen.js';

// BigCommerce as https://developer.bigcommerce.com documents it, for the calls Convo makes:
// - the store API at `/stores/{store_hash}/…` with the token in `X-Auth-Token`: v3
//   `GET customers?email:in=…` (`{ data: [...], meta }`), v2 `GET orders?customer_id=…` (a bare
//   array, or 204 with no body when there are none), v2 `orders/{id}/products` and
//   `orders/{id}/shipments`; a wrong or revoked token answers 401;
// - the app's OAuth token exchange `POST /oauth2/token` (login.bigcommerce.com) with client_id,
//   client_secret, code, context, scope, grant_type=authorization_code and redirect_uri, answering
//   `{ access_token, scope, user: { id, username, email }, context: "stores/{hash}" }`;
// - `signedPayload(…)`: the load callback's `signed_payload` (base64 JSON, a dot, base64 of the
//   hex HMAC-SHA256 of that JSON under the client secret).

export interface BigCommerceCall {
  method: string;
  path: string;
  query: Record<string, string>;
  token: string | undefined;
  body: unknown;
  status: number;
}

export interface FakeBigCommerceOrderInput {
  status: string;
  total: string;
  currency?: string;
  items: { name: string; quantity: number }[];
  trackingLink?: string;
  trackingNumber?: string;
}

export interface FakeBigCommerce {
  /** Base URL of the store API (`BIGCOMMERCE_API_URL`) and of the OAuth login (`BIGCOMMERCE_LOGIN_URL`). */
  url: string;
  calls: BigCommerceCall[];
  /** The app's client id and secret the token exchange accepts. */
  clientId: string;
  clientSecret: string;
  addStore(storeHash: string, token: string): void;
  revoke(storeHash: string): void;
  /** An install: the code the marketplace sends to the app's auth callback (one use). */
  authCode(storeHash: string, owner: { id: number; email: string }): string;
  signedPayload(storeHash: string, owner: { id: number; email: string }): string;
  addCustomer(
    storeHash: string,
    customer: { email: string; phone?: string; firstName: string; lastName: string },
  ): number;
  addOrder(storeHash: string, customerId: number, order: FakeBigCommerceOrderInput): number;
  close(): Promise<void>;
}

interface Store {
  token: string;
  revoked: boolean;
  customers: { id: number; email: string; phone: string; first_name: string; last_name: string }[];
  orders: { order: Record<string, unknown>; products: unknown[]; shipments: unknown[] }[];
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  if (raw === '') return undefined;
  if ((req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded'))
    return Object.fromEntries(new URLSearchParams(raw));
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

const STORE_PATH = /^\/stores\/([a-z0-9]+)\/(v2|v3)\/(.+)$/;

export async function startFakeBigCommerce(
  options: { port?: number; clientId?: string; clientSecret?: string } = {},
): Promise<FakeBigCommerce> {
  const clientId = options.clientId ?? 'fake-client-id';
  const clientSecret = options.clientSecret ?? 'fake-client-secret';
  const stores = new Map<string, Store>();
  const codes = new Map<string, { storeHash: string; owner: { id: number; email: string } }>();
  const calls: BigCommerceCall[] = [];
  let nextId = 100;

  const storeOf = (hash: string): Store => {
    const store = stores.get(hash);
    if (!store) throw new Error(`unknown store ${hash}`);
    return store;
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const token = req.headers['x-auth-token'];
      const call: BigCommerceCall = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        token: typeof token === 'string' ? token : undefined,
        body: await readBody(req),
        status: 200,
      };
      calls.push(call);
      const answer = (status: number, body?: unknown) => {
        call.status = status;
        if (body === undefined) {
          res.writeHead(status);
          res.end();
        } else writeJson(res, status, body);
      };

      if (call.method === 'POST' && url.pathname === '/oauth2/token') {
        const b = (call.body ?? {}) as Record<string, unknown>;
        const grant = typeof b.code === 'string' ? codes.get(b.code) : undefined;
        if (
          b.client_id !== clientId ||
          b.client_secret !== clientSecret ||
          b.grant_type !== 'authorization_code' ||
          typeof b.redirect_uri !== 'string' ||
          !grant ||
          b.context !== `stores/${grant.storeHash}`
        )
          return answer(400, { error: 'invalid_request', error_description: 'Invalid authorization code' });
        if (typeof b.code === 'string') codes.delete(b.code);
        const accessToken = randomBytes(16).toString('hex');
        stores.set(grant.storeHash, {
          ...(stores.get(grant.storeHash) ?? emptyStore()),
          token: accessToken,
          revoked: false,
        });
        return answer(200, {
          access_token: accessToken,
          scope: typeof b.scope === 'string' ? b.scope : '',
          user: { id: grant.owner.id, username: grant.owner.email, email: grant.owner.email },
          owner: { id: grant.owner.id, username: grant.owner.email, email: grant.owner.email },
          context: `stores/${grant.storeHash}`,
          account_uuid: '00000000-0000-4000-8000-000000000000',
        });
      }

      const match = STORE_PATH.exec(url.pathname);
      const store = match?.[1] ? stores.get(match[1]) : undefined;
      if (!match || !store) return answer(404, { status: 404, title: 'Not Found' });
      if (store.revoked || call.token !== store.token)
        return answer(401, {
          status: 401,
          title: 'Unauthorized',
          type: 'https://developer.bigcommerce.com/api-docs/getting-started/api-status-codes',
        });
      const [, , version, rest] = match;
      if (call.method === 'GET' && version === 'v2' && rest === 'store')
        return answer(200, {
          id: match[1],
          domain: `${match[1]}.mybigcommerce.com`,
          name: `Store ${match[1]}`,
        });
      if (call.method === 'GET' && version === 'v3' && rest === 'customers') {
        const emails = (url.searchParams.get('email:in') ?? '').toLowerCase().split(',').filter(Boolean);
        const phones = (url.searchParams.get('phone:in') ?? '').split(',').filter(Boolean);
        const data = store.customers.filter(
          (c) => emails.includes(c.email) || (c.phone !== '' && phones.includes(c.phone)),
        );
        return answer(200, {
          data,
          meta: {
            pagination: {
              total: data.length,
              count: data.length,
              per_page: 50,
              current_page: 1,
              total_pages: 1,
            },
          },
        });
      }
      if (call.method === 'GET' && version === 'v2' && rest === 'orders') {
        const customerId = url.searchParams.get('customer_id');
        const limit = Math.min(Number(url.searchParams.get('limit') ?? 50) || 50, 250);
        const orders = store.orders
          .map((o) => o.order)
          .filter((o) => customerId === null || String(o.customer_id) === customerId)
          .sort((a, b) => Number(b.id) - Number(a.id))
          .slice(0, limit);
        return orders.length === 0 ? answer(204) : answer(200, orders);
      }
      const sub = /^orders\/(\d+)\/(products|shipments)$/.exec(rest ?? '');
      if (call.method === 'GET' && version === 'v2' && sub) {
        const found = store.orders.find((o) => String(o.order.id) === sub[1]);
        if (!found) return answer(404, [{ status: 404, message: 'The requested resource was not found.' }]);
        const list = sub[2] === 'products' ? found.products : found.shipments;
        return list.length === 0 ? answer(204) : answer(200, list);
      }
      return answer(404, { status: 404, title: 'Not Found' });
    })();
  });
  const listening = await listenOnLoopback(server, options.port);
  const port = listening.port;

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    clientId,
    clientSecret,
    addStore(storeHash, token) {
      stores.set(storeHash, { ...emptyStore(), token });
    },
    revoke(storeHash) {
      storeOf(storeHash).revoked = true;
    },
    authCode(storeHash, owner) {
      const code = randomBytes(12).toString('hex');
      codes.set(code, { storeHash, owner });
      if (!stores.has(storeHash)) stores.set(storeHash, emptyStore());
      return code;
    },
    signedPayload(storeHash, owner) {
      const json = JSON.stringify({
        user: { id: owner.id, email: owner.email },
        owner: { id: owner.id, email: owner.email },
        context: `stores/${storeHash}`,
        store_hash: storeHash,
        timestamp: Date.now() / 1000,
      });
      const signature = createHmac('sha256', clientSecret).update(json).digest('hex');
      return `${Buffer.from(json).toString('base64')}.${Buffer.from(signature).toString('base64')}`;
    },
    addCustomer(storeHash, input) {
      const id = nextId++;
      storeOf(storeHash).customers.push({
        id,
        email: input.email.toLowerCase(),
        phone: input.phone ?? '',
        first_name: input.firstName,
        last_name: input.lastName,
      });
      return id;
    },
    addOrder(storeHash, customerId, input) {
      const store = storeOf(storeHash);
      const id = nextId++;
      store.orders.push({
        order: {
          id,
          customer_id: customerId,
          date_created: new Date().toUTCString(),
          status: input.status,
          status_id: 0,
          total_inc_tax: input.total,
          currency_code: input.currency ?? 'USD',
          items_total: input.items.reduce((n, i) => n + i.quantity, 0),
        },
        products: input.items.map((item, i) => ({
          id: id * 10 + i,
          order_id: id,
          name: item.name,
          quantity: item.quantity,
        })),
        shipments:
          input.trackingLink || input.trackingNumber
            ? [
                {
                  id: id * 10,
                  order_id: id,
                  tracking_number: input.trackingNumber ?? '',
                  tracking_link: input.trackingLink ?? '',
                },
              ]
            : [],
      });
      return id;
    },
    close: listening.close,
  };
}

function emptyStore(): Store {
  return { token: '', revoked: false, customers: [], orders: [] };
}
