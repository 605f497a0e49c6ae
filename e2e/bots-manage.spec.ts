import { restoreDemoFirstResponder } from './support/demo-bot';
import { expect, type Page, test } from './support/test';

// AI agents → Manage bots as the demo owner uses it: open it from the navigation, create a kompose
// bot, see it listed, disable and enable it, make it the first responder, give another engine a
// write-only key on Bot integrations, find it in the builder list, then stop it answering first
// and delete it (so the other specs' visitors are not answered by it); the page also works at
// phone width. An agent-product company lands on its AI agents.

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/loginv2');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/loginv2/);
}

const botName = `E2E Helper ${Date.now().toString(36)}`;
const apiKey = `sk-e2e-${Date.now().toString(36)}-never-shown`;

test('create a kompose bot, disable and enable it, make it first responder, set a key, delete it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, 'owner@demo.convo.local', 'Demo1234');
  const row = page.getByTestId('bot-row').filter({ hasText: botName });

  await test.step('Bots from the navigation', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Bots', exact: true }).click();
    await expect(page).toHaveURL(/\/bots\/manage-bots$/);
    await expect(page.getByRole('heading', { name: 'Manage bots', exact: true })).toBeVisible();
  });

  await test.step('create: an empty name is refused, then the bot is listed on kompose', async () => {
    await page.getByRole('button', { name: 'Create bot' }).click();
    const dialog = page.getByRole('dialog', { name: 'New bot' });
    await expect(dialog.getByRole('combobox', { name: 'Engine' })).toHaveValue('Kompose');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('Enter a name.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Name' }).fill(botName);
    await dialog.getByRole('textbox', { name: 'Name' }).press('Enter');
    await expect(dialog).toBeHidden();
    await expect(row).toBeVisible();
    await expect(row.getByText('Engine: Kompose')).toBeVisible();
    await expect(row.getByTestId('bot-status')).toHaveText('Enabled');
    await expect(row.getByTestId('bot-conversations')).toContainText('0 conversations this week');
  });

  await test.step('disable and enable it with the keyboard', async () => {
    const toggle = row.getByRole('switch', { name: `Enable ${botName}` });
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect(row.getByTestId('bot-status')).toHaveText('Disabled');
    await expect(toggle).not.toBeChecked();
    // A disabled bot cannot answer first.
    await expect(row.getByRole('button', { name: 'Set as first responder' })).toBeDisabled();
    await page.keyboard.press('Space');
    await expect(row.getByTestId('bot-status')).toHaveText('Enabled');
    await expect(toggle).toBeChecked();
  });

  await test.step('set it as first responder for every conversation', async () => {
    await row.getByRole('button', { name: 'Set as first responder' }).click();
    await page.getByRole('menuitem', { name: 'For every conversation' }).click();
    await expect(row.getByTestId('bot-first-responder')).toHaveText('First responder');
    // Only one bot answers first.
    await expect(page.getByTestId('bot-first-responder')).toHaveCount(1);
  });

  await test.step('Bot integrations: a key is stored and never shown again', async () => {
    await page.getByRole('tab', { name: 'Integrations' }).click();
    await expect(page).toHaveURL(/\/bots\/bot-integrations\?botId=/);
    await page.getByTestId('integrations-bot').click();
    await page.getByRole('option', { name: botName, exact: true }).click();
    await expect(page.getByTestId('engine-card-kompose').getByText('Current')).toBeVisible();
    await expect(page.getByText('Kompose needs no credentials.')).toBeVisible();
    await page.getByRole('radio', { name: 'Use OpenAI' }).click();
    await page.getByTestId('engine-api-key').fill(apiKey);
    await page.getByTestId('engine-model').fill('gpt-4o-mini');
    await page.getByTestId('engine-base-url').fill('ftp://nope');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Enter an http or https URL.')).toBeVisible();
    await page.getByTestId('engine-base-url').fill('http://127.0.0.1:11434/v1');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('key-stored')).toBeVisible();
    await expect(page.getByTestId('engine-card-openai').getByText('Current')).toBeVisible();
    await expect(page.getByTestId('engine-api-key')).toHaveValue('');
    expect(await page.content()).not.toContain(apiKey);
    await page.reload();
    await expect(page.getByTestId('key-stored')).toBeVisible();
    await expect(page.getByTestId('engine-model')).toHaveValue('gpt-4o-mini');
    // Back to the built-in engine: OpenAI's key goes with it.
    await page.getByRole('radio', { name: 'Use Kompose' }).click();
    await expect(page.getByText('Switching from OpenAI removes its stored key and model.')).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('engine-card-kompose').getByText('Current')).toBeVisible();
  });

  await test.step('the builder list links to the engine’s builder', async () => {
    await page.getByRole('tab', { name: 'Bot builder' }).click();
    await expect(page).toHaveURL(/\/bots\/bot-builder-list$/);
    const link = page.getByRole('link', { name: `Open builder: ${botName}` });
    await expect(link).toHaveAttribute('href', /\/bots\/bot-builder\/kompose\?botId=[0-9a-f-]{36}$/);
  });

  await test.step('at phone width the list still works', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/bots/manage-bots');
    await expect(row).toBeVisible();
    // Other bots may list above it: scrolled to, the row's last button is not cut off at the side.
    await row.getByRole('button', { name: 'Delete' }).scrollIntoViewIfNeeded();
    await expect(row.getByRole('button', { name: 'Delete' })).toBeInViewport();
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  await test.step('stop answering first, then delete it after confirming', async () => {
    await row.getByRole('button', { name: 'Set as first responder' }).click();
    await page.getByRole('menuitem', { name: 'Stop answering first' }).click();
    await expect(row.getByTestId('bot-first-responder')).toHaveCount(0);
    await row.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete bot' });
    await expect(confirm.getByText(`Delete ${botName}?`, { exact: false })).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete bot' }).getByRole('button', { name: 'Delete' }).click();
    await expect(row).toHaveCount(0);
  });
});

test('an agent-product company lands on its AI agents', async ({ page, request }) => {
  const email = `agentic-bots-${Date.now().toString(36)}@example.com`;
  const signup = await request.post('/api/signup', {
    data: {
      email,
      name: 'Agentic Owner',
      password: 'Agentic123',
      companyName: 'Agentic Co',
      product: 'agent',
    },
  });
  expect(signup.ok(), await signup.text()).toBe(true);
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, email, 'Agentic123');
  await expect(page).toHaveURL(/\/bots\/manage-bots$/);
  await expect(page.getByRole('heading', { name: 'Manage AI agents', exact: true })).toBeVisible();
  await expect(
    page.getByRole('navigation').getByRole('link', { name: 'AI agents', exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create AI agent' })).toBeVisible();
});

// Making its bot the first responder took the demo bot's place: give it back for the later specs.
test.afterAll(async ({ request }) => {
  await restoreDemoFirstResponder(request);
});
