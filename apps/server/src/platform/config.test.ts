import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseRoles, SERVER_ROLES } from './config.js';

// APP_SECRET is always given unless a test is about it, so nothing is written under ./data.
const base = { APP_SECRET: 'config-test-secret' };

/** The ConfigError a call throws, so a test can look at its message. */
function configErrorOf(fn: () => unknown): ConfigError {
  try {
    fn();
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error('expected a ConfigError, nothing was thrown');
}

describe('loadConfig', () => {
  const tmpDirs: string[] = [];
  afterEach(() => {
    for (const d of tmpDirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('runs the SMTP receiver only when SMTP_RECEIVER_PORT is set; its domain defaults to PUBLIC_URL host', () => {
    expect(loadConfig({ ...base }).smtpReceiver).toBeNull();
    expect(
      loadConfig({ ...base, SMTP_RECEIVER_PORT: '2525', PUBLIC_URL: 'https://Chat.Example.com/' })
        .smtpReceiver,
    ).toEqual({ port: 2525, host: '0.0.0.0', domain: 'chat.example.com', maxBytes: 25 * 1024 * 1024 });
    expect(
      loadConfig({
        ...base,
        SMTP_RECEIVER_PORT: '25',
        SMTP_RECEIVER_HOST: '127.0.0.1',
        INBOUND_MAIL_DOMAIN: 'Inbound.Example.com',
        SMTP_RECEIVER_MAX_MB: '5',
      }).smtpReceiver,
    ).toEqual({ port: 25, host: '127.0.0.1', domain: 'inbound.example.com', maxBytes: 5 * 1024 * 1024 });
    expect(configErrorOf(() => loadConfig({ ...base, SMTP_RECEIVER_PORT: '0' })).message).toContain(
      'SMTP_RECEIVER_PORT',
    );
    expect(
      configErrorOf(() => loadConfig({ ...base, SMTP_RECEIVER_PORT: '25', INBOUND_MAIL_DOMAIN: 'a b' }))
        .message,
    ).toContain('INBOUND_MAIL_DOMAIN');
  });

  it('starts with nothing set: port 3000, the classic variant, a public URL on that port', () => {
    const c = loadConfig({ ...base });
    expect(c.port).toBe(3000);
    expect(c.variant).toBe('classic');
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.env).toBe('development');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.smtpUrl).toBeUndefined();
    expect(c.google).toBeNull();
    expect(c.seedDemo).toBe(true);
    expect(c.sessionTtlMs).toBe(14 * 24 * 3600 * 1000);
    expect(c.rateLimit).toEqual({
      loginMax: 10,
      loginAddressMax: 50,
      windowMs: 15 * 60 * 1000,
      visitorMessagesPerMinute: 60,
      visitorConversationsPerHour: 20,
      addressConversationsPerHour: 100,
      registerClientPerMinute: 60,
    });
    expect(c.trustProxy).toBe(false);
    expect([...c.roles].sort()).toEqual([...SERVER_ROLES].sort());
    expect(path.isAbsolute(c.dataDir)).toBe(true);
  });

  it('derives the public URL from PORT, and takes PUBLIC_URL without its trailing slash', () => {
    expect(loadConfig({ ...base, PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://chat.example.com/' }).publicUrl).toBe(
      'https://chat.example.com',
    );
  });

  it('trusts forwarded headers only from configured proxies: off, a hop count or a list', () => {
    for (const off of ['', 'false', 'off', '0'])
      expect(loadConfig({ ...base, TRUST_PROXY: off }).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(
      loadConfig({ ...base, TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,fd00::/8, Loopback' }).trustProxy,
    ).toEqual(['10.0.0.1', '192.168.0.0/16', 'fd00::/8', 'loopback']);
    for (const bad of ['true', '10.0.0.300', '10.0.0.0/33', 'proxy.example.com', '10.0.0.1/8/1']) {
      expect(configErrorOf(() => loadConfig({ ...base, TRUST_PROXY: bad })).message).toContain('TRUST_PROXY');
    }
  });

  it('allows no internal address to tenants by default; OUTBOUND_ALLOW names ranges and hosts', () => {
    expect(loadConfig(base).outboundAllow).toEqual([]);
    expect(
      loadConfig({ ...base, OUTBOUND_ALLOW: '10.0.0.0/8, LLM-Proxy.internal,*.corp.example,::1,fd00::/8' })
        .outboundAllow,
    ).toEqual(['10.0.0.0/8', 'llm-proxy.internal', '*.corp.example', '::1', 'fd00::/8']);
    for (const bad of ['10.0.0.0/33', 'http://proxy', '10.0.0.1/8/1', 'a b', '*.']) {
      expect(configErrorOf(() => loadConfig({ ...base, OUTBOUND_ALLOW: bad })).message).toContain(
        'OUTBOUND_ALLOW',
      );
    }
  });

  it('counts sign-in failures per address at 5 accounts’ worth unless told otherwise', () => {
    expect(loadConfig({ ...base, RATE_LIMIT_LOGIN_MAX: '1000' }).rateLimit.loginAddressMax).toBe(5000);
    expect(loadConfig({ ...base, RATE_LIMIT_LOGIN_ADDRESS_MAX: '7' }).rateLimit.loginAddressMax).toBe(7);
  });

  it('reads the agentic variant and boolean switches', () => {
    const c = loadConfig({ ...base, PRODUCT_VARIANT: 'agentic', SEED_DEMO: '0', ERROR_REPORTING: 'false' });
    expect(c.variant).toBe('agentic');
    expect(c.seedDemo).toBe(false);
    expect(c.errorReporting).toBe(false);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PRODUCT_VARIANT', 'premium'],
    ['PUBLIC_URL', 'not a url'],
    ['SESSION_TTL_HOURS', '0'],
    ['SEED_DEMO', 'yes'],
  ])('refuses %s=%s with a ConfigError that names the field', (field, value) => {
    const err = configErrorOf(() => loadConfig({ ...base, [field]: value }));
    expect(err.message).toContain(field);
  });

  it('lists every bad field at once', () => {
    const err = configErrorOf(() => loadConfig({ ...base, PORT: 'abc', PRODUCT_VARIANT: 'premium' }));
    expect(err.message).toContain('PORT');
    expect(err.message).toContain('PRODUCT_VARIANT');
  });

  it('treats empty (or blank) optional URLs as unset', () => {
    const c = loadConfig({
      ...base,
      PUBLIC_URL: '',
      DATABASE_URL: '',
      REDIS_URL: '  ',
      SMTP_URL: '',
      DASHBOARD_DIST: '',
    });
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.redisUrl).toBeUndefined();
    expect(c.smtpUrl).toBeUndefined();
    expect(c.dashboardDist).toBeUndefined();
  });

  it('configures Google sign-in only when both the client id and the secret are set', () => {
    expect(loadConfig({ ...base, GOOGLE_CLIENT_ID: 'id' }).google).toBeNull();
    expect(loadConfig({ ...base, GOOGLE_CLIENT_SECRET: 'secret' }).google).toBeNull();
    expect(loadConfig({ ...base, GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: ' ' }).google).toBeNull();
    const google = loadConfig({ ...base, GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' }).google;
    expect(google).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      authUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
      tokenUrl: 'https://oauth2.googleapis.com/token',
      userinfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
    });
    const custom = loadConfig({
      ...base,
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      GOOGLE_AUTH_URL: 'http://127.0.0.1:9/authorize',
    }).google;
    expect(custom?.authUrl).toBe('http://127.0.0.1:9/authorize');
  });

  it('configures the Meta app with both its id and secret, refuses one alone or a malformed one', () => {
    expect(loadConfig(base).metaApp).toBeNull();
    const secret = 'f00dfeedf00dfeedf00dfeedf00dfeed';
    expect(() => loadConfig({ ...base, META_APP_ID: '123456' })).toThrow(/META_APP_ID and META_APP_SECRET/);
    expect(() => loadConfig({ ...base, META_APP_SECRET: secret })).toThrow(/META_APP_ID and META_APP_SECRET/);
    expect(() => loadConfig({ ...base, META_APP_ID: 'abc', META_APP_SECRET: secret })).toThrow(/META_APP_ID/);
    expect(loadConfig({ ...base, META_APP_ID: '123456', META_APP_SECRET: secret }).metaApp).toEqual({
      appId: '123456',
      appSecret: secret,
      verifyToken: null,
      dialogUrl: 'https://www.facebook.com',
    });
    const custom = loadConfig({
      ...base,
      META_APP_ID: '123456',
      META_APP_SECRET: secret,
      META_VERIFY_TOKEN: 'verify-me-please',
      META_DIALOG_URL: 'http://127.0.0.1:9/',
    }).metaApp;
    expect(custom).toMatchObject({ verifyToken: 'verify-me-please', dialogUrl: 'http://127.0.0.1:9' });
  });

  it('checks captchas only with CAPTCHA_SECRET, at Google’s siteverify unless told; a site key needs the secret', () => {
    expect(loadConfig(base).captcha).toBeNull();
    expect(loadConfig({ ...base, CAPTCHA_SECRET: ' ' }).captcha).toBeNull();
    expect(loadConfig({ ...base, CAPTCHA_SECRET: 'shh' }).captcha).toEqual({
      secret: 'shh',
      verifyUrl: 'https://www.google.com/recaptcha/api/siteverify',
      siteKey: null,
    });
    expect(
      loadConfig({
        ...base,
        CAPTCHA_SECRET: 'shh',
        CAPTCHA_SITE_KEY: 'site',
        CAPTCHA_VERIFY_URL: 'http://127.0.0.1:9/recaptcha/api/siteverify',
      }).captcha,
    ).toEqual({ secret: 'shh', verifyUrl: 'http://127.0.0.1:9/recaptcha/api/siteverify', siteKey: 'site' });
    expect(configErrorOf(() => loadConfig({ ...base, CAPTCHA_SITE_KEY: 'site' })).message).toMatch(
      /CAPTCHA_SITE_KEY: set CAPTCHA_SECRET too/,
    );
    expect(() => loadConfig({ ...base, CAPTCHA_SECRET: 'shh', CAPTCHA_VERIFY_URL: 'nope' })).toThrow(
      /CAPTCHA_VERIFY_URL/,
    );
  });

  it('without APP_SECRET keeps one generated secret in the data directory across restarts', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'convo-config-'));
    tmpDirs.push(dir);
    const dataDir = path.join(dir, 'data');
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first.appSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(existsSync(path.join(dataDir, 'app-secret'))).toBe(true);
    expect(readFileSync(path.join(dataDir, 'app-secret'), 'utf8').trim()).toBe(first.appSecret);
    expect(loadConfig({ DATA_DIR: dataDir }).appSecret).toBe(first.appSecret);
    // An explicit APP_SECRET wins.
    expect(loadConfig({ DATA_DIR: dataDir, APP_SECRET: 'shared' }).appSecret).toBe('shared');
  });

  it('keeps the roles it is given', () => {
    expect([...loadConfig({ ...base }, ['worker']).roles]).toEqual(['worker']);
  });
});

describe('parseRoles', () => {
  it('defaults to every role when --roles is absent', () => {
    expect(parseRoles([])).toEqual(['web', 'realtime', 'worker']);
    expect(parseRoles(['--verbose'])).toEqual(['web', 'realtime', 'worker']);
  });

  it('accepts a comma list', () => {
    expect(parseRoles(['--roles=web,worker'])).toEqual(['web', 'worker']);
    expect(parseRoles(['--roles= realtime '])).toEqual(['realtime']);
  });

  it('refuses an unknown role, naming what it got and what it takes', () => {
    const err = configErrorOf(() => parseRoles(['--roles=web,mailer']));
    expect(err.message).toContain('mailer');
    expect(err.message).toContain('web, realtime, worker');
  });

  it('refuses an empty list', () => {
    expect(() => parseRoles(['--roles='])).toThrow(ConfigError);
    expect(() => parseRoles(['--roles=,'])).toThrow(ConfigError);
  });
});

describe('billing settings', () => {
  it('runs the operator plan by default and accepts manual', () => {
    expect(loadConfig(base).billingProvider).toBeNull();
    expect(loadConfig({ ...base, BILLING_PROVIDER: '' }).billingProvider).toBeNull();
    expect(loadConfig({ ...base, BILLING_PROVIDER: 'manual' }).billingProvider).toBe('manual');
    expect(configErrorOf(() => loadConfig({ ...base, BILLING_PROVIDER: 'paypal' })).message).toMatch(
      /BILLING_PROVIDER/,
    );
  });

  it('needs every Stripe setting, with prices by plan and period', () => {
    expect(configErrorOf(() => loadConfig({ ...base, BILLING_PROVIDER: 'stripe' })).message).toMatch(
      /STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PRICES/,
    );
    const stripe = {
      ...base,
      BILLING_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk',
      STRIPE_WEBHOOK_SECRET: 'wh',
    };
    expect(configErrorOf(() => loadConfig({ ...stripe, STRIPE_PRICES: '{"starter":"p"}' })).message).toMatch(
      /STRIPE_PRICES/,
    );
    expect(loadConfig({ ...stripe, STRIPE_PRICES: '{"starter:month":"price_1"}' }).stripe).toEqual({
      secretKey: 'sk',
      webhookSecret: 'wh',
      apiBase: undefined,
      prices: { 'starter:month': 'price_1' },
    });
  });
});
