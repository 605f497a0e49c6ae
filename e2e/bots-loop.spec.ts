import { MESSAGING_PATHS } from '@convo/api';
import { createBotInDashboard, removeSpecBots } from './support/demo-bot';
import { logIn } from './support/inbox';
import { expect, type FrameLocator, type Page, test } from './support/test';

// Issue 15's loop, as an admin and a customer live it: build a kompose bot in the builder (an
// answer with two phrases), try it in the emulator before saving, save and let it train, make it
// the first responder, ask it from the /demo store's widget, rate its answer, ask for a person, and
// find the conversation in the inbox handed to an agent with the bot paused.

const tag = Date.now().toString(36);
const botName = `Loop Bot ${tag}`;
const intentName = `gift_wrap_${tag}`;
const answer = `Gift wrapping is free (${tag}): choose it at checkout.`;

const frameOf = (page: Page) => page.frameLocator('iframe[title="Chat"]');

/** The widget's pre-chat form, if an earlier spec left it on. */
async function passPreChat(chat: FrameLocator) {
  const start = chat.getByRole('button', { name: 'Start chat' });
  if (await start.isVisible().catch(() => false)) {
    await chat.getByLabel('Name *').fill('Gita Gift');
    await chat.getByLabel('E-mail *').fill(`gita-${tag}@example.com`);
    await start.click();
  }
}

test('a kompose bot built, tried, answering first in the widget, rated, then handing off', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = await logIn(browser, 'owner@demo.convo.local');
  const row = admin.getByTestId('bot-row').filter({ hasText: botName });

  await test.step('create a kompose bot and open its builder', async () => {
    await createBotInDashboard(admin, botName);
    await row.getByRole('link', { name: 'Open builder' }).click();
    await expect(admin).toHaveURL(/\/bots\/bot-builder\/kompose\?botId=/);
  });

  await test.step('an answer with two phrases, tried in the emulator before it is saved', async () => {
    const sections = admin.getByRole('navigation', { name: 'Builder sections' });
    await sections.getByRole('button', { name: 'Answers' }).click();
    await admin.getByRole('button', { name: 'Add', exact: true }).click();
    await admin.getByRole('textbox', { name: 'Name', exact: true }).fill(intentName);
    await admin.getByLabel('Phrase 1', { exact: true }).fill('Do you offer gift wrapping?');
    await admin.getByRole('button', { name: 'Add a phrase' }).click();
    await admin.getByLabel('Phrase 2', { exact: true }).fill('Can you wrap my order as a present?');
    await admin.getByLabel('Reply 1 text').fill(answer);

    await admin.getByLabel('Message', { exact: true }).fill('could you gift wrap my order');
    await admin.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(admin.getByTestId('emulator-intent').last()).toContainText(intentName);
    await expect(admin.getByTestId('emulator-bot').last()).toContainText(answer);

    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(admin.getByTestId('training-status')).toHaveText(/^Trained/, { timeout: 60_000 });
  });

  await test.step('make it the first responder', async () => {
    await admin.goto('/bots/manage-bots');
    await row.getByRole('button', { name: 'Set as first responder' }).click();
    await admin.getByRole('menuitem', { name: 'For every conversation' }).click();
    await expect(row.getByTestId('bot-first-responder')).toHaveText('First responder');
  });

  const customer = await (await browser.newContext()).newPage();
  const chat = frameOf(customer);
  let groupId = 0;

  await test.step('the customer asks in the widget; the bot answers, and the answer is rated', async () => {
    await customer.goto('/demo');
    await chat.getByRole('button', { name: 'Open chat' }).click();
    await passPreChat(chat);
    const created = customer.waitForResponse((r) => r.url().includes(MESSAGING_PATHS.groupCreateV21));
    const box = chat.getByRole('textbox', { name: 'Type a message…' });
    await box.fill('Hello, do you offer gift wrapping?');
    await box.press('Enter');
    groupId = ((await (await created).json()).response as { id: number }).id;
    const reply = chat.locator('.cv-theirs').filter({ hasText: answer });
    await expect(reply).toBeVisible({ timeout: 15_000 });
    await expect(reply).toContainText(botName);
    await reply.getByRole('button', { name: 'Yes, this helped' }).click();
    await expect(reply.getByText('Thanks for your feedback!')).toBeVisible();
  });

  await test.step('asking for a person hands the conversation to an agent; the bot is paused', async () => {
    const box = chat.getByRole('textbox', { name: 'Type a message…' });
    await box.fill('I want to talk to a human please');
    await box.press('Enter');
    // The bot says it hands over; the visitor reads a friendly line, never the routing (issue 40).
    await expect(chat.getByText(/connecting you with a teammate/)).toBeVisible({ timeout: 15_000 });
    await expect(
      chat.locator('.cv-system').filter({ hasText: 'A teammate will join you shortly.' }),
    ).toBeVisible();
    await expect(
      chat.locator('.cv-system').filter({ hasText: /Assigned to|handed the conversation/ }),
    ).toHaveCount(0);

    await admin.goto(`/conversations/${groupId}`);
    await expect(admin.getByText('Bot paused')).toBeVisible();
    await expect(admin.getByText('I want to talk to a human please')).toBeVisible();
    // The bot's answer carries the language it detected in the customer's message.
    await expect(admin.getByTestId('message').filter({ hasText: answer })).toContainText(
      'answered in English',
    );
  });

  await test.step('the bot is deleted from its screen', async () => {
    await admin.goto('/bots/manage-bots');
    await row.getByRole('button', { name: 'Delete' }).click();
    await admin.getByRole('dialog', { name: 'Delete bot' }).getByRole('button', { name: 'Delete' }).click();
    await expect(row).toHaveCount(0);
  });
});

// Whatever happened above, no bot of this spec stays as a first responder for the later specs.
test.afterAll(async ({ request }) => {
  await removeSpecBots(request, botName);
});
