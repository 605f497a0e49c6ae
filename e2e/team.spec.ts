import { generateSync } from 'otplib';
import { mailboxPage } from './support/mailbox';
import { type Browser, expect, type Page, test } from './support/test';

// Team administration as people do it: the demo's super admin invites an agent, the agent signs up
// through the link in the local mailbox, cannot open roles and permissions (menu, URL and API
// agree), and is signed out of the open dashboard the moment the admin disables them.

const unique = Date.now().toString(36);
const agent = { name: 'Tina Teammate', email: `tina-${unique}@example.com`, password: 'Teammate1' };

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/loginv2');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function newPage(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

test('invite an agent, sign up from the mailbox, permissions hold, disabling signs them out', async ({
  browser,
  page: admin,
}) => {
  await admin.setViewportSize({ width: 1280, height: 900 });

  await test.step('the super admin invites an agent from /settings/team', async () => {
    await logIn(admin, 'owner@demo.convo.local', 'Demo1234');
    await admin.goto('/settings/team');
    await expect(admin.getByRole('heading', { name: 'Team', exact: true })).toBeVisible();
    await expect(admin.getByTestId('members-table')).toContainText('Olivia Owner');
    await admin.getByRole('button', { name: 'Invite teammates' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Invite a teammate' });
    await dialog.getByRole('textbox', { name: 'E-mail address' }).fill(agent.email);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(admin.getByText(`Invitation sent to ${agent.email}.`)).toBeVisible();
    await admin.getByRole('tab', { name: 'Invitations' }).click();
    await expect(admin.getByTestId(`invitation-${agent.email}`)).toContainText('Invited');
  });

  const person = await newPage(browser);
  let token = '';
  let inviteLink = '';
  await test.step('the agent signs up through the link in the mailbox', async () => {
    await person.goto(mailboxPage());
    await person.getByText('Join Demo Store').first().click();
    const link = person.locator('a[href*="inviteToken="]').first();
    const href = await link.getAttribute('href');
    expect(href).toContain('/signup?inviteToken=');
    inviteLink = href!;
    await person.goto(inviteLink);
    await expect(person.getByRole('heading', { name: 'Join Demo Store' })).toBeVisible();
    await expect(person.getByRole('textbox', { name: 'Work email' })).toHaveValue(agent.email);
    await person.getByRole('textbox', { name: 'Full name', exact: true }).fill(agent.name);
    await person.getByRole('textbox', { name: 'Password', exact: true }).fill(agent.password);
    const signedUp = person.waitForResponse((r) => r.url().endsWith('/api/signup'));
    await person.getByRole('button', { name: 'Sign up' }).click();
    token = ((await (await signedUp).json()) as { data: { token: string } }).data.token;
    await expect(person).toHaveURL(/\/dashboard$/);
    await expect(person.getByText('Demo Store')).toBeVisible();
  });

  await test.step('the invitation shows as signed up and its link does not work twice', async () => {
    const again = await newPage(browser);
    await again.goto(inviteLink);
    await expect(again.getByRole('alert').filter({ hasText: 'invalid or has expired' })).toBeVisible();
    await again.context().close();
    await admin.getByRole('tab', { name: 'Members' }).click();
    await admin.getByRole('tab', { name: 'Invitations' }).click();
    await expect(admin.getByTestId(`invitation-${agent.email}`)).toContainText('Signed up');
  });

  await test.step('the agent cannot open roles and permissions: menu, page and API agree', async () => {
    await person.goto('/settings/team');
    // The dev mailbox is the operator's: never in a member's menu.
    const mainNav = person.getByRole('navigation', { name: 'Main navigation' });
    await expect(mainNav.getByRole('link', { name: 'Conversations' })).toBeVisible();
    await expect(mainNav.getByRole('link', { name: /mailbox/i })).toHaveCount(0);
    await expect(person.locator('a[href*="/dev/mailbox"]')).toHaveCount(0);
    const settingsNav = person.getByRole('navigation', { name: 'Settings' });
    await expect(settingsNav.getByRole('link', { name: 'Team' })).toBeVisible();
    await expect(settingsNav.getByRole('link', { name: 'Roles and permissions' })).toHaveCount(0);
    // An agent sees the team but has no admin controls.
    await expect(person.getByTestId('members-table')).toContainText(agent.name);
    await expect(person.getByRole('button', { name: 'Invite teammates' })).toHaveCount(0);

    await person.goto('/settings/roles-permissions');
    await expect(person.getByTestId('not-allowed')).toBeVisible();
    const api = await person.request.get('/api/settings/roles-permissions', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(api.status()).toBe(403);
    await person.goto('/dashboard');
    await expect(person).toHaveURL(/\/dashboard$/);
  });

  await test.step("the admin disables the agent and the agent's open dashboard is signed out", async () => {
    await admin.getByRole('tab', { name: 'Members' }).click();
    await admin.getByRole('button', { name: `Actions for ${agent.name}` }).click();
    await admin.getByRole('menuitem', { name: 'Disable' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Disable' }).click();
    await expect(admin.getByText(`${agent.name} is disabled and signed out everywhere.`)).toBeVisible();
    await expect(admin.getByTestId(`member-${agent.email}`)).toContainText('Disabled');

    // No click on the agent's page: the server closes their socket and the dashboard logs out.
    await expect(person).toHaveURL(/\/loginv2/, { timeout: 15_000 });
    const api = await person.request.get('/api/users/me', { headers: { authorization: `Bearer ${token}` } });
    expect(api.status()).toBe(401);
  });

  await test.step('a disabled agent cannot sign in; reactivated, they can', async () => {
    await person.getByRole('textbox', { name: 'Email', exact: true }).fill(agent.email);
    await person.getByRole('textbox', { name: 'Password', exact: true }).fill(agent.password);
    await person.getByRole('button', { name: 'Log in' }).click();
    await expect(person.getByText('This account has been deactivated')).toBeVisible();

    await admin.getByRole('button', { name: `Actions for ${agent.name}` }).click();
    await admin.getByRole('menuitem', { name: 'Reactivate' }).click();
    await expect(admin.getByText(`${agent.name} can sign in again.`)).toBeVisible();
    await logIn(person, agent.email, agent.password);
  });
  await person.context().close();
});

test('roles and permissions: the admin removes Team from agents and the rule holds', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, 'owner@demo.convo.local', 'Demo1234');
  await page.goto('/settings/roles-permissions');
  await expect(page.getByRole('heading', { name: 'Roles and permissions' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Find a permission' }).fill('settings.team');
  const box = page.getByRole('checkbox', { name: 'Agent may use settings.team' });
  await expect(box).toBeChecked();
  await box.uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Changes saved.')).toBeVisible();
  await page.reload();
  await page.getByRole('textbox', { name: 'Find a permission' }).fill('settings.team');
  await expect(page.getByRole('checkbox', { name: 'Agent may use settings.team' })).not.toBeChecked();
  await expect(page.getByText('Customised')).toBeVisible();

  // An agent of the demo now gets "not allowed" on /settings/team, and the API says 403.
  const agentPage = await newPage(page.context().browser()!);
  await logIn(agentPage, 'agent1@demo.convo.local', 'Demo1234');
  await agentPage.goto('/settings/team');
  await expect(agentPage.getByTestId('not-allowed')).toBeVisible();
  await agentPage.context().close();

  // Put the default back for other tests.
  await page.getByRole('button', { name: 'Reset all to defaults' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Changes saved.')).toBeVisible();
});

test('profile and company pages save, at phone width too', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, 'owner@demo.convo.local', 'Demo1234');
  await page.goto('/settings/profile');
  await expect(page.getByRole('heading', { name: 'Profile', exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Phone number' }).fill('12345');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This phone number is not valid.').first()).toBeVisible();
  await page.getByRole('textbox', { name: 'Phone number' }).fill('+4915112345678');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Olivia O. Owner');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Changes saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Olivia O. Owner');

  await page.goto('/settings/company');
  await expect(page.getByRole('heading', { name: 'Company', exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Company name' })).toHaveValue('Demo Store');

  // SPEC §6 disableSupportWidget: off, kept after a reload, and on again for other tests.
  const supportChat = page.getByRole('switch', { name: 'Show the support chat in the dashboard' });
  await expect(supportChat).toBeChecked();
  await supportChat.press('Space');
  await expect(page.getByText('Changes saved.').first()).toBeVisible();
  await page.reload();
  await expect(supportChat).not.toBeChecked();
  await supportChat.press('Space');
  await expect(supportChat).toBeChecked();
});

test('users: CSV import with a row report, search and paging, bulk delete', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, 'owner@demo.convo.local', 'Demo1234');
  await page.getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('heading', { name: 'Users', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import users from a CSV file' });
  const file = dialog.locator('input[type="file"]');
  await file.setInputFiles({
    name: 'wrong.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('name,email\nA,a@x.io\n'),
  });
  await expect(dialog.getByText('The header row needs a userId column.')).toBeVisible();

  const rows = Array.from({ length: 14 }, (_, i) => `imp-${unique}-${i},Imported ${i},,,bronze`);
  const csv = [
    '  USERID ,DisplayName,Email,phoneNumber,tier',
    ...rows,
    '',
    `bad-${unique},Bad,not-mail,,`,
  ].join('\n');
  await file.setInputFiles({ name: 'users.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(dialog.getByText('15 records to import.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  const report = dialog.getByTestId('import-report');
  await expect(report).toContainText('14 created, 0 updated, 1 not imported.');
  await expect(report).toContainText('17');
  await expect(report).toContainText('not a valid e-mail');
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('textbox', { name: 'Search by name, user ID or e-mail' }).fill(`imp-${unique}`);
  await expect(page.getByText('14 users')).toBeVisible();
  await expect(page.getByTestId('users-table').locator('tbody tr')).toHaveCount(10);
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page.getByTestId('users-table').locator('tbody tr')).toHaveCount(4);

  await page.getByRole('checkbox', { name: 'Select every user on this page' }).check();
  await page.getByRole('button', { name: 'Delete 4 users' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('4 users deleted.')).toBeVisible();
  await expect(page.getByText('10 users')).toBeVisible();
});

test('two-factor sign-in: set up with the QR secret, then sign in with a code', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const owner = { email: `tfa-${unique}@example.com`, password: 'Twofactor1' };
  await page.goto('/signup');
  await page.getByRole('textbox', { name: 'Full name', exact: true }).fill('Tara Twofactor');
  await page.getByRole('textbox', { name: 'Company name', exact: true }).fill(`Secure Shop ${unique}`);
  await page.getByRole('textbox', { name: 'Work email', exact: true }).fill(owner.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(owner.password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/startingup$/);
  await page.getByRole('button', { name: 'Continue to the dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/settings/security');
  await expect(page.getByTestId('two-factor-status')).toHaveText('Off');
  await page.getByRole('link', { name: 'Turn on two-factor sign-in' }).click();
  await expect(page).toHaveURL(/\/2fa\/setup$/);
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('two-factor-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  const code = (offset: number) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + offset });

  await page.getByRole('textbox', { name: 'Then enter the 6-digit code the app shows.' }).fill('000000');
  await page.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(page.getByText('Error while validating otp').first()).toBeVisible();
  await page.getByRole('textbox', { name: 'Then enter the 6-digit code the app shows.' }).fill(code(-30));
  await page.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(page.getByTestId('recovery-codes').locator('code')).toHaveCount(10);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('two-factor-status')).toHaveText('On');

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/loginv2/);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(owner.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(owner.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  const codeBox = page.getByRole('textbox', { name: 'Authentication code' });
  await expect(codeBox).toBeVisible();
  await codeBox.fill('123456');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Error while validating otp').first()).toBeVisible();
  await codeBox.fill(code(0));
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
