import { logIn } from './support/inbox';
import { expect, test } from './support/test';

// A cold page chunk and its translations can take a while on a loaded machine.
const SLOW = { timeout: 30_000 };

// SPEC §2 /help: a visitor files a support ticket; the install's support workspace (here the demo
// workspace, the first one) answers and solves it on its own /help.
test('a visitor files a ticket on /help; a member answers and solves it', async ({ page, browser }) => {
  const subject = `Reset mail missing ${Date.now()}`;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/help');
  await page.getByRole('textbox', { name: 'Your name' }).fill('Rosa Diaz');
  await page.getByRole('textbox', { name: 'Your email' }).fill('rosa@example.com');
  await page.getByRole('textbox', { name: 'Subject' }).fill(subject);
  // Bad input is refused in the form, nothing is sent.
  await page.getByRole('button', { name: 'Create ticket' }).click();
  await expect(page.getByText('This field is required').first()).toBeVisible();
  await page
    .getByRole('textbox', { name: 'How can we help?' })
    .fill('The password reset mail never arrives.');
  await page.getByRole('button', { name: 'Create ticket' }).click();
  const status = page.getByRole('status').filter({ hasText: 'is with our support team' });
  await expect(status).toBeVisible(SLOW);
  const reference = /#[0-9A-F]{6}/.exec((await status.textContent()) ?? '')?.[0];
  expect(reference).toBeDefined();

  const member = await logIn(browser, 'agent1@demo.convo.local');
  await member.goto('/help');
  const row = member.getByTestId('support-ticket').filter({ hasText: subject });
  await expect(row).toBeVisible(SLOW);
  await expect(row).toContainText(reference ?? '');
  await row.click();
  const dialog = member.getByRole('dialog');
  await expect(dialog.getByText('The password reset mail never arrives.')).toBeVisible();
  await dialog
    .getByRole('textbox', { name: 'Your answer' })
    .fill('We sent it again; check your spam folder.');
  await dialog.getByRole('button', { name: 'Send answer' }).click();
  await expect(dialog.getByText('We sent it again; check your spam folder.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Mark as solved' }).click();
  await expect(dialog.getByRole('button', { name: 'Reopen' })).toBeVisible();
  await member.keyboard.press('Escape');
  await expect(member.getByTestId('support-ticket').filter({ hasText: subject })).toHaveCount(0);
  await member.getByText('Solved', { exact: true }).click();
  await expect(member.getByTestId('support-ticket').filter({ hasText: subject })).toContainText('1 answer');
});
