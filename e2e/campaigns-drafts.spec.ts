import { randomBytes } from 'node:crypto';
import { type FakeTelegram, startFakeTelegram } from '@convo/provider-fakes';
import { confirmSend, expectCampaignSent, newCampaign } from './support/campaigns';
import { E2E_TELEGRAM_PORT } from './support/e2e-server';
import { apiLogin, logIn } from './support/inbox';
import { expect, test } from './support/test';

// Campaign drafts end to end (issue 35): a Telegram campaign saved as a draft is listed, reopened
// with its platform, recipients and message filled in, and sent from there: it is a campaign then,
// no longer a draft. Another draft is deleted from the list (confirm, toast, gone).

const unique = randomBytes(3).toString('hex');
const TOKEN = `${(Date.now() % 1_000_000_000) + 11}:AAHe2eCampaignDraftToken_${unique}`;
const CHATS = [1, 2].map((i) => 525_000_000 + (Date.now() % 1000) * 10 + i);
const NAMES = CHATS.map((_, i) => `Draft${unique} ${'AB'[i]}`);
const TEXT = `Spring sale starts Monday ${unique}`;
const NAME = `Spring ${unique}`;
const OTHER = `Scrap ${unique}`;

let fake: FakeTelegram;
let ownerToken: string | null = null;
test.beforeAll(async () => {
  fake = await startFakeTelegram({ port: E2E_TELEGRAM_PORT });
  fake.addBot(TOKEN, 'convo_drafts_bot');
});
test.afterAll(async ({ request }) => {
  // Leave Telegram as the other specs expect it on the shared server: not connected.
  if (ownerToken) {
    const res = await request.delete('/api/integrations/settings/telegram', {
      headers: { Authorization: `Bearer ${ownerToken}` },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
  await fake?.close();
});

test('a draft is saved, listed, reopened filled in and sent; another draft is deleted', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);

  await test.step('the bot is connected and two customers wrote to it', async () => {
    const { token } = await apiLogin(request, 'owner@demo.convo.local');
    ownerToken = token;
    const res = await request.post('/api/integrations/settings/telegram', {
      headers: { Authorization: `Bearer ${token}` },
      data: { botToken: TOKEN },
    });
    expect(res.ok(), await res.text()).toBe(true);
    for (const [i, chatId] of CHATS.entries())
      expect((await fake.postUpdate(TOKEN, { chatId, text: 'hi', firstName: NAMES[i] })).status).toBe(200);
  });

  const page = await logIn(browser, 'owner@demo.convo.local');
  const rowOf = (name: string) => page.getByTestId('campaign-row').filter({ hasText: name });

  await test.step('the form is saved as a draft and listed as one', async () => {
    await newCampaign(page, NAME);
    await page.getByRole('checkbox', { name: 'Telegram', exact: true }).check();
    await page.getByTestId('campaign-text-telegram').fill(TEXT);
    await page.getByRole('textbox', { name: 'Search users' }).fill(`Draft${unique}`);
    await expect(page.getByTestId('campaign-users').getByRole('row')).toHaveCount(3);
    await page.getByRole('checkbox', { name: 'Select every user on this page' }).check();
    await expect(page.getByTestId('campaign-selected')).toHaveText('2 selected');
    await page.getByTestId('campaign-save-draft').click();
    await expect(page.getByText('Draft saved.', { exact: false })).toBeVisible();
    await page.goto('/campaign-message');
    await expect(rowOf(NAME).getByTestId('campaign-status')).toHaveText('Draft');
  });

  await test.step('reopened, it has its platform, recipients and message; sent, it is a campaign', async () => {
    await rowOf(NAME).getByTestId('campaign-open-draft').click();
    await expect(page).toHaveURL(/\/campaign-message\/platforms\?draft=/);
    await expect(page.getByLabel('Campaign name')).toHaveValue(NAME);
    await expect(page.getByRole('checkbox', { name: 'Telegram', exact: true })).toBeChecked();
    await expect(page.getByTestId('campaign-text-telegram')).toHaveValue(TEXT);
    await expect(page.getByTestId('campaign-selected')).toHaveText('2 selected');
    await confirmSend(page, '2 customers will get it. 0 opted out');
    await expectCampaignSent(page, NAME, 2);
    await expect(rowOf(NAME).getByTestId('campaign-open-draft')).toHaveCount(0);
    await expect(rowOf(NAME)).toHaveCount(1);
    const sent = fake.sent(TOKEN).filter((c) => c.body.text === TEXT);
    expect(sent.map((c) => Number(c.body.chat_id)).sort()).toEqual([...CHATS].sort());
  });

  await test.step('another draft is deleted from the list', async () => {
    await newCampaign(page, OTHER);
    await page.getByRole('checkbox', { name: 'Telegram', exact: true }).check();
    await page.getByTestId('campaign-save-draft').click();
    await expect(page.getByText('Draft saved.', { exact: false })).toBeVisible();
    await page.goto('/campaign-message');
    await expect(rowOf(OTHER).getByTestId('campaign-status')).toHaveText('Draft');
    await rowOf(OTHER).getByTestId('campaign-delete-draft').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`The draft “${OTHER}” will be deleted.`);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('The draft was deleted.')).toBeVisible();
    await expect(rowOf(OTHER)).toHaveCount(0);
    await expect(rowOf(NAME)).toHaveCount(1);
  });
});
