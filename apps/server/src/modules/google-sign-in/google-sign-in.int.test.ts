import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { ACCOUNT_PATHS } from '@convo/api';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../platform/config.js';
import { sealJson } from '../../platform/crypto.js';
import { createMailer } from '../../platform/mail/mailer.js';
import { newSignup } from '../../testing/test-app.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';

const CLIENT_ID = 'test-client-id.apps.example';
const CLIENT_SECRET = 'test-client-secret';
const DASHBOARD = 'http://localhost:3000';

/**
 * A tiny OAuth provider: `authorize` signs in whoever `nextUser` says and redirects back with a
 * code; `token` trades the code (checking the client's credentials) for an access token;
 * `userinfo` tells the e-mail of that token.
 */
interface FakeProvider {
  app: FastifyInstance;
  base: string;
  nextUser: { email: string; email_verified?: boolean };
  tokenRequests: Record<string, string>[];
  failTokenEndpoint: boolean;
}

async function startFakeProvider(): Promise<FakeProvider> {
  const app = Fastify();
  const codes = new Map<string, { email: string; email_verified?: boolean; redirectUri: string }>();
  const accessTokens = new Map<string, { email: string; email_verified?: boolean }>();
  const provider: FakeProvider = {
    app,
    base: '',
    nextUser: { email: 'nobody@example.com', email_verified: true },
    tokenRequests: [],
    failTokenEndpoint: false,
  };
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  app.get('/authorize', async (req, reply) => {
    const q = req.query as Record<string, string>;
    if (q.client_id !== CLIENT_ID || !q.redirect_uri || !q.state || q.response_type !== 'code') {
      return reply.status(400).send({ error: 'invalid_request' });
    }
    const code = randomBytes(12).toString('hex');
    codes.set(code, { ...provider.nextUser, redirectUri: q.redirect_uri });
    const back = new URL(q.redirect_uri);
    back.searchParams.set('code', code);
    back.searchParams.set('state', q.state);
    return reply.redirect(back.toString());
  });
  app.post('/token', async (req, reply) => {
    const body = req.body as Record<string, string>;
    provider.tokenRequests.push(body);
    if (provider.failTokenEndpoint) return reply.status(500).send({ error: 'server_error' });
    const grant = body.code ? codes.get(body.code) : undefined;
    if (
      !grant ||
      body.client_id !== CLIENT_ID ||
      body.client_secret !== CLIENT_SECRET ||
      body.grant_type !== 'authorization_code' ||
      body.redirect_uri !== grant.redirectUri
    ) {
      return reply.status(400).send({ error: 'invalid_grant' });
    }
    codes.delete(body.code!);
    const accessToken = randomBytes(12).toString('hex');
    accessTokens.set(accessToken, { email: grant.email, email_verified: grant.email_verified });
    return { access_token: accessToken, token_type: 'Bearer', expires_in: 3600 };
  });
  app.get('/userinfo', async (req, reply) => {
    const auth = req.headers.authorization ?? '';
    const who = accessTokens.get(auth.replace(/^Bearer /, ''));
    if (!who) return reply.status(401).send({ error: 'invalid_token' });
    return { sub: '1234567890', ...who };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  provider.base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return provider;
}

describe.each(testDatabaseKinds())('Google sign-in on %s', (kind) => {
  let provider: FakeProvider;
  beforeAll(async () => {
    provider = await startFakeProvider();
  });
  afterAll(async () => {
    await provider?.app.close();
  });
  // Registered after the provider's hooks: the app starts once the provider is up, closes before it.
  const { t } = useTestApp(kind, {
    env: () => ({
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
      GOOGLE_AUTH_URL: `${provider.base}/authorize`,
      GOOGLE_TOKEN_URL: `${provider.base}/token`,
      GOOGLE_USERINFO_URL: `${provider.base}/userinfo`,
    }),
  });
  beforeEach(() => {
    provider.failTokenEndpoint = false;
  });

  async function signUp() {
    const body = newSignup();
    const res = await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.signup, payload: body });
    expect(res.statusCode).toBe(200);
    return body;
  }

  /** GET start; returns the provider URL it redirects to. */
  async function start(origin = DASHBOARD, headers: Record<string, string> = {}) {
    const res = await t.app.inject({
      method: 'GET',
      url: `${ACCOUNT_PATHS.googleStart}?product=classic&origin=${encodeURIComponent(origin)}`,
      headers,
    });
    return res;
  }

  /** The whole round trip as a browser makes it; returns where our callback sends the browser. */
  async function signInWithGoogle(user: FakeProvider['nextUser'], origin = DASHBOARD) {
    const started = await start(origin);
    expect(started.statusCode).toBe(302);
    provider.nextUser = user;
    const atProvider = await fetch(String(started.headers.location), { redirect: 'manual' });
    expect(atProvider.status).toBe(302);
    const callback = new URL(String(atProvider.headers.get('location')));
    // The browser brings back the cookie that start set.
    const res = await t.app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: cookieFrom(started) },
    });
    expect(res.statusCode).toBe(302);
    return new URL(String(res.headers.location));
  }

  function cookieFrom(res: { headers: Record<string, unknown> }): string {
    return String(res.headers['set-cookie'] ?? '').split(';')[0] ?? '';
  }

  it('tells the dashboard that Google sign-in is on', async () => {
    const res = await t.app.inject({ method: 'GET', url: ACCOUNT_PATHS.config });
    expect(res.json().googleSignIn).toBe(true);
  });

  it('shows it off, and has no start route, in an app without the Google settings', async () => {
    const logger = pino({ level: 'silent' });
    const config = loadConfig({
      NODE_ENV: 'test',
      APP_SECRET: 'another-secret',
      PUBLIC_URL: DASHBOARD,
      LOG_LEVEL: 'silent',
    });
    const plain = await buildApp({
      config,
      database: t.database,
      mailer: createMailer(t.database.db, undefined, config.mailFrom, logger),
      logger,
    });
    try {
      const cfg = await plain.inject({ method: 'GET', url: ACCOUNT_PATHS.config });
      expect(cfg.json().googleSignIn).toBe(false);
      const res = await plain.inject({
        method: 'GET',
        url: `${ACCOUNT_PATHS.googleStart}?origin=${encodeURIComponent(DASHBOARD)}`,
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('start redirects to the provider with client_id, our callback as redirect_uri, and a sealed state', async () => {
    const res = await start();
    expect(res.statusCode).toBe(302);
    const to = new URL(String(res.headers.location));
    expect(`${to.origin}${to.pathname}`).toBe(`${provider.base}/authorize`);
    expect(to.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(to.searchParams.get('redirect_uri')).toBe(`${DASHBOARD}/api/auth/google/callback`);
    expect(to.searchParams.get('response_type')).toBe('code');
    expect(to.searchParams.get('scope')).toContain('email');
    const state = to.searchParams.get('state');
    expect(state).toBeTruthy();
    // The state is sealed: the origin cannot be read (or changed) from it.
    expect(state).not.toContain('localhost');
    expect(Buffer.from(state!, 'base64url').toString('latin1')).not.toContain('localhost');
    expect(to.searchParams.toString()).not.toContain(CLIENT_SECRET);
  });

  it('signs an existing member in and hands the dashboard a token that works on /api/users/me', async () => {
    const member = await signUp();
    const back = await signInWithGoogle({ email: member.email, email_verified: true });
    expect(`${back.origin}${back.pathname}`).toBe(`${DASHBOARD}/loginv2`);
    expect(back.searchParams.get('error')).toBeNull();
    const token = back.searchParams.get('googleToken');
    expect(token).toBeTruthy();
    // The server sent the provider our credentials and the same redirect_uri.
    expect(provider.tokenRequests.at(-1)).toMatchObject({
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      grant_type: 'authorization_code',
      redirect_uri: `${DASHBOARD}/api/auth/google/callback`,
    });
    const me = await t.app.inject({
      method: 'GET',
      url: ACCOUNT_PATHS.me,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.email).toBe(member.email);
    // Google vouched for the address.
    expect(me.json().data.emailVerified).toBe(true);
  });

  it('matches the Google address to the member whatever its case', async () => {
    const member = await signUp();
    const back = await signInWithGoogle({ email: member.email.toUpperCase(), email_verified: true });
    expect(back.searchParams.get('googleToken')).toBeTruthy();
  });

  it('sends an unknown e-mail back with error=GOOGLE_ACCOUNT_NOT_FOUND and no token', async () => {
    const back = await signInWithGoogle({
      email: `stranger-${Date.now()}@example.com`,
      email_verified: true,
    });
    expect(`${back.origin}${back.pathname}`).toBe(`${DASHBOARD}/loginv2`);
    expect(back.searchParams.get('error')).toBe('GOOGLE_ACCOUNT_NOT_FOUND');
    expect(back.searchParams.get('googleToken')).toBeNull();
  });

  it('refuses an address Google has not verified', async () => {
    const member = await signUp();
    const back = await signInWithGoogle({ email: member.email, email_verified: false });
    expect(back.searchParams.get('error')).toBe('EMAIL_NOT_VERIFIED');
    expect(back.searchParams.get('googleToken')).toBeNull();
  });

  it('sends the browser back with GOOGLE_ERROR when the provider fails, and GOOGLE_CANCELLED without a code', async () => {
    const member = await signUp();
    provider.failTokenEndpoint = true;
    const failed = await signInWithGoogle({ email: member.email, email_verified: true });
    expect(failed.searchParams.get('error')).toBe('GOOGLE_ERROR');
    expect(failed.searchParams.get('googleToken')).toBeNull();

    const startRes = await start();
    const started = new URL(String(startRes.headers.location));
    const state = started.searchParams.get('state')!;
    const cancelled = await t.app.inject({
      headers: { cookie: cookieFrom(startRes) },
      method: 'GET',
      url: `${ACCOUNT_PATHS.googleCallback}?error=access_denied&state=${encodeURIComponent(state)}`,
    });
    expect(cancelled.statusCode).toBe(302);
    const back = new URL(String(cancelled.headers.location));
    expect(`${back.origin}${back.pathname}`).toBe(`${DASHBOARD}/loginv2`);
    expect(back.searchParams.get('error')).toBe('GOOGLE_CANCELLED');
  });

  it('refuses a tampered, foreign or expired state with 400 INVALID_STATE and redirects nowhere', async () => {
    const member = await signUp();
    const started = new URL(String((await start()).headers.location));
    const state = started.searchParams.get('state')!;
    const i = Math.floor(state.length / 2);
    const tampered = `${state.slice(0, i)}${state[i] === 'A' ? 'B' : 'A'}${state.slice(i + 1)}`;
    const forged = sealJson('not-our-secret', {
      product: 'classic',
      origin: 'http://evil.example',
      nonce: 'x',
      exp: Date.now() + 60_000,
    });
    const expired = sealJson(t.config.appSecret, {
      product: 'classic',
      origin: DASHBOARD,
      nonce: 'x',
      exp: Date.now() - 1000,
    });
    for (const bad of [tampered, forged, expired, 'garbage']) {
      provider.nextUser = { email: member.email, email_verified: true };
      const res = await t.app.inject({
        method: 'GET',
        url: `${ACCOUNT_PATHS.googleCallback}?code=some-code&state=${encodeURIComponent(bad)}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('INVALID_STATE');
      expect(res.headers.location).toBeUndefined();
    }
  });

  it('refuses a valid state brought back by another browser (login CSRF)', async () => {
    const member = await signUp();
    const started = await start();
    provider.nextUser = { email: member.email, email_verified: true };
    const atProvider = await fetch(String(started.headers.location), { redirect: 'manual' });
    const callback = new URL(String(atProvider.headers.get('location')));
    const url = `${callback.pathname}${callback.search}`;
    const noCookie = await t.app.inject({ method: 'GET', url });
    expect(noCookie.statusCode).toBe(400);
    expect(noCookie.json().code).toBe('INVALID_STATE');
    const otherBrowser = await start();
    const wrongCookie = await t.app.inject({
      method: 'GET',
      url,
      headers: { cookie: cookieFrom(otherBrowser) },
    });
    expect(wrongCookie.statusCode).toBe(400);
    expect(started.headers['set-cookie']).toMatch(/HttpOnly/);
    expect(started.headers['set-cookie']).toMatch(/SameSite=Lax/);
  });

  it('refuses to start for an origin that is not ours', async () => {
    for (const origin of [
      'http://evil.example',
      'https://localhost:3000',
      'http://localhost:3001',
      'http://localhost:3000.evil.example',
      'http://localhost:3000@evil.example',
      'javascript:alert(1)',
      'not a url',
    ]) {
      const res = await start(origin);
      expect(res.statusCode, origin).toBe(400);
      expect(res.json().code).toBe('INVALID_PARAMETER');
      expect(res.headers.location).toBeUndefined();
    }
  });

  it('accepts a dashboard path on our origin and still sends the browser to /loginv2 there', async () => {
    const member = await signUp();
    const back = await signInWithGoogle({ email: member.email, email_verified: true }, `${DASHBOARD}/login`);
    expect(`${back.origin}${back.pathname}`).toBe(`${DASHBOARD}/loginv2`);
    expect(back.searchParams.get('googleToken')).toBeTruthy();
  });

  it('does not let a forged Host or X-Forwarded-Host header make a foreign origin "ours"', async () => {
    // Anyone can call start directly with any Host; the state it returns would then carry a
    // victim's session token to that origin once the victim completes the provider step.
    const outcomes: Record<string, number> = {};
    for (const header of ['host', 'x-forwarded-host']) {
      const res = await start('http://evil.example', { [header]: 'evil.example' });
      outcomes[header] = res.statusCode;
    }
    expect(outcomes).toEqual({ host: 400, 'x-forwarded-host': 400 });
  });
});
