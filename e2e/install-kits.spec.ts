import { readFileSync } from 'node:fs';
import { expect, type Page, test } from './support/test';

// Issue 38 item 5: the install pages are real per platform. The WordPress plugin downloads as a zip
// holding this application's id; "send a test event" on a native sample makes the app's calls and
// the conversation it opens is in the inbox; the same from a site builder's panel.

async function logIn(page: Page) {
  await page.goto('/loginv2');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('owner@demo.convo.local');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Demo1234');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('WordPress plugin download, and test events from the CMS and mobile pages reach the inbox', async ({
  page,
}) => {
  await logIn(page);
  await page.goto('/settings/install');
  const appId = (await page.getByTestId('install-app-id').textContent())?.trim() ?? '';
  expect(appId).not.toBe('');

  await test.step('the WordPress plugin is a zip with this application id', async () => {
    await page.goto('/settings/install-cms');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('wordpress-plugin-download').click(),
    ]);
    expect(download.suggestedFilename()).toBe('convo-chat.zip');
    const bytes = readFileSync(await download.path());
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    // The PHP file is deflated; its name is stored in clear in the zip's directory.
    expect(bytes.includes(Buffer.from('convo-chat/convo-chat.php'))).toBe(true);
  });

  await test.step('a test event from the Wix panel opens a conversation in the inbox', async () => {
    await page.getByRole('button', { name: 'Wix' }).click();
    await page.getByRole('button', { name: 'Send a test event for Wix' }).click();
    const sent = page.getByTestId('test-event-wix-sent');
    await expect(sent).toContainText('Test event received.');
    await sent.getByRole('link', { name: 'Open the conversation' }).click();
    await expect(page).toHaveURL(/\/conversations\/\d+$/);
    await expect(page.getByText('Test event from the Wix install page.').first()).toBeVisible();
  });

  await test.step('the native Flutter sample names this server and sends its test event', async () => {
    await page.goto('/settings/install-mobile');
    const code = page.getByTestId('snippet-native-flutter');
    await expect(code).toContainText(`static const appId = "${appId}";`);
    await expect(code).toContainText('/rest/ws/register/client');
    await page.getByRole('button', { name: 'Send a test event for Flutter' }).click();
    await expect(page.getByTestId('test-event-flutter-sent')).toContainText('Test event received.');
  });
});
