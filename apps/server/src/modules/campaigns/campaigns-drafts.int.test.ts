import { CAMPAIGN_PATHS } from '@convo/api';
import { startFakeTelegram } from '@convo/provider-fakes';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { campaignRecipients } from '../../db/schema/index.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { campaignWhen, useCampaignApp } from './test-harness.js';

// Campaign drafts (issue 35 item 6): the form saved without sending, half written if need be;
// listed with status=draft; reopened as it was saved; sent later once (the campaign keeps the
// draft's id), and never visible to another application.

const TOKEN = '7100044:AAHcampaignDraftsTelegramToken_0001';
const CHATS = [7201, 7202];

describe.each(testDatabaseKinds())('Campaign drafts on %s', (kind) => {
  const { t, tenants, h, fake, connect } = useCampaignApp(kind, {
    tenants: 2,
    channel: 'telegram',
    fake: async () => {
      const telegram = await startFakeTelegram();
      telegram.addBot(TOKEN, 'drafts_bot');
      return telegram;
    },
    env: (url) => ({ TELEGRAM_API_URL: url }),
  });
  const [tenant, other] = tenants;

  it('saves a half-written form, lists it, reopens it, and sends it later exactly once', async () => {
    await connect('telegram', { botToken: TOKEN });
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
    const done = await campaignWhen(t, draftId);
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

  it('deletes a draft for its own application only, and never a sent campaign', async () => {
    const saved = await t.app.inject({
      method: 'POST',
      url: CAMPAIGN_PATHS.draft,
      headers: tenant.admin,
      payload: { name: 'Spring sale', platforms: { telegram: { selectedToken: '@drafts_bot' } } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const draftId = saved.json().response.campaignId as string;
    const remove = (headers: Record<string, string>, id = draftId) =>
      t.app.inject({ method: 'DELETE', url: `${CAMPAIGN_PATHS.draft}?campaignId=${id}`, headers });

    // Another application's draft id answers 404 and the draft stays.
    const theirs = await remove(other.admin);
    expect(theirs.statusCode, theirs.body).toBe(404);
    expect(theirs.json()).toMatchObject({ code: 'NOT_FOUND' });
    const read = () =>
      t.app.inject({
        method: 'GET',
        url: `${CAMPAIGN_PATHS.draft}?campaignId=${draftId}`,
        headers: tenant.admin,
      });
    expect((await read()).statusCode).toBe(200);

    const mine = await remove(tenant.admin);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().response).toEqual({ campaignId: draftId, deleted: true });
    expect((await read()).statusCode).toBe(404);
    // Deleted twice, or an id that is not a uuid: 404 and 400, never a 500.
    expect((await remove(tenant.admin)).statusCode).toBe(404);
    expect((await remove(tenant.admin, 'not-a-uuid')).statusCode).toBe(400);
    // A sent campaign is not a draft: its results stay (cancel stops it instead).
    const [sent] = (
      await t.app.inject({ method: 'GET', url: `${CAMPAIGN_PATHS.list}?status=done`, headers: tenant.admin })
    ).json().response.campaigns as { campaignId: string }[];
    expect(sent).toBeDefined();
    expect((await remove(tenant.admin, sent!.campaignId)).statusCode).toBe(404);
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
