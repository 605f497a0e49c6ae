import {
  channelWebhookPath,
  META_OAUTH_PATHS,
  metaOAuthPendingPath,
  metaOAuthSelectPath,
  metaOAuthStartPath,
} from '@convo/api';
import { type FakeMeta, type FakeMetaPage, messengerDelivery, startFakeMeta } from '@convo/provider-fakes';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sealJson } from '../../../platform/crypto.js';
import { channelHarness, freePort } from '../../../testing/channel-harness.js';
import type { Tenant } from '../../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../../testing/test-database.js';
import { useTestApp } from '../../../testing/use-test-app.js';

// "Connect with Facebook / Instagram" through Facebook Login against the local Meta fake (its
// dialog approves at once and redirects with a code; Graph's /oauth/access_token, /me/accounts and
// /{page}/subscribed_apps): the sealed state, the code exchange, the page list without tokens,
// the pick that connects and subscribes, cancel and Meta's errors, and the app-wide webhook.

const APP_ID = '987654321012345';
const APP_SECRET = 'f00dfeedf00dfeedf00dfeedf00dfeed';
const VERIFY = 'operator-verify-token';
const SHOP: FakeMetaPage = {
  id: '111000111000',
  name: 'Acme Shop',
  accessToken: 'EAAPageTokenAcmeShop000000000000000001',
  instagram: { id: '17841400000000001', username: 'acme.shop' },
};
const BLOG: FakeMetaPage = {
  id: '222000222000',
  name: 'Acme Blog',
  accessToken: 'EAAPageTokenAcmeBlog000000000000000002',
};

describe.each(testDatabaseKinds())('Meta OAuth on %s', (kind) => {
  let fake: FakeMeta;
  let port = 0;
  beforeAll(async () => {
    fake = await startFakeMeta();
    fake.setApp(APP_ID, APP_SECRET);
    port = await freePort();
  });
  const { t, tenants } = useTestApp(kind, {
    tenants: 2,
    dataDir: true,
    env: () => ({
      META_GRAPH_API_URL: fake.url,
      META_DIALOG_URL: fake.url,
      META_APP_ID: APP_ID,
      META_APP_SECRET: APP_SECRET,
      META_VERIFY_TOKEN: VERIFY,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    }),
  });
  const [tenant, other] = tenants;
  const h = channelHarness(t, tenant, 'facebook');
  beforeAll(async () => {
    await t.app.listen({ host: '127.0.0.1', port });
  });
  afterAll(async () => {
    await fake?.close();
  });
  beforeEach(() => {
    fake.setLoginPages([SHOP, BLOG]);
  });

  const bearer = (tn: Tenant) => ({ authorization: `Bearer ${tn.admin['x-authorization']}` });
  /** Every body and redirect our server answered, to hold them free of tokens. */
  const answered: string[] = [];
  const inject = async (opts: InjectOptions) => {
    const res = await t.app.inject(opts);
    answered.push(res.body, String(res.headers.location ?? ''), String(res.headers['set-cookie'] ?? ''));
    return res;
  };

  async function start(type: 'facebook' | 'instagram', tn: Tenant = tenant) {
    const res = await inject({ method: 'POST', url: metaOAuthStartPath(type), headers: bearer(tn) });
    expect(res.statusCode).toBe(200);
    return {
      url: new URL(res.json().data.url as string),
      cookie: String(res.headers['set-cookie']).split(';')[0]!,
    };
  }

  /** The browser's round trip: our start, Meta's dialog, our callback; answers the pending id. */
  async function logIn(type: 'facebook' | 'instagram', tn: Tenant = tenant) {
    const started = await start(type, tn);
    const dialog = await fetch(started.url, { redirect: 'manual' });
    expect(dialog.status).toBe(302);
    const back = new URL(String(dialog.headers.get('location')));
    expect(`${back.origin}${back.pathname}`).toBe(`${t.config.publicUrl}${META_OAUTH_PATHS.callback}`);
    const res = await inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: started.cookie },
    });
    expect(res.statusCode).toBe(302);
    const next = new URL(String(res.headers.location));
    expect(`${next.origin}${next.pathname}`).toBe(`${t.config.publicUrl}/integration-details`);
    expect(next.searchParams.get('type')).toBe(type);
    return next.searchParams.get('pending')!;
  }

  const pending = (id: string, tn: Tenant = tenant) =>
    inject({ method: 'GET', url: metaOAuthPendingPath(id), headers: bearer(tn) });
  const select = (id: string, accountId: string, tn: Tenant = tenant) =>
    inject({ method: 'POST', url: metaOAuthSelectPath(id), headers: bearer(tn), payload: { accountId } });

  it('says the Meta app is configured and starts Facebook Login with the channel’s scopes and a sealed state', async () => {
    const config = await inject({ method: 'GET', url: META_OAUTH_PATHS.config, headers: bearer(tenant) });
    expect(config.json().data).toEqual({ configured: true });
    const { url, cookie } = await start('facebook');
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.url}/v21.0/dialog/oauth`);
    expect(url.searchParams.get('client_id')).toBe(APP_ID);
    expect(url.searchParams.get('redirect_uri')).toBe(`${t.config.publicUrl}${META_OAUTH_PATHS.callback}`);
    expect(url.searchParams.get('scope')).toBe('pages_messaging,pages_show_list,pages_manage_metadata');
    expect(url.searchParams.toString()).not.toContain(APP_SECRET);
    const state = url.searchParams.get('state')!;
    expect(Buffer.from(state, 'base64url').toString('latin1')).not.toContain(tenant.applicationId);
    expect(cookie).toMatch(/^convo_meta_oauth=.+/);
    const ig = await start('instagram');
    expect(ig.url.searchParams.get('scope')).toContain('instagram_basic,instagram_manage_messages');
  });

  it('exchanges the code, lists the pages without tokens, and connects and subscribes the picked page', async () => {
    const before = fake.calls.length;
    const id = await logIn('facebook');
    const graph = fake.calls.slice(before);
    const exchanges = graph.filter((c) => c.path === 'oauth/access_token');
    expect(exchanges).toHaveLength(2);
    expect(exchanges[0]!.query).toMatchObject({
      client_id: APP_ID,
      client_secret: APP_SECRET,
      redirect_uri: `${t.config.publicUrl}${META_OAUTH_PATHS.callback}`,
    });
    expect(exchanges[1]!.query).toMatchObject({ grant_type: 'fb_exchange_token', client_id: APP_ID });
    const accounts = graph.find((c) => c.path === 'me/accounts')!;
    // The long-lived token reads the pages.
    expect(accounts.token).not.toBe(exchanges[1]!.query.fb_exchange_token);

    // Another tenant (or member) cannot see it.
    expect((await pending(id, other)).statusCode).toBe(404);
    const listed = await pending(id);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toMatchObject({
      type: 'facebook',
      status: 'ready',
      pageCount: 2,
      error: null,
      accounts: [
        { id: SHOP.id, name: 'Acme Shop', pageId: SHOP.id },
        { id: BLOG.id, name: 'Acme Blog', pageId: BLOG.id },
      ],
    });

    expect((await select(id, '999999')).json().code).toBe('INVALID_PARAMETER');
    expect((await select(id, SHOP.id, other)).statusCode).toBe(404);
    const connected = await select(id, SHOP.id);
    expect(connected.statusCode).toBe(200);
    expect(connected.json().data).toMatchObject({
      type: 'facebook',
      status: 'connected',
      displayName: 'Acme Shop',
    });
    const subscribe = fake.calls.filter(
      (c) => c.path === `${SHOP.id}/subscribed_apps` && c.method === 'POST',
    );
    expect(subscribe.at(-1)).toMatchObject({ token: SHOP.accessToken, status: 200 });
    expect(subscribe.at(-1)!.query.subscribed_fields).toContain('messages');
    // Used once.
    expect((await pending(id)).statusCode).toBe(404);
    expect((await select(id, SHOP.id)).statusCode).toBe(404);

    // Meta posts the page's messages to the app's one webhook, signed with the app secret.
    const psid = '24000000000000001';
    const delivery = messengerDelivery('page', SHOP.id, [
      {
        sender: { id: psid },
        recipient: { id: SHOP.id },
        timestamp: Date.now(),
        message: { mid: 'm_oauth_1', text: 'Hello from Messenger' },
      },
    ]);
    const appHook = `http://127.0.0.1:${port}${META_OAUTH_PATHS.webhook}`;
    expect((await fake.postWebhook(appHook, 'b'.repeat(32), delivery)).status).toBe(401);
    const posted = await fake.postWebhook(appHook, APP_SECRET, delivery);
    expect(posted).toMatchObject({ status: 200 });
    expect(JSON.parse(posted.body)).toEqual({ ok: true, stored: 1 });
    const conversation = await h.conversationOf(psid);
    expect(conversation).toBeDefined();
    expect((await h.messagesOf(conversation!.id)).map((m) => m.message)).toEqual(['Hello from Messenger']);
    // Retried: stored once; the application's own webhook URL takes the same signature.
    expect(JSON.parse((await fake.postWebhook(appHook, APP_SECRET, delivery)).body).stored).toBe(0);
    const ownHook = `http://127.0.0.1:${port}${channelWebhookPath('facebook', tenant.applicationId)}`;
    expect((await fake.postWebhook(ownHook, APP_SECRET, delivery)).status).toBe(200);
    // Meta's verification of the app's webhook with the operator's verify token.
    expect((await fake.verifyWebhook(appHook, VERIFY, 'c-1')).body).toBe('c-1');
    expect((await fake.verifyWebhook(appHook, 'wrong-token', 'c-2')).status).toBe(403);
    // A page nobody connected is acknowledged and ignored.
    const stranger = await fake.postWebhook(appHook, APP_SECRET, messengerDelivery('page', '5550001', []));
    expect(JSON.parse(stranger.body)).toEqual({ ok: true, stored: 0 });
  });

  it('lists the Instagram professional accounts of the pages and connects the picked one', async () => {
    const id = await logIn('instagram');
    const listed = (await pending(id)).json().data;
    expect(listed).toMatchObject({ type: 'instagram', status: 'ready', pageCount: 2 });
    expect(listed.accounts).toEqual([
      { id: SHOP.instagram!.id, name: '@acme.shop', pageId: SHOP.id, pageName: 'Acme Shop' },
    ]);
    expect((await select(id, BLOG.id)).statusCode).toBe(400);
    const connected = await select(id, SHOP.instagram!.id);
    expect(connected.json().data).toMatchObject({
      type: 'instagram',
      status: 'connected',
      displayName: '@acme.shop',
    });
    const subscribe = fake.calls.filter(
      (c) => c.path === `${SHOP.id}/subscribed_apps` && c.method === 'POST',
    );
    expect(subscribe.at(-1)).toMatchObject({ token: SHOP.accessToken, status: 200 });
  });

  it('refuses a tampered, forged, expired, missing or other browser’s state with 400 and asks Meta nothing', async () => {
    const started = await start('facebook');
    const dialog = await fetch(started.url, { redirect: 'manual' });
    const back = new URL(String(dialog.headers.get('location')));
    const code = back.searchParams.get('code')!;
    const state = back.searchParams.get('state')!;
    const i = Math.floor(state.length / 2);
    const tampered = `${state.slice(0, i)}${state[i] === 'A' ? 'B' : 'A'}${state.slice(i + 1)}`;
    const nonce = started.cookie.split('=')[1]!;
    const body = { a: tenant.applicationId, u: 'x', k: 'facebook', n: nonce };
    const forged = sealJson('not-our-secret', { ...body, exp: Date.now() + 60_000 });
    const expired = sealJson(t.config.appSecret, { ...body, exp: Date.now() - 1000 });
    const before = fake.calls.length;
    const cases: [string | null, string][] = [
      [tampered, started.cookie],
      [forged, started.cookie],
      [expired, started.cookie],
      [null, started.cookie],
      [state, ''],
      [state, 'convo_meta_oauth=someone-else'],
    ];
    for (const [s, cookie] of cases) {
      const query = new URLSearchParams({ code, ...(s ? { state: s } : {}) });
      const res = await inject({
        method: 'GET',
        url: `${META_OAUTH_PATHS.callback}?${query}`,
        headers: cookie ? { cookie } : {},
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('INVALID_STATE');
      expect(res.headers.location).toBeUndefined();
    }
    expect(fake.calls.length).toBe(before);
  });

  it('keeps the cancel and Meta’s refusal for the dashboard, and an honest empty list', async () => {
    fake.denyNextLogin();
    const cancelled = (await pending(await logIn('facebook'))).json().data;
    expect(cancelled).toMatchObject({
      status: 'failed',
      accounts: [],
      error: { code: 'META_OAUTH_CANCELLED' },
    });

    fake.failNext('me/accounts', {
      status: 400,
      code: 190,
      message: 'Error validating access token: The user has not authorized application 987654321012345.',
    });
    const refused = (await pending(await logIn('facebook'))).json().data;
    expect(refused.status).toBe('failed');
    expect(refused.error.code).toBe('META_ERROR');
    expect(refused.error.message).toContain('The user has not authorized application');

    fake.setLoginPages([]);
    const empty = (await pending(await logIn('facebook'))).json().data;
    expect(empty).toMatchObject({ status: 'ready', accounts: [], pageCount: 0, error: null });
  });

  it('never answers a token', () => {
    for (const body of answered) {
      expect(body).not.toContain(SHOP.accessToken);
      expect(body).not.toContain(BLOG.accessToken);
      // The dialog URL's sealed state is random base64url and may hold "EAA…" by chance.
      expect(body.replace(/state=[A-Za-z0-9_.~%-]+/g, 'state=')).not.toMatch(/EAA[A-Za-z0-9_-]{20,}/);
      expect(body).not.toContain(APP_SECRET);
    }
    expect(answered.length).toBeGreaterThan(20);
  });
});
