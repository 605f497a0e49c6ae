import { ACCOUNT_PATHS, SSO_PATHS as P, TEAM_ADMIN_PATHS } from '@convo/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureOutbound } from '../../platform/outbound/index.js';
import { newSignup } from '../../testing/test-app.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { startTestProvider, type TestProvider } from './test-provider.js';

describe.each(testDatabaseKinds())('company SSO settings and sign-in start on %s', (kind) => {
  const { t } = useTestApp(kind);
  let idp: TestProvider;
  const port = 3291 + (kind === 'pglite' ? 0 : 1);

  beforeAll(async () => {
    idp = await startTestProvider(port, `${t.config.publicUrl}${P.callback}`);
  });
  afterAll(async () => {
    await idp?.close();
  });

  async function owner() {
    const res = await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.signup, payload: newSignup() });
    return { authorization: `Bearer ${res.json().data.token}` };
  }
  const settings = (domain: string, over: Record<string, unknown> = {}) => ({
    issuer: idp.issuer,
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    allowedDomains: [domain],
    enabled: true,
    ...over,
  });

  it('saves a connection after discovering the provider, and refuses a wrong issuer or a taken domain', async () => {
    const a = await owner();
    const domain = `acme-${Date.now()}.example`;
    const saved = await t.app.inject({
      method: 'PUT',
      url: P.settings,
      headers: a,
      payload: settings(domain),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ configured: true, hasSecret: true, allowedDomains: [domain] });
    expect(saved.json().data.redirectUri).toBe(`${t.config.publicUrl}${P.callback}`);
    expect(JSON.stringify(saved.json())).not.toContain(idp.clientSecret);

    const wrong = await t.app.inject({
      method: 'PUT',
      url: P.settings,
      headers: a,
      payload: settings(domain, { issuer: 'http://localhost:9/nothing' }),
    });
    expect(wrong.json().code).toBe('SSO_DISCOVERY_FAILED');
    const remote = await t.app.inject({
      method: 'PUT',
      url: P.settings,
      headers: a,
      payload: settings(domain, { issuer: 'http://idp.example.com' }),
    });
    expect(remote.json().code).toBe('INVALID_PARAMETER');
    const badDomain = await t.app.inject({
      method: 'PUT',
      url: P.settings,
      headers: a,
      payload: settings('not a domain'),
    });
    expect(badDomain.json().code).toBe('INVALID_PARAMETER');

    const b = await owner();
    const taken = await t.app.inject({
      method: 'PUT',
      url: P.settings,
      headers: b,
      payload: settings(domain),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('SSO_DOMAIN_TAKEN');
  });

  it('is for super admins and admins only', async () => {
    const a = await owner();
    const email = `agent-${Date.now()}@example.com`;
    await t.app.inject({
      method: 'POST',
      url: TEAM_ADMIN_PATHS.invite,
      headers: a,
      payload: { email, roleType: '2' },
    });
    const token = /inviteToken=([^\s&]+)/.exec((await t.lastMailTo(email))!.text)![1]!;
    const agent = await t.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.signup,
      payload: newSignup({ email, inviteToken: decodeURIComponent(token) }),
    });
    const res = await t.app.inject({
      method: 'GET',
      url: P.settings,
      headers: { authorization: `Bearer ${agent.json().data.token}` },
    });
    expect(res.statusCode).toBe(403);
  });

  it('reaches no provider on the server’s own network by default: refused at save and at sign-in', async () => {
    const a = await owner();
    const domain = `internal-${Date.now()}.example`;
    // Saved while the operator allowed the test provider's 127.0.0.1 (the test app's OUTBOUND_ALLOW)…
    const saved = await t.app.inject({
      method: 'PUT',
      url: P.settings,
      headers: a,
      payload: settings(domain),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    configureOutbound([]);
    try {
      const refused = await t.app.inject({
        method: 'PUT',
        url: P.settings,
        headers: a,
        payload: settings(domain),
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('ADDRESS_NOT_ALLOWED');
      const origin = encodeURIComponent(t.config.publicUrl);
      const go = await t.app.inject({
        method: 'GET',
        url: `${P.start}?email=ann@${domain}&origin=${origin}`,
      });
      expect(go.statusCode).toBe(302);
      // The stored issuer is an address literal: refused before any request.
      expect(String(go.headers.location)).toContain('error=ADDRESS_NOT_ALLOWED');
      expect(String(go.headers.location)).not.toContain(new URL(idp.issuer).host);
    } finally {
      configureOutbound(t.config.outboundAllow);
    }
  });

  it('starts sign-in at the provider for a configured domain, and returns to the login page otherwise', async () => {
    const a = await owner();
    const domain = `start-${Date.now()}.example`;
    await t.app.inject({ method: 'PUT', url: P.settings, headers: a, payload: settings(domain) });
    const origin = encodeURIComponent(t.config.publicUrl);
    const go = await t.app.inject({ method: 'GET', url: `${P.start}?email=ann@${domain}&origin=${origin}` });
    expect(go.statusCode).toBe(302);
    const to = new URL(go.headers.location as string);
    expect(to.origin).toBe(idp.issuer);
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    expect(to.searchParams.get('redirect_uri')).toBe(`${t.config.publicUrl}${P.callback}`);
    expect(String(go.headers['set-cookie'])).toContain('HttpOnly');

    const none = await t.app.inject({
      method: 'GET',
      url: `${P.start}?email=ann@nowhere.example&origin=${origin}`,
    });
    expect(none.statusCode).toBe(302);
    expect(none.headers.location).toBe(`${t.config.publicUrl}/loginv2/sso?error=SSO_NOT_CONFIGURED`);

    const forged = await t.app.inject({ method: 'GET', url: `${P.callback}?code=x&state=forged` });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('SSO_STATE_INVALID');
  });
});
