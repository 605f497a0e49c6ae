import { expect, type Page, test } from './support/test';

// The chat widget's settings as the demo owner uses them: the install snippets with their copy
// buttons, the live preview following the colour, and business hours refused with no day
// ('Please select a date', nothing saved), then saved with Monday and kept after a reload.

async function logIn(page: Page) {
  await page.goto('/loginv2');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('owner@demo.convo.local');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Demo1234');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

const settingsMenu = (page: Page) => page.getByRole('navigation', { name: 'Settings' });

test('install snippets, live preview, and business hours that need a day', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await logIn(page);

  await test.step('Settings → Install shows the snippets of this application with copy buttons', async () => {
    await page.getByRole('link', { name: 'Settings' }).first().click();
    await settingsMenu(page).getByRole('link', { name: 'Install', exact: true }).click();
    await expect(page).toHaveURL(/\/settings\/install$/);
    await expect(page.getByRole('heading', { name: 'Install', exact: true })).toBeVisible();
    const appId = (await page.getByTestId('install-app-id').textContent())?.trim() ?? '';
    expect(appId).not.toBe('');
    await expect(page.getByTestId('snippet-script')).toContainText(`appId: "${appId}"`);
    await expect(page.getByTestId('snippet-iframe')).toContainText(`appId=${encodeURIComponent(appId)}`);
    await expect(page.getByTestId('snippet-sidebox')).toContainText(appId);

    const copy = page.getByRole('button', { name: 'Copy the Script (recommended) code' });
    await copy.click();
    await expect(copy).toHaveText('Copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain(`appId: "${appId}"`);
    await expect(page.getByRole('link', { name: 'See it on a sample store' })).toHaveAttribute(
      'href',
      '/demo',
    );
    await page.getByRole('link', { name: 'Mobile app instructions' }).click();
    await expect(page).toHaveURL(/\/settings\/install-mobile$/);
    await expect(page.getByTestId('mobile-frame-url')).toContainText(`appId=${encodeURIComponent(appId)}`);
  });

  await test.step('the preview follows the primary colour as it is typed', async () => {
    await settingsMenu(page).getByRole('link', { name: 'Widget appearance' }).click();
    const header = page.getByTestId('preview-header');
    await expect(header).toBeVisible();
    const colour = page.getByRole('textbox', { name: 'Primary colour' });
    await colour.fill('#5f46f8');
    await colour.press('Tab'); // leaves the field; its colour picker closes
    await expect(header).toHaveCSS('background-color', 'rgb(95, 70, 248)');
    await expect(page.getByTestId('preview-launcher')).toHaveCSS('background-color', 'rgb(95, 70, 248)');
    await expect(page.getByTestId('unsaved-changes')).toBeVisible();
    // The segmented control's radios are drawn by their labels: click as a person does.
    await page.locator('label', { hasText: 'Bottom left' }).click();
    await expect(page.getByRole('radio', { name: 'Bottom left' })).toBeChecked();
    await expect(page.getByTestId('widget-preview')).toHaveAttribute('data-position', 'left');
  });

  const enabled = (page: Page) => page.getByRole('switch', { name: 'Use business hours' });
  const toggleEnabled = (page: Page) => page.locator('label', { hasText: 'Use business hours' }).click();
  const day = (page: Page, name: string) => page.getByRole('checkbox', { name: `Open on ${name}` });
  const WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

  await test.step('business hours on with no day: "Please select a date", nothing saved', async () => {
    await settingsMenu(page).getByRole('link', { name: 'Business hours' }).click();
    await expect(enabled(page)).not.toBeChecked();
    const save = page.getByRole('button', { name: 'Save changes' });
    await expect(save).toBeDisabled();
    await toggleEnabled(page);
    await expect(enabled(page)).toBeChecked();
    for (const name of WEEK) await day(page, name).uncheck();
    await save.click();
    await expect(page.getByTestId('business-days-error')).toHaveText('Please select a date');
    await expect(page.getByRole('alert').filter({ hasText: 'Please select a date' }).first()).toBeVisible();
    await page.reload();
    await expect(enabled(page)).not.toBeChecked();
    await expect(day(page, 'Monday')).toBeChecked();
  });

  await test.step('Monday alone saves, and is still there after a reload', async () => {
    await toggleEnabled(page);
    await expect(enabled(page)).toBeChecked();
    for (const name of WEEK) await day(page, name).uncheck();
    await day(page, 'Monday').check();
    await page.getByLabel('Closes on Monday at').fill('17:30');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    await page.reload();
    await expect(enabled(page)).toBeChecked();
    await expect(day(page, 'Monday')).toBeChecked();
    await expect(day(page, 'Tuesday')).not.toBeChecked();
    await expect(page.getByLabel('Closes on Monday at')).toHaveValue('17:30');
  });
});
