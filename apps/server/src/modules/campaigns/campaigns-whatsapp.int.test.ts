import { CAMPAIGN_PATHS, channelWebhookPath, TEAM_USER_STATS_PATHS } from '@convo/api';
import { startFakeDialog360, startFakeMeta, whatsAppDelivery } from '@convo/provider-fakes';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { campaignRecipients, campaigns, teams, users } from '../../db/schema/index.js';
import { waitFor } from '../../testing/channel-harness.js';
import type { Tenant } from '../../testing/messaging-fixtures.js';
import type { TestApp } from '../../testing/test-app.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useCampaignApp } from './test-harness.js';

// WhatsApp template campaigns through the Cloud API and 360dialog (issue 35's integration tests per
// provider), against the local Meta Graph and 360dialog servers: the approved template goes to each
// customer's number once, the campaign counts it, and a customer's reply opens a conversation with
// the campaign's team. (Gallabox: campaigns.int.test.ts; Twilio: campaigns-recovery.int.test.ts.)

const NUMBERS = ['15550002001', '15550002002', '15550002003'];
const TEMPLATE = {
  name: 'order_update',
  status: 'APPROVED',
  category: 'UTILITY',
  body: 'Hi {{1}}, your order {{2}} has shipped.',
};

/** Sends a template campaign to the three customers with a team for replies; answers the team's id. */
async function sendCampaign(t: TestApp, tenant: Tenant, provider: string, language: string) {
  await t.database.db.insert(users).values(
    NUMBERS.map((n, i) => ({
      applicationId: tenant.applicationId,
      userId: `wa-${provider}-${i}`,
      displayName: `Customer ${i}`,
      contactNumber: `+${n}`,
    })),
  );
  const created = await t.app.inject({
    method: 'POST',
    url: TEAM_USER_STATS_PATHS.teamCreate,
    headers: tenant.admin,
    payload: { teamName: 'Shipping' },
  });
  expect(created.statusCode, created.body).toBe(200);
  const teamKey = created.json().response.clientGroupId as string;
  const res = await t.app.inject({
    method: 'POST',
    url: CAMPAIGN_PATHS.send,
    headers: tenant.admin,
    payload: {
      name: 'Shipped',
      platforms: {
        whatsApp: {
          selectedProvider: provider,
          selectedTemplate: TEMPLATE.name,
          selectedTemplateData: { language, parameters: ['friend', 'A-17'] },
        },
      },
      userIds: NUMBERS.map((_, i) => `wa-${provider}-${i}`),
      groupAssigneeTeam: teamKey,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const campaignId = res.json().response.campaignId as string;
  const [team] = await t.database.db
    .select()
    .from(teams)
    .where(and(eq(teams.applicationId, tenant.applicationId), eq(teams.clientGroupId, teamKey)));
  return { campaignId, teamId: team!.id };
}

/** The finished campaign's counts, and its recipients' errors (to read when a count is off). */
async function doneCampaign(t: TestApp, campaignId: string) {
  const done = await waitFor(
    async () => (await t.database.db.select().from(campaigns).where(eq(campaigns.id, campaignId)))[0],
    (c) => c?.status === 'done',
    20_000,
  );
  const rows = await t.database.db
    .select({ error: campaignRecipients.error })
    .from(campaignRecipients)
    .where(eq(campaignRecipients.campaignId, campaignId));
  return { ...done, errors: rows.flatMap((r) => (r.error ? [r.error] : [])) };
}

const reply = (phoneId: string, from: string, text: string) =>
  whatsAppDelivery(phoneId, {
    contacts: [{ wa_id: from, profile: { name: 'Customer' } }],
    messages: [
      {
        from,
        id: `wamid.reply${from}`,
        timestamp: String(Math.floor(Date.now() / 1000)),
        type: 'text',
        text: { body: text },
      },
    ],
  });

const WA_TOKEN = 'EAAGcampaignSystemUserToken0123456789';
const APP_SECRET = 'c1b2c3d4e5f6a7b8c9d0a1b2c3d4e5f6';
const PHONE_ID = '106540352249001';
const WABA_ID = '102290129349001';

describe.each(testDatabaseKinds())('WhatsApp Cloud API campaigns on %s', (kind) => {
  const { t, tenants, h, fake, connect } = useCampaignApp(kind, {
    tenants: 1,
    channel: 'whatsapp-cloud-api',
    fake: async () => {
      const server = await startFakeMeta();
      server.addToken(WA_TOKEN);
      server.addNode(PHONE_ID, { display_phone_number: '+1 555-000-9001', verified_name: 'Acme Campaigns' });
      server.addTemplate(WABA_ID, { ...TEMPLATE, language: 'en_US' });
      return server;
    },
    env: (url) => ({ META_GRAPH_API_URL: url }),
  });
  const [tenant] = tenants;

  it('sends the approved template to each number once; a reply goes to the campaign’s team', async () => {
    await connect('whatsapp-cloud-api', {
      phoneNumberId: PHONE_ID,
      businessAccountId: WABA_ID,
      accessToken: WA_TOKEN,
      appSecret: APP_SECRET,
      verifyToken: 'campaign-verify-1',
    });
    const { campaignId, teamId } = await sendCampaign(t, tenant, 'whatsapp-cloud-api', 'en_US');
    h.runWorker();
    expect(await doneCampaign(t, campaignId)).toMatchObject({ total: 3, sent: 3, failed: 0, errors: [] });
    const sends = fake.sent().filter((c) => c.path === `${PHONE_ID}/messages`);
    // The Cloud API takes the number with or without its '+'.
    expect(sends.map((c) => String(c.body.to).replace(/^\+/, '')).sort()).toEqual(NUMBERS);
    for (const c of sends)
      expect(c.body).toMatchObject({
        messaging_product: 'whatsapp',
        type: 'template',
        template: { name: TEMPLATE.name, language: { code: 'en_US' } },
      });
    const hook = `${t.config.publicUrl}${channelWebhookPath('whatsapp-cloud-api', tenant.applicationId)}`;
    const posted = await fake.postWebhook(hook, APP_SECRET, reply(PHONE_ID, NUMBERS[1]!, 'Where is it?'));
    expect(posted.status, posted.body).toBe(200);
    expect((await h.conversationOf(NUMBERS[1]!))?.teamId).toBe(teamId);
  });
});

const API_KEY = 'D360keyForCampaigns0123456789abcd';
const D360_PHONE_ID = '109876543219001';

describe.each(testDatabaseKinds())('360dialog campaigns on %s', (kind) => {
  const { t, tenants, h, fake, connect } = useCampaignApp(kind, {
    tenants: 1,
    channel: 'whatsapp-dialog360',
    fake: async () => {
      const server = await startFakeDialog360();
      server.addKey(API_KEY);
      server.addTemplate(API_KEY, { ...TEMPLATE, status: 'approved', language: 'en' });
      return server;
    },
    env: (url) => ({ DIALOG360_API_URL: url }),
  });
  const [tenant] = tenants;

  it('sends the approved template to each number once; a reply goes to the campaign’s team', async () => {
    await connect('whatsapp-dialog360', { d360ApiKey: API_KEY });
    const { campaignId, teamId } = await sendCampaign(t, tenant, 'dialog360', 'en');
    h.runWorker();
    expect(await doneCampaign(t, campaignId)).toMatchObject({ total: 3, sent: 3, failed: 0, errors: [] });
    const sends = fake.sent();
    // The Cloud API takes the number with or without its '+'.
    expect(sends.map((c) => String(c.body.to).replace(/^\+/, '')).sort()).toEqual(NUMBERS);
    for (const c of sends)
      expect(c.body).toMatchObject({ type: 'template', template: { name: TEMPLATE.name } });
    const posted = await fake.postWebhook(API_KEY, reply(D360_PHONE_ID, NUMBERS[2]!, 'Thanks'));
    expect(posted.status, posted.body).toBe(200);
    expect((await h.conversationOf(NUMBERS[2]!))?.teamId).toBe(teamId);
  });
});
