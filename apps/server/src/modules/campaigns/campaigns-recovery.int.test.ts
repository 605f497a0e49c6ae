import { randomUUID } from 'node:crypto';
import { CAMPAIGN_PATHS, channelWebhookPath } from '@convo/api';
import { startFakeMeta, startFakeTelegram, startFakeTwilio, whatsAppDelivery } from '@convo/provider-fakes';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { campaignRecipients, campaigns, users } from '../../db/schema/index.js';
import { waitFor } from '../../testing/channel-harness.js';
import type { TestApp } from '../../testing/test-app.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useCampaignApp } from './test-harness.js';

// The recovery rule of campaign sends (send-recovery.ts): rows a killed worker left claimed are
// settled when the campaign's job runs again. Never attempted: sent normally. Attempted: the
// provider is asked (Twilio lists what it sent) — sent there: recorded, not sent again; not there:
// sent. Attempted on a provider that cannot be asked (Telegram): failed with a reason, not sent.
// Counted against the provider fake's log: nobody twice, nobody zero times where it can be known.

const ACCOUNT_SID = `AC${'5e6f7a8b'.repeat(4)}`;
const AUTH_TOKEN = `${'c'.repeat(8)}0123456789abcdef01234567`;
const SENDER = '+14155238886';
const NUMBERS = ['+15550000101', '+15550000102', '+15550000103', '+15550000104'];

/** Leaves these rows as a worker killed mid-batch leaves them: claimed by a run that is over. */
async function leftByDeadRun(db: TestApp['database']['db'], ids: readonly number[], attempted: boolean) {
  await db
    .update(campaignRecipients)
    .set({
      status: 'sending',
      claimedAt: new Date(Date.now() - 5000),
      claimJob: `${randomUUID()}:1`,
      attemptedAt: attempted ? new Date(Date.now() - 4000) : null,
    })
    .where(inArray(campaignRecipients.id, [...ids]));
}

describe.each(testDatabaseKinds())(
  'Campaign sends after a killed worker, WhatsApp through Twilio on %s',
  (kind) => {
    let contentSid = '';
    const { t, tenants, h, fake, connect } = useCampaignApp(kind, {
      tenants: 1,
      channel: 'whatsapp-twilio',
      fake: async () => {
        const server = await startFakeTwilio();
        server.addAccount(ACCOUNT_SID, AUTH_TOKEN, 'Recovery Twilio');
        contentSid = server.addContent(ACCOUNT_SID, {
          friendlyName: 'order_delay',
          language: 'en',
          body: 'Hi {{1}}, your order is delayed by {{2}} days.',
          status: 'approved',
          category: 'UTILITY',
        });
        return server;
      },
      env: (url) => ({ TWILIO_API_URL: url }),
    });
    const [tenant] = tenants;

    it('asks Twilio about the attempted rows: the one it has is not sent again, the others are sent once', async () => {
      await connect('whatsapp-twilio', {
        accountSid: ACCOUNT_SID,
        authToken: AUTH_TOKEN,
        whatsAppNumber: SENDER,
      });
      await t.database.db.insert(users).values(
        NUMBERS.map((n, i) => ({
          applicationId: tenant.applicationId,
          userId: `customer-${i}`,
          displayName: `Customer ${i}`,
          contactNumber: n,
        })),
      );
      const res = await t.app.inject({
        method: 'POST',
        url: CAMPAIGN_PATHS.send,
        headers: tenant.admin,
        payload: {
          platforms: {
            whatsApp: {
              selectedProvider: 'twilio',
              selectedTemplate: 'order_delay',
              selectedTemplateData: { language: 'en', parameters: ['friend', '2'] },
            },
          },
          userIds: NUMBERS.map((_, i) => `customer-${i}`),
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const campaignId = res.json().response.campaignId as string;
      const rows = await t.database.db
        .select()
        .from(campaignRecipients)
        .where(eq(campaignRecipients.campaignId, campaignId))
        .orderBy(campaignRecipients.id);
      expect(rows.map((r) => r.address)).toEqual(NUMBERS.map((n) => `whatsapp:${n}`));
      const [reached, lost, untouched] = rows;
      // The killed worker's last send: Twilio took it, the answer never reached the database.
      const taken = await fetch(`${fake.url}/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({
          To: reached!.address,
          From: `whatsapp:${SENDER}`,
          ContentSid: contentSid,
          ContentVariables: JSON.stringify({ 1: 'friend', 2: '2' }),
        }),
      });
      expect(taken.status).toBe(201);
      const takenSid = ((await taken.json()) as { sid: string }).sid;
      await leftByDeadRun(t.database.db, [reached!.id, lost!.id], true);
      await leftByDeadRun(t.database.db, [untouched!.id], false);

      h.runWorker();
      const done = await waitFor(
        async () => (await t.database.db.select().from(campaigns).where(eq(campaigns.id, campaignId)))[0],
        (c) => c?.status === 'done',
        20_000,
      );
      expect(done).toMatchObject({ total: 4, sent: 4, failed: 0 });
      const perNumber = NUMBERS.map((n) => fake.sent().filter((c) => c.params.To === `whatsapp:${n}`).length);
      expect(perNumber).toEqual([1, 1, 1, 1]);
      const [after] = await t.database.db
        .select()
        .from(campaignRecipients)
        .where(eq(campaignRecipients.id, reached!.id));
      expect(after).toMatchObject({ status: 'sent', externalId: takenSid });
    });
  },
);

const TOKEN = '7100031:AAHcampaignRecoveryTelegramToken_01';
const CHATS = [6101, 6102, 6103];

describe.each(testDatabaseKinds())('Campaign sends after a killed worker, Telegram on %s', (kind) => {
  const { t, tenants, h, fake, connect } = useCampaignApp(kind, {
    tenants: 1,
    channel: 'telegram',
    fake: async () => {
      const server = await startFakeTelegram();
      server.addBot(TOKEN, 'recovery_bot');
      return server;
    },
    env: (url) => ({ TELEGRAM_API_URL: url }),
  });
  const [tenant] = tenants;

  it('a bot cannot be asked: the attempted row fails with its reason, the untouched ones are sent once', async () => {
    await connect('telegram', { botToken: TOKEN });
    for (const chatId of CHATS)
      expect((await fake.postUpdate(TOKEN, { chatId, text: 'hi' })).status).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: CAMPAIGN_PATHS.send,
      headers: tenant.admin,
      payload: {
        platforms: { telegram: { selectedToken: '@recovery_bot', editorType: 1, textValue: 'Back soon' } },
        userIds: CHATS.map((c) => `telegram-${c}`),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const campaignId = res.json().response.campaignId as string;
    const [attempted, claimed] = await t.database.db
      .select()
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, campaignId))
      .orderBy(campaignRecipients.id);
    await leftByDeadRun(t.database.db, [attempted!.id], true);
    await leftByDeadRun(t.database.db, [claimed!.id], false);
    h.runWorker();
    const done = await waitFor(
      async () => (await t.database.db.select().from(campaigns).where(eq(campaigns.id, campaignId)))[0],
      (c) => c?.status === 'done',
      20_000,
    );
    expect(done).toMatchObject({ total: 3, sent: 2, failed: 1 });
    const sends = fake
      .sent(TOKEN)
      .filter((c) => c.apiMethod === 'sendMessage' && c.body.text === 'Back soon');
    expect(sends.map((c) => String(c.body.chat_id)).sort()).toEqual(
      CHATS.filter((c) => String(c) !== attempted!.address).map(String),
    );
    const [failed] = await t.database.db
      .select()
      .from(campaignRecipients)
      .where(eq(campaignRecipients.id, attempted!.id));
    expect(failed?.error).toContain('cannot say whether it went');
  });
});

const WA_TOKEN = 'EAAGrecoveryCloudToken0123456789abcd';
const WA_SECRET = 'a9b8c7d6e5f4a3b2c1d0a9b8c7d6e5f4';
const PHONE_ID = '106540352249777';
const WABA_ID = '102290129349777';
const WA_NUMBERS = ['15550007001', '15550007002', '15550007003'];
const digits = (address: string) => address.replace(/\D/g, '');

describe.each(testDatabaseKinds())(
  'Campaign sends after a killed worker, WhatsApp Cloud API (tagged sends) on %s',
  (kind) => {
    const { t, tenants, h, fake, connect } = useCampaignApp(kind, {
      tenants: 1,
      channel: 'whatsapp-cloud-api',
      fake: async () => {
        const server = await startFakeMeta();
        server.addToken(WA_TOKEN);
        server.addNode(PHONE_ID, { display_phone_number: '+1 555-000-7777', verified_name: 'Recovery' });
        server.addTemplate(WABA_ID, {
          name: 'back_soon',
          language: 'en_US',
          status: 'APPROVED',
          category: 'UTILITY',
          body: 'Hi {{1}}, we are back soon.',
        });
        return server;
      },
      env: (url) => ({ META_GRAPH_API_URL: url }),
    });
    const [tenant] = tenants;

    it('settles the in-flight recipient from its tagged status webhook instead of failing it for good', async () => {
      await connect('whatsapp-cloud-api', {
        phoneNumberId: PHONE_ID,
        businessAccountId: WABA_ID,
        accessToken: WA_TOKEN,
        appSecret: WA_SECRET,
        verifyToken: 'recovery-verify-1',
      });
      await t.database.db.insert(users).values(
        WA_NUMBERS.map((n, i) => ({
          applicationId: tenant.applicationId,
          userId: `wa-rec-${i}`,
          displayName: `Customer ${i}`,
          contactNumber: `+${n}`,
        })),
      );
      const res = await t.app.inject({
        method: 'POST',
        url: CAMPAIGN_PATHS.send,
        headers: tenant.admin,
        payload: {
          platforms: {
            whatsApp: {
              selectedProvider: 'whatsapp-cloud-api',
              selectedTemplate: 'back_soon',
              selectedTemplateData: { language: 'en_US', parameters: ['friend'] },
            },
          },
          userIds: WA_NUMBERS.map((_, i) => `wa-rec-${i}`),
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const campaignId = res.json().response.campaignId as string;
      const [attempted, claimed] = await t.database.db
        .select()
        .from(campaignRecipients)
        .where(eq(campaignRecipients.campaignId, campaignId))
        .orderBy(campaignRecipients.id);
      // The worker died right after Meta took the message for `attempted` (its answer was lost).
      await leftByDeadRun(t.database.db, [attempted!.id], true);
      await leftByDeadRun(t.database.db, [claimed!.id], false);
      h.runWorker();
      const done = await waitFor(
        async () => (await t.database.db.select().from(campaigns).where(eq(campaigns.id, campaignId)))[0],
        (c) => c?.status === 'done',
        20_000,
      );
      // Not sent again (nobody twice); failed only until the provider reports it.
      expect(done).toMatchObject({ total: 3, sent: 2, failed: 1 });
      const sends = fake.sent().filter((c) => c.path === `${PHONE_ID}/messages`);
      expect(sends.map((c) => String(c.body.to)).sort()).toEqual(
        WA_NUMBERS.filter((n) => n !== digits(attempted!.address)),
      );
      // Every send carries its recipient's tag, which Meta echoes in the message's statuses.
      const rows = await t.database.db
        .select()
        .from(campaignRecipients)
        .where(eq(campaignRecipients.campaignId, campaignId));
      for (const c of sends) {
        const row = rows.find((r) => digits(r.address) === String(c.body.to));
        expect(c.body.biz_opaque_callback_data).toBe(`convo-campaign:${row!.id}`);
      }
      expect(rows.find((r) => r.id === attempted!.id)?.error).toContain('status callback will settle it');

      // Meta's status webhook for the lost send: 'sent', with our tag and its wamid.
      const hook = `${t.config.publicUrl}${channelWebhookPath('whatsapp-cloud-api', tenant.applicationId)}`;
      const to = digits(attempted!.address);
      const status = (s: string, extra: Record<string, unknown> = {}) =>
        whatsAppDelivery(PHONE_ID, {
          statuses: [
            {
              id: 'wamid.lostAnswer1',
              status: s,
              timestamp: String(Math.floor(Date.now() / 1000)),
              recipient_id: to,
              ...extra,
            },
          ],
        });
      // A tag naming a row that is not in flight changes nothing.
      const stray = await fake.postWebhook(
        hook,
        WA_SECRET,
        status('sent', { id: 'wamid.stray', biz_opaque_callback_data: `convo-campaign:${claimed!.id}` }),
      );
      expect(stray.status, stray.body).toBe(200);
      const posted = await fake.postWebhook(
        hook,
        WA_SECRET,
        status('sent', { biz_opaque_callback_data: `convo-campaign:${attempted!.id}` }),
      );
      expect(posted.status, posted.body).toBe(200);
      const settled = await waitFor(
        async () => (await t.database.db.select().from(campaigns).where(eq(campaigns.id, campaignId)))[0],
        (c) => c?.sent === 3,
        10_000,
      );
      expect(settled).toMatchObject({ total: 3, sent: 3, failed: 0 });
      // Later statuses find it by its wamid, as for any send.
      await fake.postWebhook(hook, WA_SECRET, status('delivered'));
      const [row] = await waitFor(
        () => t.database.db.select().from(campaignRecipients).where(eq(campaignRecipients.id, attempted!.id)),
        (r) => r[0]?.receipt === 'delivered',
        10_000,
      );
      expect(row).toMatchObject({ status: 'sent', externalId: 'wamid.lostAnswer1', error: null });
      const [untouched] = await t.database.db
        .select()
        .from(campaignRecipients)
        .where(eq(campaignRecipients.id, claimed!.id));
      expect(untouched?.externalId).not.toBe('wamid.stray');
      expect(fake.sent().filter((c) => c.path === `${PHONE_ID}/messages`)).toHaveLength(2);
    });
  },
);
