import { CAMPAIGN_PATHS, integrationPath } from '@convo/api';
import { type FakeTelegram, startFakeTelegram } from '@convo/provider-fakes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignRecipients, campaigns } from '../../db/schema/index.js';
import { channelHarness, freePort, waitFor } from '../../testing/channel-harness.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';

// Campaign drafts (issue 35 item 6): the form saved without sending, half written if need be;
// listed with status=draft; reopened as it was saved; sent later once (the campaign keeps the
// draft's id), and never visible to another application.

const TOKEN = '7100044:AAHcampaignDraftsTelegramToken_0001';
const CHATS = [7201, 7202];

describe.each(testDatabaseKinds())('Campaign drafts on %s', (kind) => {
  let fake: FakeTelegram;
  let port = 0;
  beforeAll(async () => {
    fake = await startFakeTelegram();
    fake.addBot(TOKEN, 'drafts_bot');
    port = await freePort();
  });
  const { t, tenants } = useTestApp(kind, {
    tenants: 2,
    dataDir: true,
    env: () => ({ TELEGRAM_API_URL: fake.url, PUBLIC_URL: `http://127.0.0.1:${port}` }),
  });
  const [tenant, other] = tenants;
  const h = channelHarness(t, tenant, 'telegram');
  beforeAll(async () => {
    await t.app.listen({ host: '127.0.0.1', port });
  });
  afterAll(async () => {
    await fake?.close();
  });

  it('saves a half-written form, lists it, reopens it, and sends it later exactly once', async () => {
    const connect = await t.app.inject({
      method: 'POST',
      url: integrationPath('telegram'),
      headers: h.bearer(),
      payload: { botToken: TOKEN },
    });
    expect(connect.statusCode, connect.body).toBe(200);
    for (const chatId of CHATS)
      expect((await fake.postUpdate(TOKEN, { chatId, text: 'hi' })).status).toBe(200);

    // Half written: Telegram checked, no text yet, no recipients.
    const saved = await t.app.inject({
      method: 'POST',
      url: CAMPAIGN_PATHS.draft,
      headers: tenant.admin,
      payload: { name: 'Winter sale', platforms: { telegram: { selectedToken: '@drafts_bot' } } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const draftId = saved.json().response.campaignId as string;
    expect(saved.json().response).toMatchObject({
      status: 'draft',
      form: { name: 'Winter sale', userIds: [] },
    });

    // Written further: the same draft, updated.
    const platforms = {
      telegram: { selectedToken: '@drafts_bot', editorType: 1, textValue: 'Sale starts now' },
    };
    const userIds = CHATS.map((c) => `telegram-${c}`);
    const updated = await t.app.inject({
      method: 'POST',
      url: CAMPAIGN_PATHS.draft,
      headers: tenant.admin,
      payload: { campaignId: draftId, name: 'Winter sale', platforms, userIds },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().response.campaignId).toBe(draftId);

    const drafts = await t.app.inject({
      method: 'GET',
      url: `${CAMPAIGN_PATHS.list}?status=draft`,
      headers: tenant.admin,
    });
    expect(drafts.statusCode, drafts.body).toBe(200);
    expect(drafts.json().response).toMatchObject({
      total: 1,
      campaigns: [
        { campaignId: draftId, status: 'draft', name: 'Winter sale', platforms: ['telegram'], total: 0 },
      ],
    });
    const reopened = await t.app.inject({
      method: 'GET',
      url: `${CAMPAIGN_PATHS.draft}?campaignId=${draftId}`,
      headers: tenant.admin,
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json().response.form).toMatchObject({ name: 'Winter sale', platforms, userIds });
    // Nothing was sent while it was a draft.
    expect(fake.sent(TOKEN).filter((c) => c.apiMethod === 'sendMessage')).toHaveLength(0);

    // Another application sees no such draft and cannot send or overwrite it.
    for (const res of [
      await t.app.inject({
        method: 'GET',
        url: `${CAMPAIGN_PATHS.draft}?campaignId=${draftId}`,
        headers: other.admin,
      }),
      await t.app.inject({
        method: 'POST',
        url: CAMPAIGN_PATHS.draft,
        headers: other.admin,
        payload: { campaignId: draftId, name: 'Mine now' },
      }),
    ])
      expect(res.statusCode, res.body).toBe(404);

    // Sending it: the form is checked as any send, the campaign keeps the draft's id.
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: CAMPAIGN_PATHS.send,
        headers: tenant.admin,
        payload: { ...reopened.json().response.form, draftId },
      });
    const sent = await send();
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().response).toMatchObject({ campaignId: draftId, total: 2 });
    // Sent again (a second tab still had the draft open): no draft any more, nothing more sent.
    const again = await send();
    expect(again.statusCode, again.body).toBe(404);
    h.runWorker();
    const done = await waitFor(
      async () => (await t.database.db.select().from(campaigns).where(eq(campaigns.id, draftId)))[0],
      (c) => c?.status === 'done',
      20_000,
    );
    expect(done).toMatchObject({ total: 2, sent: 2, failed: 0, name: 'Winter sale' });
    const sends = fake
      .sent(TOKEN)
      .filter((c) => c.apiMethod === 'sendMessage' && c.body.text === 'Sale starts now');
    expect(sends.map((c) => String(c.body.chat_id)).sort()).toEqual(CHATS.map(String));
    expect(
      await t.database.db.select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, draftId)),
    ).toHaveLength(2);
    // Once sent it is a campaign, no longer a draft.
    const none = await t.app.inject({
      method: 'GET',
      url: `${CAMPAIGN_PATHS.list}?status=draft`,
      headers: tenant.admin,
    });
    expect(none.json().response.total).toBe(0);
  });

  it('refuses a draft whose send would be incomplete, and keeps the draft', async () => {
    const saved = await t.app.inject({
      method: 'POST',
      url: CAMPAIGN_PATHS.draft,
      headers: tenant.admin,
      payload: { name: 'Unfinished', platforms: { telegram: { selectedToken: '@drafts_bot' } } },
    });
    const draftId = saved.json().response.campaignId as string;
    const send = await t.app.inject({
      method: 'POST',
      url: CAMPAIGN_PATHS.send,
      headers: tenant.admin,
      payload: { name: 'Unfinished', platforms: { telegram: { selectedToken: '@drafts_bot' } }, draftId },
    });
    expect(send.statusCode).toBe(400);
    const still = await t.app.inject({
      method: 'GET',
      url: `${CAMPAIGN_PATHS.draft}?campaignId=${draftId}`,
      headers: tenant.admin,
    });
    expect(still.statusCode).toBe(200);
  });
});
