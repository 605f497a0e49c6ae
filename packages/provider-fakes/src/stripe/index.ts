import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { readBody } from '../shared/fake-server.js';

// Stripe's API as the official `stripe` package calls it, for the parts billing uses: Checkout
// Sessions (POST /v1/checkout/sessions, form-encoded), customer-portal sessions
// (POST /v1/billing_portal/sessions), subscriptions (GET /v1/subscriptions/:id), subscription
// items (POST /v1/subscription_items, POST and DELETE /v1/subscription_items/:id: an add-on's
// quantity), invoices (GET /v1/invoices?customer=), secret keys as `Authorization: Bearer sk_…`, errors as
// `{ error: { type, code, message } }`. It also delivers webhooks signed the way Stripe documents
// (`Stripe-Signature: t=<unix seconds>,v1=<HMAC-SHA256 of "t.payload" with the endpoint secret>`).

export interface StripeCall {
  method: string;
  path: string;
  /** The form body, flattened as Stripe's keys (`line_items[0][price]`). */
  form: Record<string, string>;
}

export interface FakeStripeObject {
  id: string;
  [key: string]: unknown;
}

export interface FakeStripe {
  url: string;
  calls: StripeCall[];
  sessions: Map<string, FakeStripeObject>;
  subscriptions: Map<string, FakeStripeObject>;
  invoices: FakeStripeObject[];
  /** Completes a Checkout Session: creates its customer's subscription; answers the event object. */
  completeCheckout(sessionId: string): FakeStripeObject;
  /** Changes a subscription's price and quantity as the customer portal does; answers the event object. */
  updateSubscription(subscriptionId: string, change: { price: string; quantity: number }): FakeStripeObject;
  /** An invoice of the subscription, open (failed payment) or paid. */
  addInvoice(subscriptionId: string, status: 'open' | 'paid', amount: number): FakeStripeObject;
  /** A webhook delivery as Stripe sends it: the event's JSON and its signed headers. */
  event(
    type: string,
    object: FakeStripeObject,
    opts?: { id?: string; secret?: string },
  ): { id: string; payload: string; headers: Record<string, string> };
  /** Posts a signed event to a webhook endpoint; `secret` overrides the endpoint secret (a forged one). */
  deliver(
    endpoint: string,
    type: string,
    object: FakeStripeObject,
    opts?: { id?: string; secret?: string },
  ): Promise<{ status: number; body: string; eventId: string }>;
  close(): Promise<void>;
}

export interface FakeStripeOptions {
  /** The endpoint secret (whsec_…) the webhooks are signed with. */
  webhookSecret: string;
  /** Accepted secret key (sk_test_…). */
  secretKey: string;
  /** Port to listen on; a free one when absent. */
  port?: number;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

interface FakeItem {
  id: string;
  price: { id: string };
  quantity: number;
  [key: string]: unknown;
}

/** A subscription's items (`items.data`), as stored on the fake's object. */
function itemsOf(subscription: FakeStripeObject): FakeItem[] {
  return (subscription.items as { data: FakeItem[] }).data;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
  res.end(JSON.stringify(body));
}

function stripeError(res: ServerResponse, status: number, type: string, message: string, code?: string) {
  send(res, status, { error: { type, message, ...(code ? { code } : {}) } });
}

/** What Stripe signs: `t=<ts>,v1=<hex HMAC-SHA256 of "<ts>.<payload>">`. */
export function stripeSignature(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)) {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export async function startFakeStripe(options: FakeStripeOptions): Promise<FakeStripe> {
  const calls: StripeCall[] = [];
  const sessions = new Map<string, FakeStripeObject>();
  const subscriptions = new Map<string, FakeStripeObject>();
  const invoices: FakeStripeObject[] = [];
  const sockets = new Set<Socket>();
  let base = '';

  const server = createServer((req, res) => {
    void handle(req, res).catch((err: unknown) => stripeError(res, 500, 'api_error', String(err)));
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
    calls.push({ method: req.method ?? 'GET', path: url.pathname, form });
    if (req.headers.authorization !== `Bearer ${options.secretKey}`) {
      return stripeError(res, 401, 'invalid_request_error', 'Invalid API Key provided.');
    }
    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      if (form.mode !== 'subscription' || !form['line_items[0][price]'] || !form.success_url) {
        return stripeError(
          res,
          400,
          'invalid_request_error',
          'Missing required param: line_items.',
          'parameter_missing',
        );
      }
      const sessionId = id('cs_test');
      const metadata: Record<string, string> = {};
      for (const [key, value] of Object.entries(form)) {
        const m = /^metadata\[(.+)\]$/.exec(key);
        if (m?.[1]) metadata[m[1]] = value;
      }
      const session: FakeStripeObject = {
        id: sessionId,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'open',
        url: `${base}/checkout/${sessionId}`,
        client_reference_id: form.client_reference_id ?? null,
        customer: form.customer ?? null,
        metadata,
        line_items: [
          { price: form['line_items[0][price]'], quantity: Number(form['line_items[0][quantity]'] ?? 1) },
        ],
        success_url: form.success_url,
        cancel_url: form.cancel_url ?? null,
      };
      sessions.set(sessionId, session);
      return send(res, 200, session);
    }
    if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
      const customer = form.customer;
      if (!customer) {
        return stripeError(
          res,
          400,
          'invalid_request_error',
          'Missing required param: customer.',
          'parameter_missing',
        );
      }
      if (![...subscriptions.values()].some((s) => s.customer === customer)) {
        return stripeError(
          res,
          400,
          'invalid_request_error',
          `No such customer: '${customer}'`,
          'resource_missing',
        );
      }
      const portalId = id('bps');
      return send(res, 200, {
        id: portalId,
        object: 'billing_portal.session',
        customer,
        livemode: false,
        return_url: form.return_url ?? null,
        url: `${base}/portal/${portalId}`,
      });
    }
    if (req.method === 'POST' && url.pathname === '/v1/subscription_items') {
      const subscription = form.subscription ? subscriptions.get(form.subscription) : undefined;
      if (!subscription) {
        return stripeError(
          res,
          400,
          'invalid_request_error',
          `No such subscription: '${form.subscription ?? ''}'`,
          'resource_missing',
        );
      }
      if (!form.price) {
        return stripeError(
          res,
          400,
          'invalid_request_error',
          'Missing required param: price.',
          'parameter_missing',
        );
      }
      const items = itemsOf(subscription);
      if (items.some((i) => i.price.id === form.price)) {
        return stripeError(
          res,
          400,
          'invalid_request_error',
          'Cannot add multiple subscription items with the same price.',
          'parameter_invalid',
        );
      }
      const item = {
        id: id('si'),
        object: 'subscription_item',
        subscription: subscription.id,
        price: { id: form.price },
        quantity: Number(form.quantity ?? 1),
      };
      items.push(item);
      return send(res, 200, item);
    }
    const subItem = /^\/v1\/subscription_items\/([^/]+)$/.exec(url.pathname);
    if (subItem?.[1] && (req.method === 'POST' || req.method === 'DELETE')) {
      const owner = [...subscriptions.values()].find((s) => itemsOf(s).some((i) => i.id === subItem[1]));
      if (!owner) {
        return stripeError(
          res,
          404,
          'invalid_request_error',
          `No such subscription item: '${subItem[1]}'`,
          'resource_missing',
        );
      }
      const items = itemsOf(owner);
      const index = items.findIndex((i) => i.id === subItem[1]);
      if (req.method === 'DELETE') {
        const [removed] = items.splice(index, 1);
        return send(res, 200, { id: removed!.id, object: 'subscription_item', deleted: true });
      }
      if (form.quantity !== undefined) items[index]!.quantity = Number(form.quantity);
      return send(res, 200, { object: 'subscription_item', subscription: owner.id, ...items[index]! });
    }
    const sub = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && sub?.[1]) {
      const found = subscriptions.get(sub[1]);
      if (!found) {
        return stripeError(
          res,
          404,
          'invalid_request_error',
          `No such subscription: '${sub[1]}'`,
          'resource_missing',
        );
      }
      return send(res, 200, found);
    }
    if (req.method === 'GET' && url.pathname === '/v1/invoices') {
      const customer = url.searchParams.get('customer');
      const data = invoices.filter((i) => i.customer === customer).reverse();
      return send(res, 200, { object: 'list', data, has_more: false, url: '/v1/invoices' });
    }
    return stripeError(
      res,
      404,
      'invalid_request_error',
      `Unrecognized request URL (${req.method}: ${url.pathname}).`,
    );
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeStripe = {
    url: base,
    calls,
    sessions,
    subscriptions,
    invoices,
    completeCheckout(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const customer = (session.customer as string | null) ?? id('cus');
      const subscriptionId = id('sub');
      const item = (session.line_items as { price: string; quantity: number }[])[0]!;
      subscriptions.set(subscriptionId, {
        id: subscriptionId,
        object: 'subscription',
        customer,
        status: 'active',
        collection_method: 'charge_automatically',
        metadata: session.metadata,
        items: {
          object: 'list',
          data: [{ id: id('si'), price: { id: item.price }, quantity: item.quantity }],
        },
      });
      Object.assign(session, { status: 'complete', customer, subscription: subscriptionId });
      return session;
    },
    updateSubscription(subscriptionId, change) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
      const periodEnd = Math.floor(Date.now() / 1000) + 30 * 86_400;
      // The portal changes the plan's item (the first); add-on items stay as they are.
      const [planItem, ...others] = itemsOf(subscription);
      Object.assign(subscription, {
        items: {
          object: 'list',
          data: [
            {
              id: planItem?.id ?? id('si'),
              price: { id: change.price },
              quantity: change.quantity,
              current_period_end: periodEnd,
            },
            ...others,
          ],
        },
      });
      return subscription;
    },
    addInvoice(subscriptionId, status, amount) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
      const invoice: FakeStripeObject = {
        id: id('in'),
        object: 'invoice',
        number: `FAKE-${String(invoices.length + 1).padStart(4, '0')}`,
        customer: subscription.customer,
        subscription: subscriptionId,
        status,
        amount_due: amount,
        currency: 'usd',
        created: Math.floor(Date.now() / 1000),
        hosted_invoice_url: `${base}/invoices/${invoices.length + 1}`,
      };
      invoices.push(invoice);
      return invoice;
    },
    event(type, object, opts = {}) {
      const eventId = opts.id ?? id('evt');
      const payload = JSON.stringify({
        id: eventId,
        object: 'event',
        api_version: '2025-10-29.clover',
        type,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        data: { object },
      });
      const headers = {
        'content-type': 'application/json',
        'stripe-signature': stripeSignature(payload, opts.secret ?? options.webhookSecret),
      };
      return { id: eventId, payload, headers };
    },
    async deliver(endpoint, type, object, opts = {}) {
      const { id: eventId, payload, headers } = fake.event(type, object, opts);
      const res = await fetch(endpoint, { method: 'POST', headers, body: payload });
      return { status: res.status, body: await res.text(), eventId };
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}
