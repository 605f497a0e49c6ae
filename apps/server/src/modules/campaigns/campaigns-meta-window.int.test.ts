import { CAMPAIGN_PATHS, channelWebhookPath, integrationPath } from '@convo/api';
import { messengerDelivery, startFakeMeta } from '@convo/provider-fakes';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { campaignRecipients, campaigns, conversations } from '../../db/schema/index.js';
import { waitFor } from '../../testing/channel-harness.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useCampaignApp } from './test-harness.js';

// Meta's 24-hour window for Messenger and Instagram campaigns (issue 35): a campaign message goes
// as the Send API's proactive `messaging_type: UPDATE` to customers who wrote within 24 hours;
// one whose last message is older is not sent and fails with the reason, per recipient.

const TOKEN = 'EAAGpageAccessTokenForWindowCampaigns1';
const SECRET = 'a9e2d3c4b5a6f7e8d9c0f1e2d3c4b5a6';
const PAGE_ID = '888777666001';
const IG_ID = '17841400000000001';

describe.each(testDatabaseKinds())(
  'Messenger and Instagram campaigns and the 24-hour window on %s',
  (kind) => {
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
        server.addToken(TOKEN);
        server.addNode(PAGE_ID, { name: 'Window Page' });
        server.addNode(IG_ID, { id: IG_ID, username: 'window_shop' });
        return server;
      },
      env: (url) => ({ META_GRAPH_API_URL: url }),
    });
    const [tenant] = tenants;

    it('sends as UPDATE inside the window; outside it, each recipient fails with the reason and nothing goes', async () => {
      for (const [type, payload] of [
        [
          'facebook',
          { pageId: PAGE_ID, pageAccessToken: TOKEN, appSecret: SECRET, verifyToken: 'verify-window-1' },
        ],
        [
          'instagram',
          {
            instagramAccountId: IG_ID,
            pageId: PAGE_ID,
            pageAccessToken: TOKEN,
            appSecret: SECRET,
            verifyToken: 'verify-window-2',
          },
        ],
      ] as const) {
        const res = await t.app.inject({
          method: 'POST',
          url: integrationPath(type),
          headers: h.bearer(),
          payload,
        });
        expect(res.statusCode, res.body).toBe(200);
      }
      const write = async (object: 'page' | 'instagram', account: string, sender: string) => {
        const type = object === 'page' ? 'facebook' : 'instagram';
        const hook = `${t.config.publicUrl}${channelWebhookPath(type, tenant.applicationId)}`;
        const delivery = messengerDelivery(object, account, [
          {
            sender: { id: sender },
            recipient: { id: account },
            timestamp: Date.now(),
            message: { mid: `m_${sender}`, text: 'hi' },
          },
        ]);
        expect((await meta.postWebhook(hook, SECRET, delivery)).status).toBe(200);
      };
      await write('page', PAGE_ID, '7001');
      await write('page', PAGE_ID, '7002');
      await write('instagram', IG_ID, '8001');
      await write('instagram', IG_ID, '8002');
      // Two customers last wrote 25 hours ago.
      await t.database.db
        .update(conversations)
        .set({ lastCustomerMessageAt: sql`now() - interval '25 hours'` })
        .where(
          and(
            eq(conversations.applicationId, tenant.applicationId),
            sql`${conversations.clientGroupId} in ('facebook:7002', 'instagram:8002')`,
          ),
        );
      const before = meta.sent().length;
      const res = await t.app.inject({
        method: 'POST',
        url: CAMPAIGN_PATHS.send,
        headers: tenant.admin,
        payload: {
          platforms: {
            facebook: { selectedPage: PAGE_ID, editorType: 1, textValue: 'Window sale' },
            instagram: { selectedPage: IG_ID, editorType: 1, textValue: 'Window sale' },
          },
          userIds: ['facebook-7001', 'facebook-7002', 'instagram-8001', 'instagram-8002'],
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const campaignId = res.json().response.campaignId as string;
      h.runWorker();
      const done = await waitFor(
        async () => (await t.database.db.select().from(campaigns).where(eq(campaigns.id, campaignId)))[0],
        (c) => c?.status === 'done',
        20_000,
      );
      expect(done).toMatchObject({ total: 4, sent: 2, failed: 2 });
      const sends = meta.sent().slice(before);
      expect(sends.map((c) => (c.body.recipient as { id: string }).id).sort()).toEqual(['7001', '8001']);
      for (const c of sends)
        expect(c.body).toMatchObject({ messaging_type: 'UPDATE', message: { text: 'Window sale' } });
      const rows = await t.database.db
        .select()
        .from(campaignRecipients)
        .where(eq(campaignRecipients.campaignId, campaignId));
      const errorOf = (address: string) => rows.find((r) => r.address === address)?.error ?? '';
      expect(errorOf('7002')).toContain('Outside Messenger’s 24-hour window');
      expect(errorOf('8002')).toContain('Outside Instagram’s 24-hour window');
      expect(errorOf('7001')).toBe('');
    });
  },
);
