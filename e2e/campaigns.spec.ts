import { type FakeTelegram, startFakeTelegram } from '@convo/provider-fakes';
import {
  confirmSend,
  expectCampaignSent,
  expectReplyWithTeam,
  campaignFitsPhone as fitsPhone,
  replyTeam,
} from './support/campaigns';
import { E2E_TELEGRAM_PORT } from './support/e2e-server';
import { apiLogin, logIn } from './support/inbox';
import { expect, test } from './support/test';

// Campaigns end to end (issue 35) against the local Telegram Bot API: three customers wrote to the
// connected bot; the admin composes a Telegram campaign for them (a banner first, for the missing
// message), sees the left-out counts, sends, and watches the progress reach 3 of 3 while the fake
// receives one sendMessage per customer; a customer's reply lands with the team the campaign chose.
// Both screens fit a 390 px phone.

const unique = Date.now().toString(36);
const TOKEN = `${(Date.now() % 1_000_000_000) + 7}:AAHe2eCampaignBotToken_${unique}`;
const CHATS = [1, 2, 3].map((i) => 515_000_000 + (Date.now() % 1000) * 10 + i);
const NAMES = CHATS.map((_, i) => `Camp${unique} ${'ABC'[i]}`);
const TEXT = `Your order ships tomorrow ${unique}`;

let fake: FakeTelegram;
test.beforeAll(async () => {
  fake = await startFakeTelegram({ port: E2E_TELEGRAM_PORT });
  fake.addBot(TOKEN, 'convo_campaign_bot');
});
let ownerToken: string | null = null;
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

test('a Telegram campaign to three customers: banner, left-out counts, progress to 3 of 3, a reply with the team', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);

  await test.step('the bot is connected and three customers wrote to it', async () => {
    const { token } = await apiLogin(request, 'owner@demo.convo.local');
    ownerToken = token;
    const res = await request.post('/api/integrations/settings/telegram', {
      headers: { Authorization: `Bearer ${token}` },
      data: { botToken: TOKEN },
    });
    expect(res.ok(), await res.text()).toBe(true);
    for (const [i, chatId] of CHATS.entries()) {
      const { status } = await fake.postUpdate(TOKEN, { chatId, text: 'hi', firstName: NAMES[i] });
      expect(status).toBe(200);
    }
  });

  const page = await logIn(browser, 'owner@demo.convo.local');

  await test.step('the campaigns screen is in the navigation and fits a phone', async () => {
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Campaigns' }).first().click();
    await expect(page).toHaveURL(/\/campaign-message$/);
    await expect(page.getByRole('heading', { name: 'Campaigns', level: 1 })).toBeVisible();
    await fitsPhone(page);
  });

  await test.step('a checked platform without its message raises its banner', async () => {
    await page.getByRole('link', { name: 'New campaign' }).first().click();
    await expect(page).toHaveURL(/\/campaign-message\/platforms$/);
    await page.getByLabel('Campaign name').fill(`Shipping ${unique}`);
    await page.getByRole('checkbox', { name: 'Telegram', exact: true }).check();
    await page.getByTestId('campaign-send').click();
    await expect(page.getByTestId('campaign-banner-telegram')).toContainText('Telegram: add the message');
    await fitsPhone(page);
  });

  await test.step('recipients: search, select the page, see who is left out, send', async () => {
    await page.getByTestId('campaign-text-telegram').fill(TEXT);
    await page.getByRole('textbox', { name: 'Search users' }).fill(`Camp${unique}`);
    const table = page.getByTestId('campaign-users');
    await expect(table.getByRole('row')).toHaveCount(4);
    await page.getByRole('checkbox', { name: 'Select every user on this page' }).check();
    await expect(page.getByTestId('campaign-selected')).toHaveText('3 selected');
    // Ticking one toggles it out of the selection, and back.
    await page.getByRole('checkbox', { name: `Select ${NAMES[0]}` }).uncheck();
    await expect(page.getByTestId('campaign-selected')).toHaveText('2 selected');
    await page.getByRole('checkbox', { name: `Select ${NAMES[0]}` }).check();
    // A CSV of recipients (SPEC §5: header row, column found in any case) adds to the selection.
    await page.getByRole('button', { name: 'Clear selection' }).click();
    await expect(page.getByTestId('campaign-selected')).toHaveText('0 selected');
    await page.getByLabel('Add recipients from CSV', { exact: true }).setInputFiles({
      name: 'recipients.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`Name,USERID\n\n${CHATS.map((c, i) => `${NAMES[i]},telegram-${c}`).join('\n')}\n`),
    });
    await expect(page.getByTestId('campaign-selected')).toHaveText('3 selected');
    // The conversations that replies open go to the Sales team.
    await replyTeam(page, 'Sales');
    await confirmSend(page, '3 customers will get it. 0 opted out');
  });

  await test.step('the progress reaches the total and Telegram got one message each', async () => {
    const row = await expectCampaignSent(page, `Shipping ${unique}`, 3);
    // Per-recipient results.
    await row.getByRole('button', { name: 'Recipients' }).click();
    const results = page.getByTestId('campaign-recipients');
    await expect(results.getByText('Sent', { exact: true })).toHaveCount(3);
    await expect(results).toContainText(NAMES[0]!);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect(results).toBeHidden();
    const sent = fake.sent(TOKEN).filter((c) => c.body.text === TEXT);
    expect(sent.map((c) => Number(c.body.chat_id)).sort()).toEqual([...CHATS].sort());
  });

  await test.step("a customer's reply lands in the inbox with the campaign's team", async () => {
    const { status } = await fake.postUpdate(TOKEN, {
      chatId: CHATS[0]!,
      text: 'When exactly?',
      firstName: NAMES[0],
    });
    expect(status).toBe(200);
    await expectReplyWithTeam(page, NAMES[0]!, 'When exactly?', 'Sales');
  });
});
