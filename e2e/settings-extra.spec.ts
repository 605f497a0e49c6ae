import { expect, type Page, test } from './support/test';

// The settings pages of user details, e-mail notifications and push notifications, as the demo's
// owner uses them: define an attribute and see it on /users; save e-mail choices; the push page
// with its service worker, empty list and the test notification's clear refusal.

async function logIn(page: Page) {
  await page.goto('/loginv2');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('owner@demo.convo.local');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Demo1234');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page);
});

test('user details: add and reorder attributes; /users shows them by label', async ({ page }) => {
  await page.goto('/settings/user-details');
  await expect(page.getByRole('heading', { name: 'User details' })).toBeVisible();
  const rows = page.getByTestId('attribute-row');
  await expect(page.getByText('No attributes yet.', { exact: false })).toBeVisible();
  for (const [count, label, key] of [
    [1, 'Plan', 'plan'],
    [2, 'Company size', 'company.size'],
  ] as const) {
    await page.getByRole('button', { name: 'Add attribute' }).click();
    const dialog = page.getByRole('dialog', { name: 'New attribute' });
    await dialog.getByRole('textbox', { name: 'Label' }).fill(label);
    await dialog.getByRole('textbox', { name: 'Key' }).fill(key);
    await dialog.getByRole('textbox', { name: 'Key' }).press('Enter');
    await expect(page.getByText('Attribute saved.').first()).toBeVisible();
    await expect(rows).toHaveCount(count);
  }
  await page.getByRole('button', { name: 'Move Company size up' }).click();
  await expect(page.getByText('Order saved.')).toBeVisible();
  await expect(rows.first()).toContainText('Company size');

  // The /users drawer lists the defined attributes first, by label and in this order.
  await page.goto('/users');
  await page.getByRole('row').nth(1).getByRole('button').first().click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('textbox', { name: 'Company size' })).toBeVisible();
  await drawer.getByRole('textbox', { name: 'Plan' }).fill('Pro');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User saved.')).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/settings/user-details');
  await expect(page.getByRole('button', { name: 'Move Plan up' })).toBeVisible();
});

test('e-mail notifications: the owner saves their choices', async ({ page }) => {
  await page.goto('/settings/email-notifications');
  await expect(page.getByRole('heading', { name: 'E-mail notifications' })).toBeVisible();
  const assigned = page.getByRole('switch', { name: 'A conversation is assigned to me' });
  await expect(assigned).toBeChecked();
  await assigned.uncheck({ force: true });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('E-mail notifications saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'A conversation is assigned to me' })).not.toBeChecked();
});

test('push notifications: service worker served, empty list, clear error without a browser', async ({
  page,
}) => {
  const worker = await page.request.get('/service-worker.js');
  expect(worker.ok()).toBe(true);
  expect(worker.headers()['content-type']).toContain('javascript');
  expect(await worker.text()).toContain('showNotification');

  await page.goto('/settings/pushnotification');
  await expect(page.getByRole('heading', { name: 'Push notifications' })).toBeVisible();
  await expect(page.getByText('No browser receives your push notifications yet.')).toBeVisible();
  await expect(page.getByTestId('push-permission')).toBeVisible();
  await page.getByRole('button', { name: 'Send a test notification' }).click();
  await expect(page.getByText('Turn on push notifications in a browser first.')).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'Turn on in this browser' })).toBeVisible();
});

test('quick replies and tags: add, edit and cancel through their dialogs', async ({ page }) => {
  await page.goto('/settings/quick-replies');
  await expect(page.getByRole('heading', { name: 'Quick replies' })).toBeVisible();
  await page.getByRole('button', { name: 'Add a quick reply' }).click();
  const adding = page.getByRole('dialog', { name: 'Add a quick reply' });
  await expect(adding.getByRole('button', { name: 'Save' })).toBeDisabled();
  await adding.getByRole('textbox', { name: 'Shortcut' }).fill('e2e-thanks');
  await adding.getByRole('textbox', { name: 'Text', exact: true }).fill('Thanks for waiting!');
  await adding.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved.').first()).toBeVisible();
  await expect(adding).toBeHidden();
  const reply = page.getByRole('row').filter({ hasText: 'e2e-thanks' });
  await expect(reply).toContainText('Thanks for waiting!');

  // Cancel leaves the reply as it was; Save in the edit dialog changes it.
  await reply.getByRole('button', { name: 'Edit' }).click();
  const editing = page.getByRole('dialog', { name: 'Edit the quick reply' });
  await editing.getByRole('textbox', { name: 'Text', exact: true }).fill('Thanks for your patience!');
  await editing.getByRole('button', { name: 'Cancel' }).click();
  await expect(editing).toBeHidden();
  await expect(reply).toContainText('Thanks for waiting!');
  await reply.getByRole('button', { name: 'Edit' }).click();
  await editing.getByRole('textbox', { name: 'Text', exact: true }).fill('Thanks for your patience!');
  await editing.getByRole('button', { name: 'Save' }).click();
  await expect(reply).toContainText('Thanks for your patience!');

  await page.goto('/settings/manage-tags');
  await expect(page.getByRole('heading', { name: 'Tags' })).toBeVisible();
  await page.getByRole('button', { name: 'Add a tag' }).click();
  const tag = page.getByRole('dialog', { name: 'Add a tag' });
  await tag.getByRole('textbox', { name: 'Name' }).fill('E2E VIP');
  await tag.getByRole('textbox', { name: 'Name' }).press('Enter');
  await expect(tag).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: 'E2E VIP' })).toBeVisible();
});
