import {
  CAMPAIGN_PATHS,
  campaignOptOutPath,
  channelWebhookPath,
  integrationPath,
  TEAM_USER_STATS_PATHS,
} from '@convo/api';
import {
  type FakeGallabox,
  gallaboxStatusEvent,
  messengerDelivery,
  startFakeGallabox,
  startFakeMeta,
  startFakeTelegram,
  startFakeViber,
} from '@convo/provider-fakes';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkers } from '../../app.js';
import { campaignRecipients, campaigns, conversations, teams, users } from '../../db/schema/index.js';
import { channelHarness, waitFor } from '../../testing/channel-harness.js';
import { addTestMember } from '../../testing/members.js';
import type { Tenant } from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { ATTACHMENT_PATHS } from '../attachments/routes.js';
import { multipart, tinyPng } from '../attachments/test-harness.js';
import { useCampaignApp } from './test-harness.js';

// Campaigns end to end on the server (issue 35): SPEC §7 message/campaign/send, campaign/list and
// campaign/users against the local Telegram and Gallabox (WhatsApp) servers, sent by the worker
// through the channel connectors. Two applications share the same customer ids.

const TOKEN = '7100001:AAHcampaignTelegramTokenForTest_0123';
const OTHER_TOKEN = '7100002:AAHcampaignOtherTelegramToken_98765';
const CHATS = [5101, 5102, 5103, 5104];

describe.each(testDatabaseKinds())('Campaigns on Telegram on %s', (kind) => {
  const { t, tenants, h, fake } = useCampaignApp(kind, {
    tenants: 2,
    channel: 'telegram',
    fake: async () => {
      const server = await startFakeTelegram();
      server.addBot(TOKEN, 'campaign_bot');
      server.addBot(OTHER_TOKEN, 'other_campaign_bot');
      return server;
    },
    env: (url) => ({ TELEGRAM_API_URL: url }),
  });
  const [tenant, other] = tenants;

  const send = (tn: Tenant, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: CAMPAIGN_PATHS.send, headers: tn.admin, payload });
  const telegram = (text: string, selectedToken = '@campaign_bot') => ({
    telegram: { selectedToken, editorType: 1, textValue: text },
  });
  const list = async (tn: Tenant) =>
    (
      await t.app.inject({ method: 'GET', url: `${CAMPAIGN_PATHS.list}?page=1&limit=10`, headers: tn.admin })
    ).json().response;
  const campaignSends = (token: string, text: string) =>
    fake.sent(token).filter((c) => c.apiMethod === 'sendMessage' && c.body.text === text);

  it('sets up: both applications connect a bot and the same chat ids write to each', async () => {
    for (const [tn, token] of [
      [tenant, TOKEN],
      [other, OTHER_TOKEN],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: integrationPath('telegram'),
        headers: h.bearer(tn),
        payload: { botToken: token },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const senders = await t.app.inject({ method: 'GET', url: CAMPAIGN_PATHS.senders, headers: tenant.admin });
    expect(senders.json().response).toEqual([
      {
        platform: 'telegram',
        channel: 'telegram',
        provider: null,
        name: '@campaign_bot',
        status: 'connected',
      },
    ]);
    for (const chatId of CHATS) {
      expect((await fake.postUpdate(TOKEN, { chatId, text: 'hi', firstName: `C${chatId}` })).status).toBe(
        200,
      );
    }
    // The other application has customers with the same ids (telegram-5101, telegram-5102).
    for (const chatId of CHATS.slice(0, 2)) {
      expect((await fake.postUpdate(OTHER_TOKEN, { chatId, text: 'hi' })).status).toBe(200);
    }
    const users = await t.app.inject({ method: 'GET', url: CAMPAIGN_PATHS.users, headers: tenant.admin });
    expect(users.statusCode, users.body).toBe(200);
    const page = users.json().response;
    expect(page).toMatchObject({
      currentPage: 1,
      pageNumber: 1,
      initial: 0,
      final: 20,
      total: 4,
      optedOutCount: 0,
    });
    expect(page.result.map((u: { userId: string }) => u.userId).sort()).toEqual(
      CHATS.map((c) => `telegram-${c}`),
    );
    expect(page.result[0]).toMatchObject({ channel: 'telegram', optedOut: false });
  });

  it('sends a campaign to several recipients on Telegram; progress reaches the total', async () => {
    const userIds = CHATS.slice(0, 3).map((c) => `telegram-${c}`);
    const res = await send(tenant, {
      name: 'Order delay',
      platforms: telegram('Your order is late'),
      userIds,
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().response;
    expect(result).toMatchObject({
      status: 'sending',
      total: 3,
      optedOut: 0,
      unreachable: 0,
      duplicate: false,
    });
    h.runWorker();
    const done = await waitFor(
      () => list(tenant),
      (l) => l.campaigns[0]?.status === 'done',
    );
    expect(done.campaigns[0]).toMatchObject({
      campaignId: result.campaignId,
      name: 'Order delay',
      platforms: ['telegram'],
      total: 3,
      sent: 3,
      failed: 0,
      progress: [{ platform: 'telegram', total: 3, sent: 3, failed: 0 }],
    });
    const sends = campaignSends(TOKEN, 'Your order is late');
    expect(sends.map((c) => Number(c.body.chat_id)).sort()).toEqual(CHATS.slice(0, 3));
    // Per-recipient results, and the CSV export of them.
    const recipients = await t.app.inject({
      method: 'GET',
      url: `${CAMPAIGN_PATHS.users}?campaignId=${result.campaignId}`,
      headers: tenant.admin,
    });
    expect(recipients.json().response.result).toHaveLength(3);
    expect(recipients.json().response.result[0]).toMatchObject({ status: 'sent', platform: 'telegram' });
    const csv = await t.app.inject({
      method: 'GET',
      url: `${CAMPAIGN_PATHS.users}?campaignId=${result.campaignId}&blob=true`,
      headers: tenant.admin,
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.trim().split('\n')).toHaveLength(4);
    expect(csv.body).toContain('telegram-5101,C5101,telegram,sent');
  });

  it('never reaches another application’s customers, even with the same user ids', async () => {
    // The other application sees none of this application's campaigns or recipients.
    expect((await list(other)).campaigns).toEqual([]);
    const [mine] = (await list(tenant)).campaigns;
    const theirs = await t.app.inject({
      method: 'GET',
      url: `${CAMPAIGN_PATHS.users}?campaignId=${mine.campaignId}`,
      headers: other.admin,
    });
    expect(theirs.statusCode).toBe(404);
    // telegram-5103 is a customer of the first application only: unknown here, nothing stored.
    const refused = await send(other, {
      platforms: telegram('Not for you', '@other_campaign_bot'),
      userIds: ['telegram-5101', 'telegram-5103'],
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toContain('telegram-5103');
    // Its own telegram-5101 and telegram-5102 get it from its own bot, never from the first one's.
    const ok = await send(other, {
      platforms: telegram('Other app sale', '@other_campaign_bot'),
      userIds: ['telegram-5101', 'telegram-5102'],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    h.runWorker();
    await waitFor(
      () => list(other),
      (l) => l.campaigns[0]?.status === 'done',
    );
    expect(campaignSends(OTHER_TOKEN, 'Other app sale')).toHaveLength(2);
    expect(campaignSends(TOKEN, 'Other app sale')).toHaveLength(0);
    // The first application's bot is not selectable by the other application.
    const foreignBot = await send(other, {
      platforms: telegram('x', '@campaign_bot'),
      userIds: ['telegram-5101'],
    });
    expect(foreignBot.statusCode).toBe(404);
  });

  it('sends a campaign once when send is pressed twice', async () => {
    const payload = {
      clientKey: 'form-key-double-send-1',
      platforms: telegram('Flash sale'),
      userIds: ['telegram-5101', 'telegram-5102'],
    };
    const [a, b] = await Promise.all([send(tenant, payload), send(tenant, payload)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().response.campaignId).toBe(b.json().response.campaignId);
    expect([a.json().response.duplicate, b.json().response.duplicate].sort()).toEqual([false, true]);
    const again = await send(tenant, payload);
    expect(again.json().response).toMatchObject({
      campaignId: a.json().response.campaignId,
      duplicate: true,
    });
    h.runWorker();
    await waitFor(
      () => list(tenant),
      (l) => l.campaigns[0]?.status === 'done',
    );
    const rows = await t.database.db
      .select()
      .from(campaigns)
      .where(eq(campaigns.clientKey, 'form-key-double-send-1'));
    expect(rows).toHaveLength(1);
    expect(campaignSends(TOKEN, 'Flash sale')).toHaveLength(2);
  });

  it('leaves opted-out customers out and says how many before sending', async () => {
    const optOut = await t.app.inject({
      method: 'PUT',
      url: campaignOptOutPath('telegram-5102'),
      headers: h.bearer(),
      payload: { optedOut: true },
    });
    expect(optOut.statusCode, optOut.body).toBe(200);
    const users = await t.app.inject({ method: 'GET', url: CAMPAIGN_PATHS.users, headers: tenant.admin });
    expect(users.json().response.optedOutCount).toBe(1);
    const payload = { platforms: telegram('Consent check'), sendMessageToAll: true };
    const dry = await send(tenant, { ...payload, dryRun: true });
    expect(dry.json().response).toMatchObject({ campaignId: null, total: 3, optedOut: 1, unreachable: 0 });
    const before = fake.sent(TOKEN).length;
    expect(fake.sent(TOKEN).length).toBe(before);
    const res = await send(tenant, payload);
    expect(res.json().response).toMatchObject({ total: 3, optedOut: 1 });
    h.runWorker();
    await waitFor(
      () => list(tenant),
      (l) => l.campaigns[0]?.status === 'done',
    );
    const chats = campaignSends(TOKEN, 'Consent check').map((c) => Number(c.body.chat_id));
    expect(chats.sort()).toEqual([5101, 5103, 5104]);
    // STOP on the channel opts the customer out; START takes it back.
    expect((await fake.postUpdate(TOKEN, { chatId: 5104, text: 'Stop' })).status).toBe(200);
    const afterStop = await send(tenant, { ...payload, dryRun: true });
    expect(afterStop.json().response).toMatchObject({ total: 2, optedOut: 2 });
    expect((await fake.postUpdate(TOKEN, { chatId: 5104, text: 'START' })).status).toBe(200);
    const afterStart = await send(tenant, { ...payload, dryRun: true });
    expect(afterStart.json().response).toMatchObject({ total: 3, optedOut: 1 });
  });

  it('puts a recipient’s reply with the campaign’s team, or with its member', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: TEAM_USER_STATS_PATHS.teamCreate,
      headers: tenant.admin,
      payload: { teamName: 'Campaign replies' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const teamKey = created.json().response.clientGroupId as string;
    const toTeam = await send(tenant, {
      platforms: telegram('Reply to the team'),
      userIds: ['telegram-5101'],
      groupAssigneeTeam: teamKey,
    });
    expect(toTeam.statusCode, toTeam.body).toBe(200);
    const agent = await addTestMember(t.database, tenant.applicationId, '2');
    const toAgent = await send(tenant, {
      platforms: telegram('Reply to me'),
      userIds: ['telegram-5103'],
      groupAssignee: agent.userId,
    });
    expect(toAgent.statusCode, toAgent.body).toBe(200);
    const unknownTeam = await send(tenant, {
      platforms: telegram('x'),
      userIds: ['telegram-5102'],
      groupAssigneeTeam: 'no-such-team',
    });
    expect(unknownTeam.statusCode).toBe(404);
    h.runWorker();
    await waitFor(
      () => list(tenant),
      (l) => l.campaigns.slice(0, 2).every((c: { status: string }) => c.status === 'done'),
    );
    expect((await h.conversationOf(5103))?.assigneeId).not.toBe(agent.id);
    await fake.postUpdate(TOKEN, { chatId: 5101, text: 'Yes, tell me more' });
    await fake.postUpdate(TOKEN, { chatId: 5103, text: 'When?' });
    const [team] = await t.database.db
      .select()
      .from(teams)
      .where(and(eq(teams.applicationId, tenant.applicationId), eq(teams.clientGroupId, teamKey)));
    expect((await h.conversationOf(5101))?.teamId).toBe(team!.id);
    expect((await h.conversationOf(5103))?.assigneeId).toBe(agent.id);
    // The other application's customer with the same chat id is not this campaign's reply.
    await fake.postUpdate(OTHER_TOKEN, { chatId: 5101, text: 'Yes, tell me more' });
    const [theirs] = await t.database.db
      .select()
      .from(conversations)
      .where(
        and(
          eq(conversations.applicationId, other.applicationId),
          eq(conversations.clientGroupId, 'telegram:5101'),
        ),
      );
    expect(theirs?.teamId).not.toBe(team!.id);
    const taken = await t.database.db
      .select()
      .from(campaignRecipients)
      .where(eq(campaignRecipients.address, '5101'));
    expect(taken.filter((r) => r.repliedAt !== null)).toHaveLength(1);
  });

  it('sends an image with its text as the caption (editorType 2)', async () => {
    const png = tinyPng();
    const body = multipart([{ filename: 'arrivals.png', contentType: 'image/png', data: png }]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: ATTACHMENT_PATHS.uploadImage,
      headers: { ...tenant.admin, ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const res = await send(tenant, {
      platforms: {
        telegram: {
          selectedToken: '@campaign_bot',
          editorType: 2,
          textValue: 'New arrivals',
          image: { fileMeta: { key: uploaded.json().key }, fileName: 'arrivals.png', message: '' },
        },
      },
      userIds: ['telegram-5104'],
    });
    expect(res.statusCode, res.body).toBe(200);
    h.runWorker();
    const [photo] = await waitFor(
      async () => fake.sent(TOKEN).filter((c) => c.apiMethod === 'sendPhoto' && c.body.chat_id === '5104'),
      (c) => c.length === 1,
    );
    expect(photo!.body).toMatchObject({ caption: 'New arrivals' });
    expect(photo!.files).toEqual([
      { field: 'photo', name: 'arrivals.png', type: 'image/png', size: png.byteLength },
    ]);
  });

  it('filters the audience by a customer attribute, in the list and in a send to all', async () => {
    await t.database.db
      .update(users)
      .set({ metadata: { channel: 'telegram', plan: 'gold' } })
      .where(and(eq(users.applicationId, tenant.applicationId), eq(users.userId, 'telegram-5103')));
    const page = await t.app.inject({
      method: 'GET',
      url: `${CAMPAIGN_PATHS.users}?attributeKey=plan&attributeValue=gold`,
      headers: tenant.admin,
    });
    expect(page.json().response.result.map((u: { userId: string }) => u.userId)).toEqual(['telegram-5103']);
    const dry = await send(tenant, {
      platforms: telegram('Gold only'),
      sendMessageToAll: true,
      filter: { attribute: { key: 'plan', value: 'gold' } },
      dryRun: true,
    });
    expect(dry.json().response).toMatchObject({ total: 1, optedOut: 0 });
  });

  it('refuses an unknown bot, stores nothing and sends nothing', async () => {
    const count = async () => (await t.database.db.select().from(campaigns)).length;
    const before = await count();
    const res = await send(tenant, { platforms: telegram('x', '@no_such_bot'), userIds: ['telegram-5101'] });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('The Telegram bot @no_such_bot is not connected to this application.');
    const empty = await send(tenant, {
      platforms: { telegram: { selectedToken: '@campaign_bot' } },
      userIds: ['x'],
    });
    expect(empty.statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('cancels a scheduled campaign: nobody is sent to', async () => {
    const res = await send(tenant, {
      platforms: telegram('Tomorrow only'),
      userIds: ['telegram-5101'],
      scheduledAt: Date.now() + 3_600_000,
    });
    expect(res.json().response.status).toBe('scheduled');
    const cancel = await t.app.inject({
      method: 'POST',
      url: `${CAMPAIGN_PATHS.cancel}?campaignId=${res.json().response.campaignId}`,
      headers: tenant.admin,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().response.status).toBe('cancelled');
    const again = await t.app.inject({
      method: 'POST',
      url: `${CAMPAIGN_PATHS.cancel}?campaignId=${res.json().response.campaignId}`,
      headers: tenant.admin,
    });
    expect(again.statusCode).toBe(409);
    const queued = await t.database.db
      .select()
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, res.json().response.campaignId));
    expect(queued.map((r) => r.status)).toEqual(['queued']);
    expect(campaignSends(TOKEN, 'Tomorrow only')).toHaveLength(0);
  });

  it('sends a scheduled campaign at its time, not before', async () => {
    const at = Date.now() + 1500;
    const res = await send(tenant, {
      platforms: telegram('At the hour'),
      userIds: ['telegram-5101'],
      scheduledAt: at,
    });
    expect(res.json().response.status).toBe('scheduled');
    h.runWorker();
    await new Promise((r) => setTimeout(r, 500));
    expect(campaignSends(TOKEN, 'At the hour')).toHaveLength(0);
    await waitFor(
      async () => campaignSends(TOKEN, 'At the hour'),
      (c) => c.length === 1,
    );
    expect(Date.now()).toBeGreaterThanOrEqual(at - 50);
  });

  it('stops a running campaign when it is cancelled: the rest is never sent', async () => {
    // One customer a second: the cancel lands while the campaign is going. The sender looks at the
    // campaign's status once a second, so at two a second the whole campaign (1 s) could race that
    // look and go out in full on a fast machine; at one a second the third send comes after it.
    const slow = startWorkers({
      appSecret: t.config.appSecret,
      db: t.database.db,
      log: pino({ level: 'silent' }),
      pollMs: 20,
      channels: { appSecret: t.config.appSecret, apiUrls: t.config.channelApiUrls, campaignRatePerSecond: 1 },
    });
    try {
      const res = await send(tenant, {
        platforms: telegram('Going, going'),
        userIds: ['telegram-5101', 'telegram-5103', 'telegram-5104'],
      });
      await waitFor(
        async () => campaignSends(TOKEN, 'Going, going').length,
        (n) => n >= 1,
      );
      const cancel = await t.app.inject({
        method: 'POST',
        url: `${CAMPAIGN_PATHS.cancel}?campaignId=${res.json().response.campaignId}`,
        headers: tenant.admin,
      });
      expect(cancel.statusCode, cancel.body).toBe(200);
      // Long enough for the whole campaign had it not been cancelled.
      await new Promise((r) => setTimeout(r, 2500));
      expect(campaignSends(TOKEN, 'Going, going').length).toBeLessThan(3);
      const [row] = await t.database.db
        .select()
        .from(campaigns)
        .where(eq(campaigns.id, res.json().response.campaignId));
      expect(row?.status).toBe('cancelled');
    } finally {
      await slow.stop();
    }
  });

  it('sends two campaigns on one bot one after the other, so the bot keeps its rate', async () => {
    const worker = startWorkers({
      appSecret: t.config.appSecret,
      db: t.database.db,
      log: pino({ level: 'silent' }),
      pollMs: 20,
      channels: {
        appSecret: t.config.appSecret,
        apiUrls: t.config.channelApiUrls,
        campaignRatePerSecond: 10,
      },
    });
    try {
      const userIds = ['telegram-5101', 'telegram-5103', 'telegram-5104'];
      expect((await send(tenant, { platforms: telegram('First in line'), userIds })).statusCode).toBe(200);
      expect((await send(tenant, { platforms: telegram('Second in line'), userIds })).statusCode).toBe(200);
      const order = await waitFor(
        async () =>
          fake
            .sent(TOKEN)
            .map((c) => c.body.text)
            .filter((text) => text === 'First in line' || text === 'Second in line'),
        (texts) => texts.length === 6,
        20_000,
      );
      expect(order).toEqual([...Array(3).fill('First in line'), ...Array(3).fill('Second in line')]);
    } finally {
      await worker.stop();
    }
  });

  it('a claim from before runs were stamped, left by a dead worker, is not sent again on a bot that cannot be asked; the others are', async () => {
    const res = await send(tenant, {
      platforms: telegram('After the crash'),
      userIds: ['telegram-5101', 'telegram-5103', 'telegram-5104'],
    });
    const campaignId = res.json().response.campaignId as string;
    // A worker claimed the first recipient (unstamped, as before migration 0040), maybe sent it, and
    // was killed before writing the outcome; Telegram cannot say whether it went (send-recovery.ts).
    const [first] = await t.database.db
      .select()
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, campaignId))
      .orderBy(campaignRecipients.id)
      .limit(1);
    await t.database.db
      .update(campaignRecipients)
      .set({ status: 'sending', claimedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(campaignRecipients.id, first!.id));
    h.runWorker();
    const done = await waitFor(
      () => list(tenant),
      (l) => l.campaigns[0]?.status === 'done',
    );
    expect(done.campaigns[0]).toMatchObject({ total: 3, sent: 2, failed: 1 });
    expect(campaignSends(TOKEN, 'After the crash').map((c) => `telegram-${c.body.chat_id}`)).not.toContain(
      `telegram-${first!.address}`,
    );
    const [abandoned] = await t.database.db
      .select()
      .from(campaignRecipients)
      .where(eq(campaignRecipients.id, first!.id));
    expect(abandoned).toMatchObject({ status: 'failed' });
    expect(abandoned?.error).toContain('not sent again');
  });
});

const GALLABOX = {
  apiKey: 'gbKeyCampaign0123456',
  apiSecret: 'gbSecretCampaign01234',
  accountId: '629e06e58e13b5000ae33800',
  channelId: '629e0b6c3d6ad60004419700',
};

describe.each(testDatabaseKinds())('WhatsApp template campaigns through Gallabox on %s', (kind) => {
  let fake: FakeGallabox;
  beforeAll(async () => {
    fake = await startFakeGallabox();
    fake.addAccount(GALLABOX);
    fake.addTemplate(GALLABOX.accountId, {
      channelId: GALLABOX.channelId,
      name: 'order_delay',
      language: 'en',
      status: 'approved',
      category: 'UTILITY',
      body: 'Hi {{1}}, your order is delayed by {{2}} days.',
    });
    fake.addTemplate(GALLABOX.accountId, {
      channelId: GALLABOX.channelId,
      name: 'order_link',
      language: 'en',
      status: 'approved',
      category: 'UTILITY',
      header: { format: 'TEXT', text: 'Order {{1}}' },
      body: 'Your order has shipped.',
      buttons: [{ type: 'URL', text: 'Track', url: 'https://shop.example/track/{{1}}' }],
    });
  });
  const { t, tenants } = useTestApp(kind, {
    tenants: 1,
    dataDir: true,
    env: () => ({ GALLABOX_API_URL: fake.url }),
  });
  const [tenant] = tenants;
  const h = channelHarness(t, tenant, 'whatsapp-gallabox');
  afterAll(async () => {
    await fake?.close();
  });
  const whatsApp = (parameters: string[]) => ({
    whatsApp: {
      selectedProvider: 'whatsapp-gallabox',
      selectedTemplate: 'order_delay',
      selectedTemplateData: { language: 'en', parameters },
    },
  });
  const send = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: CAMPAIGN_PATHS.send, headers: tenant.admin, payload });
  const customer = (userId: string, contactNumber: string) =>
    t.database.db
      .insert(users)
      .values({ applicationId: tenant.applicationId, userId, displayName: userId, contactNumber });

  it('sends the approved template to customers by their numbers', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: integrationPath('whatsapp-gallabox'),
      headers: h.bearer(),
      payload: { ...GALLABOX, webhookSecret: 'campaign-gallabox-secret-1' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const templates = await t.app.inject({
      method: 'GET',
      url: `${CAMPAIGN_PATHS.templates}?provider=whatsapp-gallabox`,
      headers: tenant.admin,
    });
    expect(templates.statusCode, templates.body).toBe(200);
    expect(templates.json().response.map((x: { name: string }) => x.name)).toEqual([
      'order_delay',
      'order_link',
    ]);
    const senders = await t.app.inject({ method: 'GET', url: CAMPAIGN_PATHS.senders, headers: tenant.admin });
    expect(senders.json().response[0]).toMatchObject({ platform: 'whatsApp', provider: 'whatsapp-gallabox' });
    await customer('ada', '+919800000001');
    await customer('grace', '+919800000002');
    const sent = await send({ platforms: whatsApp(['friend', '2']), userIds: ['ada', 'grace'] });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().response.total).toBe(2);
    h.runWorker();
    await waitFor(
      async () => fake.sent().length,
      (n) => n === 2,
    );
    const bodies = fake.sent().map((c) => JSON.stringify(c.body));
    expect(bodies.some((b) => b.includes('919800000001') && b.includes('order_delay'))).toBe(true);
    expect(bodies.some((b) => b.includes('919800000002'))).toBe(true);
    // The provider's status callbacks count on the campaign: delivered, then read; a failure moves
    // the recipient from sent to failed.
    await waitFor(
      async () =>
        (await t.database.db.select().from(campaignRecipients)).filter((r) => r.externalId !== null),
      (rows) => rows.length === 2,
    );
    const rows = await t.database.db.select().from(campaignRecipients);
    const idOf = (address: string) => rows.find((r) => r.address === address)!.externalId!;
    const post = (messageId: string, to: string, status: 'delivered' | 'read' | 'failed') =>
      t.app.inject({
        method: 'POST',
        url: channelWebhookPath('whatsapp-gallabox', tenant.applicationId),
        headers: { 'x-webhook-secret': 'campaign-gallabox-secret-1' },
        payload: gallaboxStatusEvent({
          ...GALLABOX,
          messageId,
          to,
          status,
          error: status === 'failed' ? 'Not on WhatsApp' : undefined,
        }),
      });
    expect((await post(idOf('whatsapp:+919800000001'), '919800000001', 'read')).statusCode).toBe(200);
    expect((await post(idOf('whatsapp:+919800000001'), '919800000001', 'delivered')).statusCode).toBe(200);
    expect((await post(idOf('whatsapp:+919800000002'), '919800000002', 'failed')).statusCode).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: CAMPAIGN_PATHS.list, headers: tenant.admin });
    expect(list.json().response.campaigns[0]).toMatchObject({
      sent: 1,
      failed: 1,
      delivered: 1,
      read: 1,
      progress: [{ platform: 'whatsApp', total: 2, sent: 1, delivered: 1, read: 1, failed: 1 }],
    });
  });

  it('refuses a template with missing parameters and a number without country code; sends nothing', async () => {
    const before = fake.sent().length;
    const missing = await send({ platforms: whatsApp(['friend']), userIds: ['ada'] });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().code).toBe('INVALID_PARAMETER');
    await customer('linus', '9800000003');
    await customer('ken', '+98abc');
    const noCode = await send({ platforms: whatsApp(['friend', '2']), userIds: ['ada', 'linus'] });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json()).toMatchObject({
      code: 'NO_COUNTRY_CODE',
      message: 'Phone number must start with a country code (+)',
      details: { userId: 'linus' },
    });
    const invalid = await send({ platforms: whatsApp(['friend', '2']), userIds: ['ken'] });
    expect(invalid.json()).toMatchObject({ code: 'INVALID', message: 'Please enter a valid phone number' });
    const prefixed = await send({
      platforms: whatsApp(['friend', '2']),
      userIds: ['whatsapp:+919800000001'],
    });
    expect(prefixed.statusCode).toBe(400);
    expect(prefixed.json().message).toContain('not WhatsApp-prefixed');
    const unknownTemplate = await send({
      platforms: { whatsApp: { ...whatsApp(['a']).whatsApp, selectedTemplate: 'nope' } },
      userIds: ['ada'],
    });
    expect(unknownTemplate.statusCode).toBe(422);
    expect(unknownTemplate.json().code).toBe('TEMPLATE_NOT_FOUND');
    expect(fake.sent().length).toBe(before);
    expect((await t.database.db.select().from(campaigns)).length).toBe(1);
  });

  it('sends a template with its header and URL button values; refuses one without the button’s value', async () => {
    const template = (buttons: unknown[]) => ({
      whatsApp: {
        selectedProvider: 'whatsapp-gallabox',
        selectedTemplate: 'order_link',
        selectedTemplateData: {
          language: 'en',
          parameters: [],
          header: { type: 'text', text: 'A-17' },
          buttons,
        },
      },
    });
    const before = fake.sent().length;
    const missing = await send({ platforms: template([]), userIds: ['ada'] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('TEMPLATE_BUTTON_INVALID');
    const ok = await send({
      platforms: template([{ index: 0, type: 'url', text: 'A-17' }]),
      userIds: ['ada'],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    h.runWorker();
    await waitFor(
      async () => fake.sent().length,
      (n) => n === before + 1,
    );
    const body = JSON.stringify(fake.sent().at(-1)!.body);
    expect(body).toContain('order_link');
    expect(body).toContain('A-17');
  });
});

const VIBER_TOKEN = '4453b6ac12345678-e02603a123456789-a5f8c2b3c4d5e6aa';

describe.each(testDatabaseKinds())('Campaigns on Viber on %s', (kind) => {
  const {
    t,
    tenants,
    h,
    fake: viber,
  } = useCampaignApp(kind, {
    tenants: 1,
    channel: 'viber',
    fake: async () => {
      const server = await startFakeViber();
      server.addBot(VIBER_TOKEN, { name: 'Campaign Shop', uri: 'campaignshop' });
      return server;
    },
    env: (url) => ({ VIBER_API_URL: url }),
  });
  const [tenant] = tenants;

  it('sends a text campaign to the customers who wrote to the bot', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: integrationPath('viber'),
      headers: h.bearer(),
      payload: { authToken: VIBER_TOKEN },
    });
    expect(res.statusCode, res.body).toBe(200);
    const senders = ['V1abcdefghij=', 'V2abcdefghij='];
    for (const [i, senderId] of senders.entries()) {
      const posted = await viber.postMessage(VIBER_TOKEN, {
        senderId,
        name: `Viber ${i}`,
        text: 'hello',
        messageToken: 5_000_000_000 + i,
        timestamp: 1_700_000_000_000 + i,
      });
      expect(posted.status).toBe(200);
    }
    const sent = await t.app.inject({
      method: 'POST',
      url: CAMPAIGN_PATHS.send,
      headers: tenant.admin,
      payload: {
        platforms: { viber: { editorType: 1, textValue: 'Weekend sale on Viber' } },
        userIds: senders.map((s) => `viber-${s}`),
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().response.total).toBe(2);
    h.runWorker();
    const calls = await waitFor(
      async () => viber.sent(VIBER_TOKEN).filter((c) => c.body.text === 'Weekend sale on Viber'),
      (c) => c.length === 2,
    );
    expect(calls.map((c) => c.body.receiver).sort()).toEqual([...senders].sort());
  });
});

const FB_TOKEN = 'EAAGpageAccessTokenForCampaigns98765';
const FB_SECRET = 'f1e2d3c4b5a6f7e8d9c0f1e2d3c4b5a6';
const PAGE_ID = '888777666555';

describe.each(testDatabaseKinds())('Campaigns on Facebook Messenger on %s', (kind) => {
  const {
    t,
    tenants,
    h,
    fake: meta,
  } = useCampaignApp(kind, {
    tenants: 1,
    channel: 'facebook',
    fake: async () => {
      const server = await startFakeMeta();
      server.addToken(FB_TOKEN);
      server.addNode(PAGE_ID, { name: 'Campaign Page' });
      return server;
    },
    env: (url) => ({ META_GRAPH_API_URL: url }),
  });
  const [tenant] = tenants;

  it('sends through the selected page; another page id is refused', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: integrationPath('facebook'),
      headers: h.bearer(),
      payload: {
        pageId: PAGE_ID,
        pageAccessToken: FB_TOKEN,
        appSecret: FB_SECRET,
        verifyToken: 'verify-campaign-1',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const hook = `${t.config.publicUrl}${channelWebhookPath('facebook', tenant.applicationId)}`;
    const psid = '7009008007';
    const inbound = messengerDelivery('page', PAGE_ID, [
      {
        sender: { id: psid },
        recipient: { id: PAGE_ID },
        timestamp: Date.now(),
        message: { mid: 'm_campaign_1', text: 'Hi page' },
      },
    ]);
    expect((await meta.postWebhook(hook, FB_SECRET, inbound)).status).toBe(200);
    const send = (selectedPage: string) =>
      t.app.inject({
        method: 'POST',
        url: CAMPAIGN_PATHS.send,
        headers: tenant.admin,
        payload: {
          platforms: { facebook: { selectedPage, editorType: 1, textValue: 'Page sale' } },
          userIds: [`facebook-${psid}`],
        },
      });
    const unknown = await send('111222333');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(
      'The page 111222333 is not connected to this application on facebook.',
    );
    const ok = await send(PAGE_ID);
    expect(ok.statusCode, ok.body).toBe(200);
    h.runWorker();
    const [call] = await waitFor(
      async () => meta.sent().filter((c) => c.path === 'me/messages' && c.token === FB_TOKEN),
      (c) => c.length === 1,
    );
    expect(call!.body).toMatchObject({ recipient: { id: psid }, message: { text: 'Page sale' } });
  });
});
