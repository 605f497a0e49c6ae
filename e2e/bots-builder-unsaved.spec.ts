import { createBotInDashboard, removeSpecBots } from './support/demo-bot';
import { logIn } from './support/inbox';
import { expect, test } from './support/test';

// The builder's unsaved-changes guard (its blocking is the router history's own since the dashboard
// left react-router's data router, issue 39 item 2): with an answer half-written, a link to another
// page and the browser's back button both ask first; "Stay" keeps the page and the draft, "Leave
// without saving" goes.

const botName = `Unsaved Bot ${Date.now().toString(36)}`;

test('leaving the builder with unsaved changes asks first', async ({ browser }) => {
  test.setTimeout(120_000);
  const admin = await logIn(browser, 'owner@demo.convo.local');

  await createBotInDashboard(admin, botName);
  await admin
    .getByTestId('bot-row')
    .filter({ hasText: botName })
    .getByRole('link', { name: 'Open builder' })
    .click();
  await expect(admin).toHaveURL(/\/bots\/bot-builder\/kompose\?botId=/);
  const builderUrl = admin.url();
  await admin
    .getByRole('navigation', { name: 'Builder sections' })
    .getByRole('button', { name: 'Answers' })
    .click();
  await admin.getByRole('button', { name: 'Add', exact: true }).click();
  await admin.getByRole('textbox', { name: 'Name', exact: true }).fill('half_written');

  const question = admin.getByRole('dialog', { name: 'Unsaved changes' });
  await test.step('a link to another page asks; Stay keeps the page and the draft', async () => {
    await admin.getByRole('link', { name: 'Conversations' }).first().click();
    await expect(question).toBeVisible();
    await expect(question).toContainText('Your changes are not saved.');
    await question.getByRole('button', { name: 'Stay' }).click();
    await expect(question).toBeHidden();
    expect(admin.url()).toBe(builderUrl);
    await expect(admin.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('half_written');
  });

  await test.step('the back button asks too; Leave goes', async () => {
    await admin.goBack();
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Leave without saving' }).click();
    await expect(admin).toHaveURL(/\/bots\/manage-bots/);
  });
});

test.afterAll(async ({ request }) => {
  await removeSpecBots(request, botName);
});
