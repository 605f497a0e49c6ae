import {
  dovecotMissing,
  isCi,
  type MailUser,
  sendMailTo,
  startDovecot,
  startSmtpReceiver,
  type TestDovecot,
  type TestSmtp,
} from '../apps/server/src/modules/channels/email/test-mail-servers';
import { E2E_INBOUND_DOMAIN, E2E_SMTP_PORT } from './support/e2e-server';
import { chooseView, conversationRow, logIn } from './support/inbox';
import { expect, test } from './support/test';

// The e-mail channel end to end: the owner connects a mailbox on /settings/mailbox without IMAP
// (its SMTP server for replies: a throw-away one delivering into Dovecot) and is shown the inbound
// address of the server's built-in SMTP receiver; a customer's mail sent there appears in the inbox, and "View original" shows the mail
// as received (SPEC §7 .eml parse) and downloads its .eml.

const SHOP: MailUser = { address: 'shop@example.test', password: 'shop-e2e-secret' };
const unique = Date.now().toString(36);
const SUBJECT = `Parcel ${unique} arrived broken`;
const missing = dovecotMissing();

let dovecot: TestDovecot;
let smtp: TestSmtp;
test.beforeAll(async () => {
  if (missing && isCi()) throw new Error(`CI=true but ${missing}`);
  if (missing) return;
  dovecot = await startDovecot([SHOP]);
  smtp = await startSmtpReceiver([SHOP], dovecot, [SHOP]);
});
test.afterAll(async () => {
  await smtp?.close();
  await dovecot?.close();
});

test('connect a forwarded mailbox, receive a mail at the inbound address, view its original', async ({
  browser,
}) => {
  test.skip(Boolean(missing) && !isCi(), missing ?? '');
  test.setTimeout(120_000);
  const page = await logIn(browser, 'owner@demo.convo.local');

  let inbound = '';
  await test.step('connect the mailbox without IMAP on /settings/mailbox; the inbound address is shown', async () => {
    await page.goto('/settings/mailbox');
    await page.getByTestId('email-address').fill(SHOP.address);
    // Forwarded to the inbound address, not read by IMAP: the IMAP fields go away.
    await expect(page.getByTestId('email-imap-host')).toBeVisible();
    await page.getByTestId('email-read-by-imap').uncheck();
    await expect(page.getByTestId('email-imap-host')).toBeHidden();
    await page.getByTestId('email-smtp-host').fill('127.0.0.1');
    await page.getByTestId('email-smtp-port').fill(String(smtp.port));
    await page.getByTestId('email-smtp-user').fill(SHOP.address);
    await page.getByTestId('email-smtp-password').fill(SHOP.password);
    await page.getByTestId('email-smtp-secure').uncheck();
    await page.getByTestId('email-connect').click();
    await expect(page.getByTestId('integration-status')).toHaveText('Connected');
    const address = page.getByTestId('inbound-address');
    await expect(address).toHaveText(new RegExp(`^[0-9a-f]+@${E2E_INBOUND_DOMAIN.replace(/\./g, '\\.')}$`));
    inbound = (await address.textContent()) ?? '';
  });

  await test.step("a customer's mail to the inbound address appears in the inbox", async () => {
    await sendMailTo(E2E_SMTP_PORT, {
      from: 'Margaret Hamilton <margaret@customer.test>',
      to: inbound,
      subject: SUBJECT,
      messageId: `<${unique}@customer.test>`,
      html: '<p>The box was <b>crushed</b>.</p><script>alert(1)</script>',
    });
    await page.goto('/conversations');
    await chooseView(page, 'All conversations');
    await conversationRow(page, SUBJECT).getByRole('button').click();
    await expect(page.getByTestId('message').filter({ hasText: 'The box was crushed.' })).toBeVisible();
  });

  await test.step('"View original" shows the mail as received and downloads its .eml', async () => {
    const message = page.getByTestId('message').filter({ hasText: 'The box was crushed.' });
    await message.getByRole('button', { name: 'View original' }).click();
    const dialog = page.getByRole('dialog', { name: 'Original e-mail' });
    const original = dialog.getByTestId('email-original');
    await expect(original).toContainText(SUBJECT);
    await expect(original).toContainText('margaret@customer.test');
    await expect(original).toContainText('The box was crushed.');
    await dialog.getByText('All headers').click();
    await expect(original).toContainText(`Message-ID: <${unique}@customer.test>`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download .eml' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^message-\d+\.eml$/);
    await page.keyboard.press('Escape');

    // On a phone the original takes the whole screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await message.getByRole('button', { name: 'View original' }).click();
    await expect(dialog.getByTestId('email-original')).toContainText(SUBJECT);
    const box = await dialog.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(380);
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  await test.step('disconnect the mailbox again (the demo workspace is shared by the specs)', async () => {
    await page.goto('/settings/mailbox');
    await page.getByTestId('integration-disconnect').click();
    await page.getByTestId('confirm-disconnect').click();
    await expect(page.getByTestId('integration-status')).toHaveText('Not connected');
  });
});
