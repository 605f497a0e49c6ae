import { startFakeCustomBot } from '@convo/provider-fakes';
import { createBotInDashboard } from './support/demo-bot';
import { expectFitsViewport } from './support/layout';
import { expect, type Page, test } from './support/test';

// Issue 36 item 2: an admin connects a custom-webhook bot on Bot integrations (the token is stored
// and never shown again) and the bot's emulator answers through the webhook (a local server that
// follows docs/bots/custom-webhook.md). The credentials form fits a phone.

async function logIn(page: Page) {
  await page.goto('/loginv2');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('owner@demo.convo.local');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Demo1234');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/loginv2/);
}

const botName = `E2E Hook ${Date.now().toString(36)}`;
const token = `hook-${Date.now().toString(36)}-never-shown`;

test('connect a custom webhook bot on Bot integrations and hear it in the emulator', async ({ page }) => {
  const hook = await startFakeCustomBot({ token });
  try {
    await page.setViewportSize({ width: 1280, height: 900 });
    await logIn(page);
    await createBotInDashboard(page, botName);

    await page.getByRole('tab', { name: 'Integrations' }).click();
    await page.getByTestId('integrations-bot').click();
    await page.getByRole('option', { name: botName, exact: true }).click();
    await page.getByRole('radio', { name: 'Use Custom' }).click();
    const form = page.getByTestId('external-credentials');
    await form.getByTestId('save-credentials').click();
    await expect(form.getByText('This field is required.')).toBeVisible();
    await form.getByTestId('credential-webhookUrl').fill(hook.webhookUrl);
    await form.getByTestId('credential-token').fill(token);
    await form.getByTestId('save-credentials').click();
    await expect(page.getByText('Credentials saved. The bot now uses this engine.')).toBeVisible();
    await expect(page.getByTestId('engine-card-custom').getByText('Current')).toBeVisible();
    await expect(page.getByTestId('credentials-configured')).toBeVisible();
    // The token is write-only: the form is empty again and the page never holds it.
    await expect(page.getByTestId('credential-token')).toHaveValue('');
    expect(await page.content()).not.toContain(token);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('external-credentials')).toBeVisible();
    await expectFitsViewport(page);
    await page.setViewportSize({ width: 1280, height: 900 });

    const botId = new URL(page.url()).searchParams.get('botId');
    await page.goto(`/bots/bot-builder/custom?botId=${botId}`);
    await page.getByLabel('Message', { exact: true }).fill('do you ship to Mysuru?');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByTestId('emulator-bot').last()).toContainText(
      'Custom bot heard: do you ship to Mysuru?',
    );
    const call = hook.calls.at(-1)!;
    expect(call.headers.authorization).toBe(`Bearer ${token}`);
    expect((call.body as { message: string }).message).toBe('do you ship to Mysuru?');

    // Clean up: other specs' visitors are not answered by it.
    await page.goto('/bots/manage-bots');
    const row = page.getByTestId('bot-row').filter({ hasText: botName });
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete bot' }).getByRole('button', { name: 'Delete' }).click();
    await expect(row).toBeHidden();
  } finally {
    await hook.close();
  }
});
