import {
  ACCOUNT_PATHS,
  REGISTRATION_PATHS,
  STORE_PATHS,
  type StoreConnection,
  type StoreCustomerView,
  storePath,
} from '@convo/api';
import {
  type FakeBigCommerce,
  type FakeShopify,
  startFakeBigCommerce,
  startFakeShopify,
} from '@convo/provider-fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureOutbound } from '../../platform/outbound/index.js';
import type { Tenant } from '../../testing/messaging-fixtures.js';
import { newSignup } from '../../testing/test-app.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';

// Online stores (issue 38 items 1–2) against local fakes speaking Shopify's Admin REST API and
// BigCommerce's store API and OAuth: connect (token sealed, never answered), the widget's script
// tag, a customer's orders in the side panel, a revoked token turning into "reconnect", and two
// applications sharing a customer's e-mail each seeing only their own store.

let shopify: FakeShopify;
let bigcommerce: FakeBigCommerce;

beforeAll(async () => {
  shopify = await startFakeShopify();
  bigcommerce = await startFakeBigCommerce();
  // The shop's host is the tenant's to choose; the fake on loopback must be allowed explicitly.
  configureOutbound(['127.0.0.1']);
});
afterAll(async () => {
  configureOutbound([]);
  await shopify?.close();
  await bigcommerce?.close();
});

describe.each(testDatabaseKinds())('online stores on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, {
    tenants: 2,
    env: () => ({
      SHOPIFY_ADMIN_URL: `${shopify.url}/{shop}`,
      BIGCOMMERCE_API_URL: bigcommerce.url,
      BIGCOMMERCE_LOGIN_URL: bigcommerce.url,
      BIGCOMMERCE_CLIENT_ID: bigcommerce.clientId,
      BIGCOMMERCE_CLIENT_SECRET: bigcommerce.clientSecret,
      PUBLIC_URL: 'https://chat.example.com',
    }),
  });
  const suffix = kind.replace(/[^a-z]/g, '');

  const bearer = (tenant: Tenant) => ({ authorization: `Bearer ${tenant.admin['x-authorization']}` });
  const connect = (tenant: Tenant, provider: 'shopify' | 'bigcommerce', store: string, accessToken: string) =>
    t.app.inject({
      method: 'POST',
      url: storePath(provider),
      headers: bearer(tenant),
      payload: { store, accessToken },
    });
  const orders = async (tenant: Tenant, userId: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${STORE_PATHS.customerOrders}?userId=${encodeURIComponent(userId)}`,
      headers: bearer(tenant),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toMatch(/tok-|access_token/);
    return res.json().data as StoreCustomerView[];
  };
  async function customer(tenant: Tenant, email: string, phone?: string) {
    const userId = `c-${Math.random().toString(36).slice(2, 10)}`;
    const res = await t.app.inject({
      method: 'POST',
      url: REGISTRATION_PATHS.registerClient,
      payload: {
        userId,
        applicationId: tenant.applicationId,
        authenticationTypeId: 0,
        displayName: 'Ada',
        email,
        ...(phone ? { contactNumber: phone } : {}),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return userId;
  }

  it('Shopify: connects with the token sealed, installs the widget script tag, and shows the customer’s orders', async () => {
    const [a] = tenants;
    const shop = `acme-${suffix}.myshopify.com`;
    shopify.addShop(shop, `tok-shop-${suffix}`, 'Acme Outfitters');
    const id = shopify.addCustomer(shop, {
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    shopify.addOrder(shop, id, {
      name: '#1001',
      total: '42.00',
      items: [{ title: 'Blue mug', quantity: 2, price: '21.00' }],
      fulfillmentStatus: 'fulfilled',
      trackingUrl: 'https://track.example.com/1001',
    });
    shopify.addOrder(shop, id, {
      name: '#1002',
      total: '9.50',
      items: [{ title: 'Tea', quantity: 1, price: '9.50' }],
    });

    const wrong = await connect(a, 'shopify', shop, 'not-the-token');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
    const bad = await connect(a, 'shopify', 'evil.example.com', 'x');
    expect(bad.statusCode).toBe(400);

    const res = await connect(a, 'shopify', shop, `tok-shop-${suffix}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(`tok-shop-${suffix}`);
    const connection = res.json().data as StoreConnection;
    expect(connection).toMatchObject({
      provider: 'shopify',
      store: shop,
      displayName: 'Acme Outfitters',
      state: 'connected',
      widgetInstalled: true,
    });
    expect(shopify.scriptTags(shop)).toEqual([
      expect.objectContaining({
        event: 'onload',
        src: `https://chat.example.com/widget/loader.js?appId=${a.applicationId}`,
      }),
    ]);
    const stored = await t.database.db.execute(
      `select token_sealed from store_connections where application_id = '${a.applicationId}'`,
    );
    expect(JSON.stringify(stored)).not.toContain(`tok-shop-${suffix}`);

    const list = await t.app.inject({ method: 'GET', url: STORE_PATHS.list, headers: bearer(a) });
    expect(list.body).not.toContain(`tok-shop-${suffix}`);

    const userId = await customer(a, 'Ada@Example.com');
    const [view] = await orders(a, userId);
    expect(view).toMatchObject({
      provider: 'shopify',
      state: 'ok',
      profile: { name: 'Ada Lovelace', ordersCount: 2 },
    });
    expect(view?.orders.map((o) => o.name).sort()).toEqual(['#1001', '#1002']);
    const first = view?.orders.find((o) => o.name === '#1001');
    expect(first).toMatchObject({
      total: '42.00',
      currency: 'USD',
      items: [{ name: 'Blue mug', quantity: 2 }],
      trackingUrl: 'https://track.example.com/1001',
    });
    expect(
      shopify.calls.every(
        (c) => c.shop !== shop || c.token === `tok-shop-${suffix}` || c.token === 'not-the-token',
      ),
    ).toBe(true);
  });

  it('Shopify: a revoked token turns the store to "reconnect" and the panel stays calm', async () => {
    const [, b] = tenants;
    const shop = `revoked-${suffix}.myshopify.com`;
    shopify.addShop(shop, `tok-rev-${suffix}`);
    shopify.addCustomer(shop, { email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper' });
    expect((await connect(b, 'shopify', shop, `tok-rev-${suffix}`)).statusCode).toBe(200);
    shopify.revoke(shop);
    const userId = await customer(b, 'grace@example.com');
    expect(await orders(b, userId)).toEqual([
      expect.objectContaining({ provider: 'shopify', state: 'reconnect', profile: null, orders: [] }),
    ]);
    const list = await t.app.inject({ method: 'GET', url: STORE_PATHS.list, headers: bearer(b) });
    expect((list.json().data as StoreConnection[])[0]?.state).toBe('reconnect');
    // Disconnect, then the panel has nothing to show.
    const gone = await t.app.inject({ method: 'DELETE', url: storePath('shopify'), headers: bearer(b) });
    expect(gone.statusCode).toBe(200);
    expect(await orders(b, userId)).toEqual([]);
  });

  it('BigCommerce: the marketplace install exchanges the code, connects from the sealed link, and shows orders', async () => {
    const [a] = tenants;
    const hash = `bc${suffix}`;
    const code = bigcommerce.authCode(hash, { id: 7, email: 'owner@example.com' });
    const install = await t.app.inject({
      method: 'GET',
      url: `${STORE_PATHS.bigCommerceAuth}?code=${code}&context=stores/${hash}&scope=store_v2_orders_read_only`,
    });
    expect(install.statusCode, install.body).toBe(302);
    const target = new URL(String(install.headers.location));
    expect(target.pathname).toBe('/bigcommerce');
    expect(target.searchParams.get('email')).toBe('owner@example.com');
    expect(target.searchParams.get('storeHash')).toBe(hash);
    const exchange = bigcommerce.calls.find((c) => c.path === '/oauth2/token');
    expect(exchange?.body).toMatchObject({
      grant_type: 'authorization_code',
      code,
      context: `stores/${hash}`,
      redirect_uri: `https://chat.example.com${STORE_PATHS.bigCommerceAuth}`,
    });
    // The same code twice is refused by BigCommerce: a calm 502, not a 500.
    const again = await t.app.inject({
      method: 'GET',
      url: `${STORE_PATHS.bigCommerceAuth}?code=${code}&context=stores/${hash}&scope=x`,
    });
    expect(again.statusCode).toBe(502);

    const sealed = String(target.searchParams.get('accessToken'));
    const res = await connect(a, 'bigcommerce', hash, sealed);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ provider: 'bigcommerce', store: hash, state: 'connected' });
    // A sealed link for another store does not connect this one.
    expect((await connect(a, 'bigcommerce', 'otherstore', sealed)).statusCode).toBe(400);

    const cid = bigcommerce.addCustomer(hash, { email: 'ada@example.com', firstName: 'Ada', lastName: 'L' });
    bigcommerce.addOrder(hash, cid, {
      status: 'Shipped',
      total: '30.0000',
      items: [{ name: 'Kettle', quantity: 1 }],
      trackingLink: 'https://track.example.com/bc',
    });
    const userId = await customer(a, 'ada@example.com');
    const views = await orders(a, userId);
    const view = views.find((v) => v.provider === 'bigcommerce');
    expect(view).toMatchObject({ state: 'ok', profile: { name: 'Ada L' } });
    expect(view?.orders).toEqual([
      expect.objectContaining({
        status: 'Shipped',
        total: '30.0000',
        items: [{ name: 'Kettle', quantity: 1 }],
        trackingUrl: 'https://track.example.com/bc',
      }),
    ]);
    expect(
      bigcommerce.calls
        .filter((c) => c.path.startsWith(`/stores/${hash}/`))
        .every((c) => typeof c.token === 'string'),
    ).toBe(true);

    const payload = bigcommerce.signedPayload(hash, { id: 7, email: 'owner@example.com' });
    const load = await t.app.inject({
      method: 'GET',
      url: `${STORE_PATHS.bigCommerceLoad}?signed_payload=${encodeURIComponent(payload)}`,
    });
    expect(load.statusCode).toBe(302);
    const forged = await t.app.inject({
      method: 'GET',
      url: `${STORE_PATHS.bigCommerceLoad}?signed_payload=${encodeURIComponent(`${payload.split('.')[0]}.${Buffer.from('00').toString('base64')}`)}`,
    });
    expect(forged.statusCode).toBe(401);
  });

  it('a sign-up from the Shopify app records the shop and billingPlatform shopify', async () => {
    const shop = `signup-${suffix}.myshopify.com`;
    const res = await t.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.signup,
      payload: newSignup({ shop, billingPlatform: 'shopify' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.database.db.execute(
      `select billing_platform from customers where shop_url = '${shop}'`,
    );
    expect(JSON.stringify(rows)).toContain('"billing_platform":"shopify"');
  });

  it('two applications sharing a customer e-mail each see only their own store’s orders', async () => {
    const [a, b] = tenants;
    const shopB = `second-${suffix}.myshopify.com`;
    shopify.addShop(shopB, `tok-b-${suffix}`, 'Second shop');
    const idB = shopify.addCustomer(shopB, { email: 'ada@example.com', firstName: 'Ada', lastName: 'B' });
    shopify.addOrder(shopB, idB, {
      name: '#B-1',
      total: '1.00',
      items: [{ title: 'Sticker', quantity: 1, price: '1.00' }],
    });
    expect((await connect(b, 'shopify', shopB, `tok-b-${suffix}`)).statusCode).toBe(200);

    const inA = await orders(a, await customer(a, 'ada@example.com'));
    const inB = await orders(b, await customer(b, 'ada@example.com'));
    expect(
      inA
        .find((v) => v.provider === 'shopify')
        ?.orders.map((o) => o.name)
        .sort(),
    ).toEqual(['#1001', '#1002']);
    expect(inB.map((v) => v.provider)).toEqual(['shopify']);
    expect(inB[0]?.orders.map((o) => o.name)).toEqual(['#B-1']);
    // b's member asking about a's customer id finds no such customer in b.
    const other = await orders(b, 'no-such-user');
    expect(other[0]).toMatchObject({ state: 'ok', profile: null, orders: [] });
  });
});
