import {
  ACCOUNT_PATHS,
  type ChatWidgetSettings,
  DEFAULT_CHAT_WIDGET_SETTINGS,
  WIDGET_SETTINGS_PATHS,
} from '@convo/api';
import type { RoleType } from '@convo/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appSettings } from '../../db/schema/index.js';
import { randomToken, sha256 } from '../../platform/crypto.js';
import { updateSettings } from '../../testing/members.js';
import { newVisitor, type Tenant } from '../../testing/messaging-fixtures.js';
import { newSignup } from '../../testing/test-app.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { addMember } from '../accounts/provision.js';
import { insertSession } from '../accounts/repository.js';

const PATH = WIDGET_SETTINGS_PATHS.chatWidget;
const DAY = 24 * 60 * 60 * 1000;

describe.each(testDatabaseKinds())('chat widget settings on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 2 });
  const [a, b] = tenants;

  const bearer = (tenant: Tenant) => ({ authorization: `Bearer ${tenant.admin['x-authorization']}` });
  const call = (method: 'GET' | 'PATCH', headers: Record<string, string>, payload?: unknown) =>
    t.app.inject({
      method,
      url: PATH,
      headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const read = async (headers: Record<string, string>): Promise<ChatWidgetSettings> => {
    const res = await call('GET', headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as ChatWidgetSettings;
  };
  const storedRow = async (applicationId: string) => {
    const [row] = await t.database.db
      .select()
      .from(appSettings)
      .where(eq(appSettings.applicationId, applicationId));
    return row!;
  };

  /** A member of the tenant with the given role and a product-API token. */
  async function member(tenant: Tenant, roleType: RoleType) {
    const user = await addMember(t.database.db, tenant.applicationId, {
      email: `w-${roleType}-${Math.random().toString(36).slice(2, 10)}@example.com`,
      name: 'Widget Member',
      passwordHash: null,
      roleType,
    });
    const token = randomToken();
    await insertSession(t.database.db, {
      tokenHash: sha256(token),
      userId: user.id,
      applicationId: tenant.applicationId,
      kind: 'dashboard',
      expiresAt: new Date(Date.now() + DAY),
    });
    return { authorization: `Bearer ${token}` };
  }

  it('answers the defaults to a new application, with the two collectEmail columns folded in', async () => {
    const doc = await read(bearer(a));
    const row = await storedRow(a.applicationId);
    expect(doc.customization).toEqual(DEFAULT_CHAT_WIDGET_SETTINGS.customization);
    expect(doc.businessHours).toEqual(DEFAULT_CHAT_WIDGET_SETTINGS.businessHours);
    expect(doc.awayMessage.collectEmailOnAwayMessage).toBe(row.collectEmailOnAwayMessage);
    expect(doc.welcomeMessage.collectEmailOnWelcomeMessage).toBe(row.collectEmailOnWelcomeMessage);
  });

  it('saves the sections given, leaves the others, and keeps the collectEmail flags in their columns', async () => {
    const before = await read(bearer(a));
    const customization = {
      ...before.customization,
      primaryColor: '#5f46f8',
      position: 'left' as const,
      launcherIcon: 'headset' as const,
      title: '  Talk to Demo Store  ',
    };
    const awayMessage = { enabled: true, message: 'We are closed.', collectEmailOnAwayMessage: true };
    const welcomeMessage = {
      enabled: true,
      messages: ['Hello!', 'Ask us anything.'],
      collectEmailOnWelcomeMessage: true,
    };
    const res = await call('PATCH', bearer(a), { customization, awayMessage, welcomeMessage });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().data as ChatWidgetSettings;
    expect(saved.customization).toEqual({ ...customization, title: 'Talk to Demo Store' });
    expect(saved.awayMessage).toEqual(awayMessage);
    expect(saved.welcomeMessage).toEqual(welcomeMessage);
    expect(saved.configuration).toEqual(before.configuration);
    expect(saved.businessHours).toEqual(before.businessHours);
    expect(await read(bearer(a))).toEqual(saved);

    const row = await storedRow(a.applicationId);
    expect(row.collectEmailOnAwayMessage).toBe(true);
    expect(row.collectEmailOnWelcomeMessage).toBe(true);
    expect(row.chatWidget.awayMessage).toEqual({ enabled: true, message: 'We are closed.' });
    expect(row.chatWidget.welcomeMessage).not.toHaveProperty('collectEmailOnWelcomeMessage');

    // Switching a flag off reaches the column too.
    const off = await call('PATCH', bearer(a), {
      awayMessage: { ...awayMessage, collectEmailOnAwayMessage: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await storedRow(a.applicationId)).collectEmailOnAwayMessage).toBe(false);
    expect((await read(bearer(a))).awayMessage.collectEmailOnAwayMessage).toBe(false);
  });

  it('saves business hours with a time zone and days, and two saves of different pages at once both land', async () => {
    const businessHours = {
      enabled: true,
      timeZone: 'Asia/Kolkata',
      days: [
        { day: 1, open: '09:30', close: '17:00' },
        { day: 6, open: '10:00', close: '14:00' },
      ],
    };
    const csat = { enabled: false, askComment: false };
    const [one, two] = await Promise.all([
      call('PATCH', bearer(a), { businessHours }),
      call('PATCH', bearer(a), { csat }),
    ]);
    expect(one.statusCode, one.body).toBe(200);
    expect(two.statusCode, two.body).toBe(200);
    const doc = await read(bearer(a));
    expect(doc.businessHours).toEqual(businessHours);
    expect(doc.csat).toEqual(csat);
  });

  it('refuses bad input with INVALID_PARAMETER and field details, and writes nothing', async () => {
    const before = await read(bearer(a));
    const rowBefore = await storedRow(a.applicationId);
    const cases: { body: unknown; path: string; message: string }[] = [
      {
        body: { businessHours: { enabled: true, timeZone: 'UTC', days: [] } },
        path: 'businessHours.days',
        message: 'Please select a date',
      },
      {
        body: {
          businessHours: {
            enabled: true,
            timeZone: 'UTC',
            days: [{ day: 1, open: '18:00', close: '09:00' }],
          },
        },
        path: 'businessHours.days.0.close',
        message: 'Closing time must be after opening time',
      },
      {
        body: { businessHours: { enabled: false, timeZone: 'Mars/Olympus', days: [] } },
        path: 'businessHours.timeZone',
        message: 'Unknown time zone',
      },
      {
        body: { customization: { ...before.customization, primaryColor: 'teal' } },
        path: 'customization.primaryColor',
        message: 'A colour is # and six hex digits',
      },
      {
        body: {
          configuration: { ...before.configuration, allowedDomains: ['shop.example.com', 'not a host'] },
        },
        path: 'configuration.allowedDomains.1',
        message: 'A host name such as shop.example.com',
      },
      {
        body: { welcomeMessage: { ...before.welcomeMessage, messages: ['a', 'b', 'c', 'd'] } },
        path: 'welcomeMessage.messages',
        message: 'Too big: expected array to have <=3 items',
      },
      {
        body: { greetingMessage: { ...before.greetingMessage, delaySeconds: -1 } },
        path: 'greetingMessage.delaySeconds',
        message: 'Too small: expected number to be >=0',
      },
      // A valid section beside an invalid one: the valid one is not saved either.
      {
        body: {
          csat: { enabled: !before.csat.enabled, askComment: true },
          preChatLeadCollection: { ...before.preChatLeadCollection, title: '' },
        },
        path: 'preChatLeadCollection.title',
        message: 'Too small: expected string to have >=1 characters',
      },
      { body: {}, path: '', message: 'Give at least one section to save' },
      { body: { somethingElse: true }, path: '', message: 'Give at least one section to save' },
    ];
    for (const c of cases) {
      const res = await call('PATCH', bearer(a), c.body);
      expect(res.statusCode, JSON.stringify(c.body)).toBe(400);
      const body = res.json() as {
        code: string;
        message: string;
        details: { path: string; message: string }[];
      };
      expect(body.code).toBe('INVALID_PARAMETER');
      // Every case: the field and its exact message, never only when one is expected.
      expect(body.details, res.body).toContainEqual({ path: c.path, message: c.message });
    }
    const rawBody = await t.app.inject({
      method: 'PATCH',
      url: PATH,
      headers: { ...bearer(a), 'content-type': 'application/json' },
      payload: '{"customization":',
    });
    expect(rawBody.statusCode).toBe(400);
    expect(rawBody.json().code).toBe('INVALID_JSON');

    expect(await read(bearer(a))).toEqual(before);
    const rowAfter = await storedRow(a.applicationId);
    expect(rowAfter.chatWidget).toEqual(rowBefore.chatWidget);
    expect(rowAfter.updatedAt).toEqual(rowBefore.updatedAt);
  });

  it('needs each saved section’s privilege; one refused section means nothing is written', async () => {
    const bot = await member(a, '3'); // classic bots lack settings.business-hours (SPEC §6)
    const operator = await member(a, '12'); // operators have none of the widget settings
    const agent = await member(a, '2');
    const before = await read(bearer(a));

    // Every member may read the document.
    expect(await read(operator)).toEqual(before);

    const hours = { ...before.businessHours, timeZone: 'Europe/Paris' };
    const colour = { ...before.customization, primaryColor: '#123456' };
    const refused = await call('PATCH', bot, { customization: colour, businessHours: hours });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'FORBIDDEN',
      details: [{ path: 'businessHours', message: 'Needs settings.business-hours' }],
    });
    expect(await read(bearer(a))).toEqual(before);

    const allowed = await call('PATCH', bot, { customization: colour });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect((await read(bearer(a))).customization.primaryColor).toBe('#123456');

    expect((await call('PATCH', operator, { customization: before.customization })).statusCode).toBe(403);
    expect((await read(bearer(a))).customization.primaryColor).toBe('#123456');

    const byAgent = await call('PATCH', agent, { businessHours: hours, customization: before.customization });
    expect(byAgent.statusCode, byAgent.body).toBe(200);

    // A company override (SPEC §6): CSAT settings for admins (1) only; the super admin (0) is out.
    await updateSettings(t.database, a.applicationId, {
      companySetting: { rolesAndPermissions: { 'settings.csat-ratings': ['1'] } },
    });
    try {
      const csat = await call('PATCH', bearer(a), { csat: { enabled: true, askComment: false } });
      expect(csat.statusCode).toBe(403);
      const admin = await member(a, '1');
      expect((await call('PATCH', admin, { csat: { enabled: true, askComment: false } })).statusCode).toBe(
        200,
      );
    } finally {
      await updateSettings(t.database, a.applicationId, { companySetting: {} });
    }
  });

  it('follows the agent product’s reduced settings list', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.signup,
      payload: newSignup({ product: 'agent' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const owner = { authorization: `Bearer ${res.json().data.token as string}` };
    const doc = await read(owner);
    expect(
      (await call('PATCH', owner, { greetingMessage: { ...doc.greetingMessage, enabled: true } })).statusCode,
    ).toBe(200);
    // Welcome message is not among the agent product's settings (SPEC §6).
    expect((await call('PATCH', owner, { welcomeMessage: doc.welcomeMessage })).statusCode).toBe(403);
  });

  it('keeps each tenant to its own document', async () => {
    const aBefore = await read(bearer(a));
    const bDoc = await read(bearer(b));
    const bColour = { ...bDoc.customization, primaryColor: '#abcdef', title: 'Tenant B' };
    expect((await call('PATCH', bearer(b), { customization: bColour })).statusCode).toBe(200);
    expect((await read(bearer(b))).customization).toEqual(bColour);
    expect(await read(bearer(a))).toEqual(aBefore);

    // B's token naming A's application is refused, for reading and for writing.
    const crossed = { ...bearer(b), 'application-key': a.applicationId };
    expect((await call('GET', crossed)).statusCode).toBe(403);
    expect((await call('PATCH', crossed, { customization: bColour })).statusCode).toBe(403);
    expect(await read(bearer(a))).toEqual(aBefore);

    // A website visitor's token never reaches the product API; no token at all is 401, bad body or not.
    const visitor = await newVisitor(t, a);
    expect((await call('GET', { authorization: `Bearer ${visitor.token}` })).statusCode).toBe(403);
    expect(
      (await call('PATCH', { authorization: `Bearer ${visitor.token}` }, { customization: bColour }))
        .statusCode,
    ).toBe(403);
    expect((await call('GET', {})).statusCode).toBe(401);
    expect((await call('PATCH', {}, { nonsense: 1 })).statusCode).toBe(401);
    expect(await read(bearer(a))).toEqual(aBefore);
  });
});
