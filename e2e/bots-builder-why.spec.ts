import { createBotInDashboard, removeSpecBots } from './support/demo-bot';
import { logIn } from './support/inbox';
import { expect, type Page, test } from './support/test';

// Issue 34, "the builder shows why": a 4-answer kompose bot built in the dashboard answers
// paraphrases of its phrases in the test panel and refuses an off-topic question; the panel says
// why (the intent chosen, its confidence, the runner-up, the threshold); the builder warns while
// the bot has one answer; and "this should have been…" teaches a missed message to the right
// answer, the retrained bot then answering it.

const tag = Date.now().toString(36);
const botName = `Why Bot ${tag}`;

const ANSWERS = [
  {
    name: `shipping_${tag}`,
    phrases: [
      'How long does delivery take?',
      'When will my order arrive?',
      'Where is my parcel?',
      'How long is shipping to my country?',
      'Can I track my package?',
    ],
    reply: `Orders arrive in 3 to 5 days (${tag}).`,
  },
  {
    name: `refunds_${tag}`,
    phrases: [
      'I want a refund',
      'How do I return an item?',
      'Can I get my money back?',
      'What is your return policy?',
      'I would like to send this product back',
    ],
    reply: `Returns are free for 30 days (${tag}).`,
  },
  {
    name: `hours_${tag}`,
    phrases: [
      'What are your opening hours?',
      'When is the shop open?',
      'Are you open on Sunday?',
      'What time do you close?',
      'What time does the store open in the morning?',
    ],
    reply: `We are open 9 to 6, Monday to Saturday (${tag}).`,
  },
  {
    name: `payment_${tag}`,
    phrases: [
      'Which payment methods do you accept?',
      'Can I pay with PayPal?',
      'Do you take credit cards?',
      'How can I pay for my order?',
      'Is bank transfer possible?',
    ],
    reply: `We take cards, PayPal and bank transfers (${tag}).`,
  },
] as const;

async function addAnswer(page: Page, answer: (typeof ANSWERS)[number]) {
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(answer.name);
  for (const [i, phrase] of answer.phrases.entries()) {
    if (i > 0) await page.getByRole('button', { name: 'Add a phrase' }).click();
    await page.getByLabel(`Phrase ${i + 1}`, { exact: true }).fill(phrase);
  }
  await page.getByLabel('Reply 1 text').fill(answer.reply);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
}

async function ask(page: Page, message: string) {
  const before = await page.getByTestId('emulator-bot').count();
  await page.getByLabel('Message', { exact: true }).fill(message);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByTestId('emulator-bot')).toHaveCount(before + 1, { timeout: 20_000 });
  return page.getByTestId('emulator-bot').last();
}

test('the builder shows why a kompose bot answered, and a miss is taught', async ({ browser }) => {
  test.setTimeout(240_000);
  const admin = await logIn(browser, 'owner@demo.convo.local');

  await test.step('create a kompose bot and open its answers', async () => {
    await createBotInDashboard(admin, botName);
    const row = admin.getByTestId('bot-row').filter({ hasText: botName });
    await row.getByRole('link', { name: 'Open builder' }).click();
    await expect(admin).toHaveURL(/\/bots\/bot-builder\/kompose\?botId=/);
    await admin
      .getByRole('navigation', { name: 'Builder sections' })
      .getByRole('button', { name: 'Answers' })
      .click();
  });

  await test.step('one answer trains, with a warning; four answers clear it', async () => {
    await addAnswer(admin, ANSWERS[0]);
    await expect(admin.getByTestId('training-warnings')).toContainText('The bot has one answer');
    for (const answer of ANSWERS.slice(1)) await addAnswer(admin, answer);
    await expect(admin.getByTestId('training-warnings')).toHaveCount(0);
    await expect(admin.getByTestId('training-status')).toHaveText(/^Trained/, { timeout: 60_000 });
  });

  await test.step('paraphrases are answered, and the panel says why', async () => {
    const paraphrases: [string, (typeof ANSWERS)[number]][] = [
      ['when will my parcel get here', ANSWERS[0]],
      ['can I send the product back and get a refund', ANSWERS[1]],
      ['what time do you open on saturday', ANSWERS[2]],
      ['can I pay by credit card', ANSWERS[3]],
    ];
    for (const [message, answer] of paraphrases) {
      const turn = await ask(admin, message);
      await expect(turn).toContainText(answer.reply);
      await expect(turn.getByTestId('emulator-why')).toContainText('Answered by an intent');
      await expect(turn.getByTestId('emulator-why-best')).toContainText(`Chosen: ${answer.name}, confidence`);
      const others = ANSWERS.filter((a) => a !== answer).map((a) => a.name);
      await expect(turn.getByTestId('emulator-why-runner-up')).toContainText(
        new RegExp(`Runner-up: (${others.join('|')}), confidence \\d+ %`),
      );
      await expect(turn.getByTestId('emulator-why-threshold')).toHaveText('Threshold: 35 %');
    }
  });

  await test.step('an off-topic question is refused', async () => {
    const turn = await ask(admin, 'what is the capital of peru');
    await expect(turn.getByTestId('emulator-why')).toContainText('Nothing fitted: fallback');
    await expect(turn.getByText('Fallback', { exact: true })).toBeVisible();
    for (const answer of ANSWERS) await expect(turn).not.toContainText(answer.reply);
  });

  await test.step('"this should have been…" teaches a miss; the retrained bot answers it', async () => {
    const miss = 'my stuff has not turned up yet';
    const turn = await ask(admin, miss);
    await expect(turn.getByTestId('emulator-why')).toContainText('Nothing fitted: fallback');
    await turn.getByRole('button', { name: 'This should have been…' }).click();
    await turn.getByRole('combobox', { name: 'The right answer' }).fill(ANSWERS[0].name);
    await admin.getByRole('option', { name: ANSWERS[0].name, exact: true }).click();
    await turn.getByRole('button', { name: 'Teach and retrain' }).click();
    await expect(turn.getByTestId('emulator-retrained')).toBeVisible({ timeout: 20_000 });
    await expect(turn).toContainText(ANSWERS[0].reply);
    await expect(turn.getByTestId('emulator-why-best')).toContainText(`Chosen: ${ANSWERS[0].name}`);
    // The message is now a phrase of that answer.
    await admin.getByRole('button', { name: ANSWERS[0].name }).first().click();
    await expect(admin.getByLabel('Phrase 6', { exact: true })).toHaveValue(miss);
  });

  await test.step('at phone width the panel still shows why', async () => {
    await admin.setViewportSize({ width: 390, height: 844 });
    const turn = await ask(admin, 'do you take paypal');
    await expect(turn.getByTestId('emulator-why-best')).toBeVisible();
    await expect(turn.getByTestId('emulator-why-threshold')).toBeVisible();
  });
});

test.afterAll(async ({ request }) => {
  await removeSpecBots(request, botName);
});
