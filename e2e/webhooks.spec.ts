import { WEBHOOK_PATHS, webhookPath } from '@convo/api';
import { expectFitsViewport } from './support/layout';
import { expect, type Page, test } from './support/test';

// Settings → Webhooks as the demo owner uses it: open it from the menu, add a webhook and see its
// signing secret once (copy button, never again), see it listed, look at its (empty) delivery
// history, edit it, delete it; the page also works at phone width.

async function logIn(page: Page) {
  await page.goto('/loginv2');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('owner@demo.convo.local');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Demo1234');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

const url = `https://hooks.example.com/convo-${Date.now().toString(36)}`;
const editedUrl = `${url}/v2`;

test('add a webhook, see its secret once, edit it, delete it', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page);
  const rows = page.getByTestId('webhook-row');

  await test.step('Settings → Webhooks from the menu', async () => {
    await page.getByRole('link', { name: 'Settings' }).first().click();
    await page
      .getByRole('navigation', { name: 'Settings' })
      .getByRole('link', { name: 'Webhooks', exact: true })
      .click();
    await expect(page).toHaveURL(/\/settings\/webhooks$/);
    await expect(page.getByRole('heading', { name: 'Webhooks', exact: true })).toBeVisible();
    await expect(page.getByText('No webhooks yet.', { exact: false })).toBeVisible();
  });

  let secret = '';
  await test.step('add one: a bad URL is refused in the form, then the secret is shown once', async () => {
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'New webhook' });
    await expect(dialog.getByRole('checkbox', { name: 'Message received' })).toBeChecked();
    await dialog.getByRole('textbox', { name: 'URL' }).fill('ftp://example.com/x');
    await dialog.getByRole('button', { name: 'Add webhook' }).click();
    await expect(dialog.getByText('Give an http:// or https:// URL.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'URL' }).fill(url);
    await dialog.getByRole('textbox', { name: 'URL' }).press('Enter');

    const shown = page.getByRole('dialog', { name: 'Webhook signing secret' });
    await expect(shown.getByText('it will not be shown again', { exact: false })).toBeVisible();
    secret = ((await shown.getByTestId('webhook-secret').textContent()) ?? '').trim();
    expect(secret.length).toBeGreaterThan(16);
    await shown.getByRole('button', { name: 'Copy secret' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await shown.getByRole('button', { name: 'I have copied it' }).click();
    await expect(shown).toBeHidden();
  });

  await test.step('it is listed, with only the end of its secret, also after a reload', async () => {
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(url);
    await expect(rows.first()).toContainText('Enabled');
    await expect(rows.first()).toContainText('Message received');
    await page.reload();
    await expect(rows.first()).toContainText(`Secret ends in ${secret.slice(-4)}`);
    await expect(page.getByText(secret)).toHaveCount(0);
  });

  await test.step('its delivery history opens (empty: no message yet)', async () => {
    await rows.first().getByRole('button', { name: 'Deliveries' }).click();
    const history = page.getByRole('dialog', { name: 'Deliveries' });
    await expect(history.getByText('No deliveries yet.')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(history).toBeHidden();
  });

  await test.step('edit: new URL, disabled', async () => {
    await rows.first().getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit webhook' });
    await expect(dialog.getByRole('textbox', { name: 'URL' })).toHaveValue(url);
    await dialog.getByRole('textbox', { name: 'URL' }).fill(editedUrl);
    await dialog.getByRole('switch', { name: 'Enabled' }).uncheck({ force: true });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Webhook saved.')).toBeVisible();
    await expect(rows.first()).toContainText(editedUrl);
    await expect(rows.first()).toContainText('Disabled');
  });

  await test.step('at phone width the page and its actions are reachable', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('button', { name: 'Add webhook' })).toBeVisible();
    await expect(rows.first().getByRole('button', { name: 'Delete' })).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  await test.step('delete, after a confirmation', async () => {
    await rows.first().getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete webhook' });
    await expect(confirm).toContainText(editedUrl);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Webhook deleted.')).toBeVisible();
    await expect(rows).toHaveCount(0);
    await expect(page.getByText('No webhooks yet.', { exact: false })).toBeVisible();
  });
});

test('webhook security: rotate a secret (shown once), require https, an authentication header', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page);
  const login = await request.post('/api/login', {
    data: { userName: 'owner@demo.convo.local', password: 'Demo1234' },
  });
  const headers = { authorization: `Bearer ${(await login.json()).data.token as string}` };
  // A retry starts from the state the first try may have left (https required).
  await request.put(WEBHOOK_PATHS.security, { headers, data: { requireHttps: false } });
  const secureUrl = `https://hooks.example.com/secure-${Date.now().toString(36)}`;
  const created = await request.post(WEBHOOK_PATHS.create, { headers, data: { url: secureUrl } });
  expect(created.status(), await created.text()).toBe(200);
  const first = (await created.json()).data as { id: string; secret: string };

  await page.goto('/settings/webhooks-security');
  await expect(page.getByRole('heading', { name: 'Webhook security', level: 1 })).toBeVisible();

  await test.step('rotate the secret: the new one is shown once, its end listed', async () => {
    const row = page.getByTestId('security-webhook').filter({ hasText: secureUrl });
    await row.getByRole('button', { name: 'Rotate secret' }).click();
    await page
      .getByRole('dialog', { name: 'Rotate the signing secret?' })
      .getByRole('button', { name: 'Rotate secret' })
      .click();
    const shown = page.getByRole('dialog', { name: 'Webhook signing secret' });
    const secret = ((await shown.getByTestId('webhook-secret').textContent()) ?? '').trim();
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(first.secret);
    await shown.getByRole('button', { name: 'I have copied it' }).click();
    await expect(row).toContainText(`Secret ends in ${secret.slice(-4)}`);
  });

  await test.step('require https, then an authentication header whose value is never shown again', async () => {
    const https = page.getByRole('switch', { name: 'Require https:// for every webhook URL' });
    // The switch shows the saved state: it turns once the server has taken the change.
    await https.click({ force: true });
    // Demo data or an earlier spec may hold an http:// webhook: then the switch is refused, clearly.
    await expect(
      page
        .getByText('Only https:// webhooks are accepted now.')
        .or(page.getByText('Some webhooks still use http://', { exact: false })),
    ).toBeVisible();
    const value = `Basic ${Buffer.from(`convo:${Date.now()}`).toString('base64')}`;
    const existing = page.getByTestId('auth-header');
    if (await existing.isVisible()) await existing.getByRole('button', { name: 'Replace' }).click();
    await page.getByRole('textbox', { name: 'Header name' }).fill('Authorization');
    await page.getByLabel('Header value').fill(value);
    await page.getByRole('button', { name: 'Save header' }).click();
    await expect(page.getByText('The header is sent with every delivery from now on.')).toBeVisible();
    await expect(page.getByTestId('auth-header')).toContainText(`Value ends in ${value.slice(-4)}`);
    await page.reload();
    await expect(page.getByTestId('auth-header')).toContainText('Authorization');
    await expect(page.getByText(value)).toHaveCount(0);
    await page.getByTestId('auth-header').getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('The header is no longer sent.')).toBeVisible();
  });

  await test.step('phone width', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await expectFitsViewport(page);
  });
  // Leave no https requirement or webhook behind for later specs.
  await request.put(WEBHOOK_PATHS.security, { headers, data: { requireHttps: false } });
  await request.delete(webhookPath(WEBHOOK_PATHS.remove, first.id), { headers });
});
