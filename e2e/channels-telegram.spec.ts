import { type FakeTelegram, startFakeTelegram } from '@convo/provider-fakes';
import { E2E_TELEGRAM_PORT } from './support/e2e-server';
import { chooseView, conversationRow, logIn } from './support/inbox';
import { expect, test } from './support/test';

// Telegram end to end against a local Telegram Bot API server (the server's TELEGRAM_API_URL points
// at it): an admin connects a bot in the integrations hub, a customer's Telegram message (the fake
// posts the update to our webhook with the bot's secret) arrives live in the inbox with its
// channel, the agent replies from the inbox and the fake receives the sendMessage.

const unique = Date.now().toString(36);
const TOKEN = `${Date.now() % 1_000_000_000}:AAHe2eTelegramBotToken_${unique}`;
const CUSTOMER = `Tina ${unique}`;
const CHAT_ID = 424_242_000 + (Date.now() % 1000);

let fake: FakeTelegram;
test.beforeAll(async () => {
  fake = await startFakeTelegram({ port: E2E_TELEGRAM_PORT });
  fake.addBot(TOKEN, 'convo_e2e_bot');
});
test.afterAll(async () => {
  await fake?.close();
});

test('connect Telegram in the hub, receive a customer message live, reply on Telegram', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await logIn(browser, 'owner@demo.convo.local');

  await test.step('the hub lists Telegram, not connected; its details page connects it with a bot token', async () => {
    await page.goto('/integrations');
    const card = page.getByTestId('integration-card-telegram');
    await expect(card).toContainText('Messaging channels');
    await expect(card.getByTestId('integration-status')).toHaveText('Not connected');
    await card.getByRole('link', { name: 'Set up Telegram' }).click();
    await expect(page).toHaveURL(/\/integration-details\?type=telegram$/);
    const token = page.getByTestId('telegram-bot-token');
    await token.fill('not a token');
    await page.getByTestId('telegram-connect').click();
    await expect(page.getByText('A bot token looks like 123456789:AA…')).toBeVisible();
    await token.fill(TOKEN);
    await page.getByTestId('telegram-connect').click();
    await expect(page.getByTestId('integration-status')).toHaveText('Connected');
    await expect(page.getByTestId('integration-account')).toContainText('@convo_e2e_bot');
    // The token went to Telegram and nowhere back to the page.
    await expect(page.getByText(TOKEN)).toHaveCount(0);
    expect(fake.webhookOf(TOKEN)?.url).toMatch(/\/api\/channels\/telegram\/[^/]+\/webhook$/);
    await page.goto('/manage');
    await expect(page.getByTestId('integration-card-telegram').getByTestId('integration-status')).toHaveText(
      'Connected',
    );
  });

  await test.step("the customer's Telegram message arrives live in the inbox, marked Telegram", async () => {
    await page.goto('/conversations');
    await chooseView(page, 'All conversations');
    await expect(page.getByTestId('conversation-search')).toBeVisible();
    const { status } = await fake.postUpdate(TOKEN, {
      chatId: CHAT_ID,
      text: 'Hello from Telegram',
      firstName: CUSTOMER,
    });
    expect(status).toBe(200);
    const row = conversationRow(page, CUSTOMER);
    await expect(row).toBeVisible();
    await expect(row.getByTestId('channel-icon-telegram')).toBeVisible();
  });

  await test.step('the agent replies in the inbox and Telegram receives it', async () => {
    await conversationRow(page, CUSTOMER).getByRole('button').click();
    await expect(page.getByTestId('message').getByText('Hello from Telegram')).toBeVisible();
    const composer = page.getByTestId('composer');
    await expect(composer).toHaveAttribute('placeholder', /Reply on Telegram/);
    await composer.fill('Hi Tina, how can we help?');
    await composer.press('Enter');
    await expect(page.getByTestId('message').filter({ hasText: 'Hi Tina, how can we help?' })).toBeVisible();
    await expect
      .poll(() => fake.sent(TOKEN).map((c) => [String(c.body.chat_id), c.body.text]), { timeout: 20_000 })
      .toContainEqual([String(CHAT_ID), 'Hi Tina, how can we help?']);
  });

  await test.step('disconnecting removes the webhook at Telegram', async () => {
    await page.goto('/integration-details?type=telegram');
    await page.getByTestId('integration-disconnect').click();
    await page.getByTestId('confirm-disconnect').click();
    await expect(page.getByTestId('integration-status')).toHaveText('Not connected');
    expect(fake.webhookOf(TOKEN)).toBeNull();
  });
});
