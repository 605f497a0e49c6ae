import { expectFitsViewport } from './support/layout';
import { expect, type Page, test } from './support/test';

// Help center customization (issue 16 item 3) as the demo owner uses it: change the title, colour,
// logo, a header link, the footer and the languages shown, watch the live preview follow before
// saving, save, and find all of it on the public site; a bad link is refused before it is sent.

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const stamp = Date.now().toString(36);
const siteTitle = `Demo Help ${stamp}`;

async function logIn(page: Page) {
  await page.goto('/loginv2');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('owner@demo.convo.local');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Demo1234');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('customize the public help center with a live preview', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page);

  await test.step('from the content page to the customization page', async () => {
    await page.goto('/helpcenter/content');
    await page.getByRole('link', { name: 'Customize site' }).click();
    await expect(page).toHaveURL(/\/helpcenter\/customization$/);
    await expect(page.getByRole('heading', { name: 'Help center customization' })).toBeVisible();
  });

  const preview = page.frameLocator('[data-testid="hc-preview"]');
  await test.step('the preview follows unsaved changes', async () => {
    await expect(preview.locator('header')).toBeVisible();
    await page.getByRole('textbox', { name: 'Site title' }).fill(siteTitle);
    await expect(preview.locator('.brand')).toContainText(siteTitle);
    const color = page.getByRole('textbox', { name: 'Primary colour' });
    await color.fill('#1a237e');
    await color.press('Tab');
    await expect(preview.locator('header')).toHaveCSS('background-color', 'rgb(26, 35, 126)');
  });

  await test.step('logo, a header link, footer and languages', async () => {
    await page
      .locator('input[type=file]')
      .first()
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByRole('img', { name: 'Logo' })).toBeVisible();
    await page.getByRole('button', { name: 'Add link' }).click();
    await page.getByRole('textbox', { name: 'Label of link 1' }).fill('Status');
    const url = page.getByRole('textbox', { name: 'Address of link 1' });
    await url.fill('javascript:alert(1)');
    await expect(page.getByText('Give a full web address starting with https:// or http://.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    await url.fill('https://status.example.test/');
    await page.getByRole('textbox', { name: 'Footer text' }).fill(`© Demo ${stamp}`);
    await page.getByRole('checkbox', { name: 'Kannada' }).uncheck();
    await page.getByRole('checkbox', { name: 'Spanish' }).uncheck();
    await expect(preview.getByRole('link', { name: 'Status' })).toBeVisible();
    await expect(preview.locator('footer')).toContainText(`© Demo ${stamp}`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved.')).toBeVisible();
  });

  await test.step('the public site shows it', async () => {
    const siteUrl = (await page.getByRole('link', { name: 'View public site' }).getAttribute('href')) ?? '';
    await page.goto(siteUrl);
    await expect(page).toHaveTitle(siteTitle);
    await expect(page.locator('header')).toHaveCSS('background-color', 'rgb(26, 35, 126)');
    await expect(page.locator('header .brand img')).toHaveJSProperty('naturalWidth', 1);
    await expect(page.getByRole('link', { name: 'Status' })).toHaveAttribute(
      'href',
      'https://status.example.test/',
    );
    await expect(page.locator('footer')).toContainText(`© Demo ${stamp}`);
    const switcher = page.getByRole('navigation', { name: 'Language' });
    await expect(switcher.getByRole('link')).toHaveText(['EN', 'FR']);
  });

  await test.step('phone width: the page still fits', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/helpcenter/customization');
    await expect(page.getByRole('textbox', { name: 'Site title' })).toHaveValue(siteTitle);
    await expectFitsViewport(page);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  await test.step('back to the defaults for the other tests', async () => {
    await page.getByRole('textbox', { name: 'Site title' }).fill('');
    await page.getByRole('textbox', { name: 'Primary colour' }).fill('#03b49b');
    await page.getByRole('button', { name: 'Remove link 1' }).click();
    await page.getByRole('button', { name: 'Remove', exact: true }).first().click();
    await page.getByRole('textbox', { name: 'Footer text' }).fill('');
    await page.getByRole('checkbox', { name: 'Kannada' }).check();
    await page.getByRole('checkbox', { name: 'Spanish' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved.')).toBeVisible();
  });
});
