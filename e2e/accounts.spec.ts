import { mailboxPage } from './support/mailbox';
import { expect, type Page, test } from './support/test';

// The foundation's whole account loop, as a person does it in the browser: sign up a company,
// land on the dashboard, log out, fail with a wrong password, reset it through the local mailbox,
// sign in with the new one, change it from the user menu, and see a second tab logged out when
// the first logs out.

const unique = Date.now().toString(36);
const person = {
  name: 'Erin Example',
  company: `Example Shop ${unique}`,
  email: `erin-${unique}@example.com`,
  password: 'Firstpass1',
  newPassword: 'Secondpass2',
  changedPassword: 'Thirdpass3',
};

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/loginv2');
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/loginv2/);
}

test('sign up, log out, wrong password, reset through the mailbox, sign in, logout reaches every tab', async ({
  context,
  page,
}) => {
  await test.step('sign up a new company and land on the dashboard', async () => {
    await page.goto('/signup');
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Full name', exact: true }).fill(person.name);
    await page.getByRole('textbox', { name: 'Company name', exact: true }).fill(person.company);
    await page.getByRole('textbox', { name: 'Work email', exact: true }).fill(person.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Sign up' }).click();
    // Led into setup first (SPEC §2 default view rule 2, issue 40); dismissed, the dashboard.
    await expect(page).toHaveURL(/\/startingup$/);
    await page.getByRole('button', { name: 'Continue to the dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText(person.company)).toBeVisible();
  });

  await test.step('log out', async () => {
    await logOut(page);
    // A private page now sends the visitor back to the login page with a referrer.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/loginv2\?referrer=%2Fdashboard/);
  });

  await test.step('a wrong password shows the error', async () => {
    await logIn(page, person.email, 'Wrongpass9');
    await expect(page.getByText('Wrong e-mail or password.')).toBeVisible();
    await expect(page).toHaveURL(/\/loginv2/);
  });

  await test.step('reset the password with the code from the local mailbox', async () => {
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(person.email);
    await page.getByRole('button', { name: 'Send reset code' }).click();
    await expect(page.getByRole('textbox', { name: 'Reset code', exact: true })).toBeVisible();

    const mailbox = await context.newPage();
    await mailbox.goto(mailboxPage());
    await mailbox.getByText('Reset your password').first().click();
    const body = await mailbox
      .getByText(/Your password reset code is \d{8}/)
      .first()
      .textContent();
    const code = /\d{8}/.exec(body ?? '')?.[0];
    expect(code).toBeDefined();
    await mailbox.close();

    await page.getByRole('textbox', { name: 'Reset code', exact: true }).fill(code!);
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill(person.newPassword);
    await page.getByRole('button', { name: 'Update password' }).click();
    await expect(page.getByText('Your password has been updated')).toBeVisible();
  });

  await test.step('the old password no longer works; the new one does', async () => {
    await logIn(page, person.email, person.password);
    await expect(page.getByText('Wrong e-mail or password.')).toBeVisible();
    await logIn(page, person.email, person.newPassword);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  await test.step('change the password from the user menu: signed out, the new one works', async () => {
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change password' });
    await dialog.getByRole('textbox', { name: 'Current password', exact: true }).fill(person.newPassword);
    await dialog.getByRole('textbox', { name: 'New password', exact: true }).fill(person.changedPassword);
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Password changed, please re-login')).toBeVisible();
    await expect(page).toHaveURL(/\/loginv2/);
    await logIn(page, person.email, person.changedPassword);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  await test.step('logging out in one tab logs out the other', async () => {
    const second = await context.newPage();
    await second.goto('/dashboard');
    await expect(second.getByText(person.company)).toBeVisible();
    await logOut(page);
    await expect(second).toHaveURL(/\/loginv2/);
    // And the server has really ended the session: the stored token is gone from the tab.
    const stored = await second.evaluate(() => Object.keys(localStorage).filter((k) => /session/i.test(k)));
    expect(stored).toEqual([]);
  });
});

test('the demo account printed by npm start signs in', async ({ page }) => {
  await logIn(page, 'owner@demo.convo.local', 'Demo1234');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Demo Store')).toBeVisible();
});

// index.html's inline early start (issue 39) asks for the config, the translations and the landing
// page's chunks as the page is parsed: the server's policy allows it by its hash, and the app takes
// every early answer instead of asking again.
test('a cold load of /dashboard runs the early start and takes its answers', async ({ page }) => {
  await logIn(page, 'owner@demo.convo.local', 'Demo1234');
  await expect(page).toHaveURL(/\/dashboard$/);
  const cold = await page.context().newPage();
  const refused: string[] = [];
  cold.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  const configRequests: string[] = [];
  const overviewRequests: string[] = [];
  cold.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === '/api/config') configRequests.push(request.url());
    if (pathname === '/api/analytics/overview') overviewRequests.push(request.url());
  });
  await cold.goto('/dashboard');
  await expect(cold.getByText('Demo Store')).toBeVisible();
  await expect(cold.getByTestId('figure-newConversations')).toBeVisible();
  const early = await cold.evaluate(() => ({
    left: (window as { __convoEarly?: Map<string, unknown> }).__convoEarly?.size ?? -1,
    preloaded: Array.from(document.querySelectorAll('link[rel="modulepreload"]'), (l) =>
      l.getAttribute('href'),
    ),
  }));
  expect(refused).toEqual([]);
  // Every early answer was taken (config, translations), and the config asked for once.
  expect(early.left).toBe(0);
  expect(configRequests).toHaveLength(1);
  expect(early.preloaded.some((href) => /\/assets\/route-dashboard-[\w-]+\.js$/.test(href ?? ''))).toBe(true);
  // The first overview is sent by boot from its own small chunk, preloaded with the page's, and the
  // page's query takes its answer: asked for once.
  expect(
    early.preloaded.some((href) => /\/assets\/route-dashboard-request-[\w-]+\.js$/.test(href ?? '')),
  ).toBe(true);
  expect(overviewRequests).toHaveLength(1);
});
