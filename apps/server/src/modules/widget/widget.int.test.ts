import { CONVERSATION_PATHS, MESSAGING_PATHS, ratingPath, WIDGET_API_PATHS } from '@convo/api';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applications, appSettings, conversationRatings, realtimeEvents } from '../../db/schema/index.js';
import { INIT_LIMIT } from '../../http/visitor-limits.js';
import { newTenant, newVisitor, type Tenant } from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';

/** The default of RATE_LIMIT_VISITOR_MESSAGES (messages per visitor per minute). */
const VISITOR_SEND_LIMIT = { max: 60 };

let ipCounter = 0;
/** A fresh documentation-range address per call, so the per-IP init limit only bites where meant. */
const nextIp = () => `198.51.100.${(ipCounter++ % 250) + 1}`;

describe.each(testDatabaseKinds())('chat widget public API on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 2 });
  const [a, b] = tenants;

  const init = (payload: Record<string, unknown>, headers: Record<string, string> = {}, ip = nextIp()) =>
    t.app.inject({ method: 'POST', url: WIDGET_API_PATHS.init, payload, headers, remoteAddress: ip });

  const anonymous = () => ({
    userId: `anon-${Math.random().toString(36).slice(2)}`,
    password: Math.random().toString(36).slice(2) + Math.random().toString(36).slice(2),
  });

  async function setWidget(applicationId: string, chatWidget: Record<string, unknown>) {
    await t.database.db
      .update(appSettings)
      .set({ chatWidget })
      .where(eq(appSettings.applicationId, applicationId));
  }

  const visitorHeaders = (token: string, appId: string) => ({
    'x-authorization': token,
    'application-key': appId,
  });

  async function visitorWithConversation(tenant: Tenant) {
    const res = await init({ appId: tenant.applicationId, ...anonymous() });
    expect(res.statusCode).toBe(200);
    const headers = visitorHeaders(res.json().token, tenant.applicationId);
    const created = await t.app.inject({
      method: 'POST',
      url: MESSAGING_PATHS.groupCreateV21,
      headers,
      payload: { groupName: 'Chat', type: 10 },
    });
    expect(created.statusCode).toBe(200);
    const groupId = created.json().response.id as number;
    const sent = await t.app.inject({
      method: 'POST',
      url: MESSAGING_PATHS.messageSend,
      headers,
      payload: { groupId, key: `k-${groupId}`, message: 'Hello' },
    });
    expect(sent.statusCode).toBe(200);
    return { headers, groupId, userId: res.json().userId as string };
  }

  it('registers an anonymous visitor and returns a token, the settings and the business-hours state', async () => {
    const who = anonymous();
    const res = await init({ appId: a.applicationId, ...who, userName: 'Vera' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      userId: who.userId,
      displayName: 'Vera',
      appId: a.applicationId,
      isWithinBusinessHours: true,
      encryptionEnabled: false,
      settings: { customization: { position: 'right' }, csat: { enabled: true } },
    });
    expect(body.token.length).toBeGreaterThanOrEqual(32);
    expect(JSON.stringify(body)).not.toContain(who.password);
    // Same identity again (a reload): same visitor; wrong password: refused.
    const again = await init({ appId: a.applicationId, ...who });
    expect(again.json().userId).toBe(who.userId);
    expect(again.json().token).not.toBe(body.token);
    const wrong = await init({ appId: a.applicationId, userId: who.userId, password: 'nope' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'PASSWORD_INVALID', message: 'INVALID PASSWORD' });
  });

  it('answers an unknown or disabled application with 404 APP_NOT_FOUND and creates nobody', async () => {
    const unknown = await init({ appId: 'no-such-app', ...anonymous() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('APP_NOT_FOUND');
    const tenant = await newTenant(t);
    await t.database.db
      .update(applications)
      .set({ disabledAt: new Date() })
      .where(eq(applications.id, tenant.applicationId));
    const who = anonymous();
    const disabled = await init({ appId: tenant.applicationId, ...who });
    expect(disabled.statusCode).toBe(404);
    expect(disabled.json().code).toBe('APP_NOT_FOUND');
    const rows = await t.database.relational.query.users.findMany({
      where: (u, { eq: e }) => e(u.userId, who.userId),
    });
    expect(rows).toEqual([]);
  });

  it('refuses a member’s user id: the widget is for customers', async () => {
    const res = await init({ appId: a.applicationId, userId: a.adminUserName, authenticationTypeId: 0 });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
  });

  it('checks the embedding site against allowedDomains, with CORS on the answer', async () => {
    const tenant = await newTenant(t);
    await setWidget(tenant.applicationId, {
      configuration: { allowedDomains: ['shop.example.com', 'localhost:8080'] },
    });
    const ok = async (origin: string) => {
      const res = await init({ appId: tenant.applicationId, ...anonymous() }, { origin });
      return res;
    };
    for (const origin of [
      'https://shop.example.com',
      'https://eu.shop.example.com',
      'http://localhost:8080',
    ]) {
      const res = await ok(origin);
      expect(res.statusCode, origin).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
    }
    for (const origin of [
      'https://evil.example.net',
      'https://notshop.example.com',
      'http://localhost:9999',
    ]) {
      const res = await ok(origin);
      expect(res.statusCode, origin).toBe(403);
      expect(res.json().code).toBe('DOMAIN_NOT_ALLOWED');
      expect(res.json().message).toContain(new URL(origin).host);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
    }
    // A Referer counts when there is no Origin; neither at all is refused while a list is set.
    const byReferer = await init(
      { appId: tenant.applicationId, ...anonymous() },
      { referer: 'https://shop.example.com/cart' },
    );
    expect(byReferer.statusCode).toBe(200);
    const silent = await init({ appId: tenant.applicationId, ...anonymous() });
    expect(silent.statusCode).toBe(403);
    // Our own origin (the chat frame, /demo) is always allowed.
    const own = await init(
      { appId: tenant.applicationId, ...anonymous() },
      { origin: 'http://localhost:3000' },
    );
    expect(own.statusCode).toBe(200);
    // Any site may embed an application without a list.
    const open = await init(
      { appId: a.applicationId, ...anonymous() },
      { origin: 'https://evil.example.net' },
    );
    expect(open.statusCode).toBe(200);

    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: WIDGET_API_PATHS.init,
      headers: {
        origin: 'https://shop.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://shop.example.com');
    expect(preflight.headers['access-control-allow-headers']).toContain('content-type');
    expect(preflight.headers['access-control-allow-methods']).toContain('POST');
  });

  it('tells the widget when the team is outside business hours', async () => {
    const tenant = await newTenant(t);
    // Open one minute a week, at a minute that is not now.
    const now = new Date();
    const day = (now.getUTCDay() + 3) % 7;
    await setWidget(tenant.applicationId, {
      businessHours: { enabled: true, timeZone: 'UTC', days: [{ day, open: '03:00', close: '03:01' }] },
    });
    const res = await init({ appId: tenant.applicationId, ...anonymous() });
    expect(res.statusCode).toBe(200);
    expect(res.json().isWithinBusinessHours).toBe(false);
    expect(res.json().settings.businessHours.enabled).toBe(true);
  });

  it('saves the visitor’s name, e-mail and phone with the spec’s rules', async () => {
    const res = await init({ appId: a.applicationId, ...anonymous() });
    const headers = visitorHeaders(res.json().token, a.applicationId);
    const patch = (payload: Record<string, unknown>, h: Record<string, string> = headers) =>
      t.app.inject({ method: 'PATCH', url: WIDGET_API_PATHS.visitor, headers: h, payload });

    const badEmail = await patch({ email: 'not an email' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json()).toMatchObject({
      code: 'INVALID_EMAIL',
      message: 'Please enter a valid email address',
    });
    const noPlus = await patch({ phone: '0044123456' });
    expect(noPlus.json()).toMatchObject({ code: 'NO_COUNTRY_CODE' });
    const letters = await patch({ phone: '+44abc456' });
    expect(letters.json()).toMatchObject({ code: 'INVALID' });
    const empty = await patch({});
    expect(empty.statusCode).toBe(400);

    const good = await patch({ name: 'Vera Visitor', email: 'Vera@Example.com', phone: '+4412345678' });
    expect(good.statusCode).toBe(200);
    expect(good.json()).toMatchObject({
      displayName: 'Vera Visitor',
      email: 'vera@example.com',
      phone: '+4412345678',
    });
    // Nothing was half-written by the refused calls before.
    const again = await init({ appId: a.applicationId, userId: res.json().userId, authenticationTypeId: 0 });
    expect(again.statusCode).toBe(401); // the anonymous visitor has a password: nobody else signs in as them

    const member = await patch({ name: 'Admin' }, a.admin);
    expect(member.statusCode).toBe(403);
    const none = await t.app.inject({
      method: 'PATCH',
      url: WIDGET_API_PATHS.visitor,
      payload: { name: 'x' },
    });
    expect(none.statusCode).toBe(401);
  });

  it('takes a rating only from the conversation’s visitor, only once resolved; re-rating updates it', async () => {
    const { headers, groupId } = await visitorWithConversation(a);
    const rate = (payload: Record<string, unknown>, h: Record<string, string> = headers, id = groupId) =>
      t.app.inject({ method: 'POST', url: ratingPath(id), headers: h, payload });

    const early = await rate({ rating: 4 });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('CONVERSATION_NOT_RESOLVED');

    const resolved = await t.app.inject({
      method: 'PATCH',
      url: `${MESSAGING_PATHS.statusChange}?groupId=${groupId}&status=2`,
      headers: a.admin,
    });
    expect(resolved.statusCode).toBe(200);

    for (const bad of [{ rating: 0 }, { rating: 6 }, { rating: 4, comment: 'x'.repeat(1001) }, {}]) {
      const res = await rate(bad);
      expect(res.statusCode, JSON.stringify(bad).slice(0, 40)).toBe(400);
      expect(res.json().code).toBe('INVALID_PARAMETER');
    }
    const byAdmin = await rate({ rating: 5 }, a.admin);
    expect(byAdmin.statusCode).toBe(403);
    const other = await newVisitor(t, a);
    const byOther = await rate({ rating: 1 }, other.headers);
    expect(byOther.statusCode).toBe(404);

    const first = await rate({ rating: 4, comment: 'Quick and kind' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ groupId, rating: 4, comment: 'Quick and kind' });
    const second = await rate({ rating: 5 });
    expect(second.json()).toMatchObject({ rating: 5, comment: null });
    const rows = await t.database.db
      .select()
      .from(conversationRatings)
      .where(eq(conversationRatings.conversationId, groupId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ rating: 5, applicationId: a.applicationId });

    // The team sees it: the timeline, a real-time event and GET rating.
    const timeline = await t.app.inject({
      method: 'GET',
      url: CONVERSATION_PATHS.events.replace(':groupId', String(groupId)),
      headers: a.admin,
    });
    const rated = timeline.json().response.data.filter((e: { type: string }) => e.type === 'rated');
    expect(rated.map((e: { data: { rating: number } }) => e.data.rating)).toEqual([4, 5]);
    const events = await t.database.db
      .select()
      .from(realtimeEvents)
      .where(eq(realtimeEvents.conversationId, groupId));
    expect(events.filter((e) => e.type === 'conversation.updated').map((e) => e.data)).toContainEqual({
      groupId,
      rating: { rating: 4, comment: 'Quick and kind' },
    });
    const got = await t.app.inject({ method: 'GET', url: ratingPath(groupId), headers: a.admin });
    expect(got.json().rating).toBe(5);
  });

  it('keeps tenants apart: another application’s visitor or admin never reaches a rating', async () => {
    const { groupId } = await visitorWithConversation(a);
    await t.app.inject({
      method: 'PATCH',
      url: `${MESSAGING_PATHS.statusChange}?groupId=${groupId}&status=2`,
      headers: a.admin,
    });
    const { headers: bVisitor } = await visitorWithConversation(b);
    const res = await t.app.inject({
      method: 'POST',
      url: ratingPath(groupId),
      headers: bVisitor,
      payload: { rating: 1 },
    });
    expect(res.statusCode).toBe(404);
    const read = await t.app.inject({ method: 'GET', url: ratingPath(groupId), headers: b.admin });
    expect(read.statusCode).toBe(404);
    const rows = await t.database.db
      .select()
      .from(conversationRatings)
      .where(eq(conversationRatings.conversationId, groupId));
    expect(rows).toEqual([]);
  });

  it('limits init per IP address with 429 RATE_LIMITED; another address is not affected', async () => {
    const ip = '203.0.113.7';
    const codes: number[] = [];
    for (let i = 0; i < INIT_LIMIT.max + 1; i++) {
      const res = await init(
        { appId: a.applicationId, userId: `rl-${i}-${Date.now()}`, authenticationTypeId: 0 },
        {},
        ip,
      );
      codes.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json().code).toBe('RATE_LIMITED');
        expect(res.json().message).toMatch(/Too many attempts\. Try again in \d+ minute\(s\)\./);
      }
    }
    expect(codes.slice(0, INIT_LIMIT.max).every((c) => c === 200)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    const elsewhere = await init({ appId: a.applicationId, ...anonymous() }, {}, '203.0.113.8');
    expect(elsewhere.statusCode).toBe(200);
  });

  it('limits messages per visitor, not per agent', async () => {
    const { headers, groupId } = await visitorWithConversation(a); // one message already sent
    const send = (h: Record<string, string>, i: number, who: string) =>
      t.app.inject({
        method: 'POST',
        url: MESSAGING_PATHS.messageSend,
        headers: h,
        payload: { groupId, key: `${who}-${groupId}-${i}`, message: `m${i}` },
      });
    const codes: number[] = [];
    for (let i = 0; i < VISITOR_SEND_LIMIT.max; i++) codes.push((await send(headers, i, 'v')).statusCode);
    expect(codes.slice(0, VISITOR_SEND_LIMIT.max - 1).every((c) => c === 200)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    // The agent answering is not limited by the visitor's count, nor by its own at this pace.
    for (let i = 0; i < VISITOR_SEND_LIMIT.max + 5; i++)
      expect((await send(a.admin, i, 'a')).statusCode).toBe(200);
    // Another visitor of the same application still writes.
    const other = await visitorWithConversation(a);
    expect(other.groupId).toBeGreaterThan(0);
  });
});
