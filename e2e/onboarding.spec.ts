import { ACCOUNT_PATHS, ERROR_REPORT_PATHS, type ErrorReport, MESSAGING_PATHS } from '@convo/api';
import { expect, type Page, test } from './support/test';

// Issue 20: a brand-new company follows the setup guide from sign-up to its first resolved
// conversation (the widget on the guide's test page, a visitor's message, the reply, the resolve),
// and a crash in a page shows the error screen whose report reaches the server with the feedback.

const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const person = {
  name: 'Olive Onboard',
  company: `Onboard Co ${unique}`,
  email: `olive-${unique}@example.com`,
  password: 'Secret123',
};

const step = (page: Page, key: string) => page.getByTestId(`setup-step-${key}`);

test.describe.configure({ mode: 'serial' });

test('a new sign-up follows the setup guide to its first resolved conversation', async ({
  page,
  context,
}) => {
  await test.step('sign up and open the setup guide: nothing is ticked yet', async () => {
    await page.goto('/signup');
    await page.getByRole('textbox', { name: 'Full name', exact: true }).fill(person.name);
    await page.getByRole('textbox', { name: 'Company name', exact: true }).fill(person.company);
    await page.getByRole('textbox', { name: 'Work email', exact: true }).fill(person.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Sign up' }).click();
    // SPEC §2 default view rule 2: a new company's owner lands on the starting-up screen (issue 40).
    await expect(page).toHaveURL(/\/startingup$/);
    await page.getByRole('button', { name: 'Continue to the dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('link', { name: 'Setup guide' }).click();
    await expect(page).toHaveURL(/\/welcome$/);
    await expect(page.getByRole('heading', { name: 'Set up your workspace' })).toBeVisible();
    for (const key of ['install', 'reply', 'resolve']) {
      await expect(step(page, key)).toHaveAttribute('data-done', 'false');
    }
    await expect(page.getByText(/^0 of \d+ steps done$/)).toBeVisible();
  });

  let visitorPage: Page;
  await test.step("the install step's test page carries the new application's widget: installed", async () => {
    const opened = context.waitForEvent('page');
    await step(page, 'install').getByRole('link', { name: 'Open a test page with your widget' }).click();
    visitorPage = await opened;
    await expect(visitorPage).toHaveURL(/\/demo\?appId=/);
    const chat = visitorPage.frameLocator('iframe[title="Chat"]');
    await chat.getByRole('button', { name: 'Open chat' }).click();
    await chat.getByRole('textbox', { name: 'Type a message…' }).fill('Hello, is anyone there?');
    const created = visitorPage.waitForResponse((r) => r.url().includes(MESSAGING_PATHS.groupCreateV21));
    await chat.getByRole('textbox', { name: 'Type a message…' }).press('Enter');
    expect((await created).ok()).toBe(true);
    // Ticked by the widget's init from the page, while the guide stays open.
    await expect(step(page, 'install')).toHaveAttribute('data-done', 'true', { timeout: 15_000 });
  });

  await test.step('the agent answers and resolves it in the inbox; the guide ticks both', async () => {
    await page.getByRole('link', { name: 'Conversations' }).first().click();
    const row = page.getByTestId('conversation-row').first();
    await row.getByRole('button').click();
    await expect(page.getByTestId('message').getByText('Hello, is anyone there?')).toBeVisible();
    const composer = page.getByTestId('composer');
    await composer.fill('Yes! How can I help?');
    await composer.press('Enter');
    await expect(page.getByTestId('message').filter({ hasText: 'Yes! How can I help?' })).toBeVisible();
    await expect(
      visitorPage.frameLocator('iframe[title="Chat"]').getByText('Yes! How can I help?'),
    ).toBeVisible();
    await page.getByTestId('status-menu').click();
    await page.getByRole('menuitem', { name: 'Resolved' }).click();
    await expect(page.getByTestId('conversation-title').locator('..').getByTestId('status-badge')).toHaveText(
      'Resolved',
    );
    await page.getByRole('link', { name: 'Setup guide' }).click();
    for (const key of ['install', 'reply', 'resolve']) {
      await expect(step(page, key)).toHaveAttribute('data-done', 'true', { timeout: 15_000 });
    }
    await expect(step(page, 'profile')).toHaveAttribute('data-done', 'false');
    await expect(page.getByText(/^3 of \d+ steps done$/)).toBeVisible();
  });
});

test('a crash in a page shows the error screen, and its report arrives with the feedback', async ({
  page,
  request,
}) => {
  await page.goto('/loginv2');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(person.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The setup guide's chunk is replaced by one whose page throws while rendering.
  await page.route(/\/assets\/welcome-page-[^/]*\.js$/, (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `const crash = () => { throw new Error('Setup guide exploded ${unique}'); };
export { crash as WelcomePage, crash as StartingUpPage, crash as GetStartedPage };`,
    }),
  );
  const reports: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith(ERROR_REPORT_PATHS.reports) && r.method() === 'POST')
      reports.push((r.postDataJSON() as { eventId: string }).eventId);
  });
  const reported = page.waitForResponse(
    (r) => r.url().endsWith(ERROR_REPORT_PATHS.reports) && r.request().method() === 'POST',
  );
  await page.getByRole('link', { name: 'Setup guide' }).click();
  await expect(page.getByRole('heading', { name: 'Uh oh! Something went wrong' })).toBeVisible();
  const sent = await reported;
  expect(sent.status()).toBe(200);
  const eventId = (sent.request().postDataJSON() as { eventId: string }).eventId;

  await page.getByRole('button', { name: 'Report an Error' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report an Error' });
  await dialog.getByRole('textbox', { name: 'What happened?' }).fill('<b>I only opened the guide</b>');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Thanks! Your report was sent.')).toBeVisible();
  // One crash, one report (React's retry of the failing render is the same crash).
  expect(reports).toEqual([eventId]);

  // The workspace's super admin reads it, feedback text as given.
  const login = await request.post(ACCOUNT_PATHS.login, {
    data: { userName: person.email, password: person.password },
  });
  const token = ((await login.json()).data as { token: string }).token;
  const list = await request.get(ERROR_REPORT_PATHS.reports, {
    headers: { authorization: `Bearer ${token}` },
  });
  const report = ((await list.json()).data as ErrorReport[]).find((r) => r.eventId === eventId);
  expect(report).toMatchObject({
    release: '17.9.1',
    kind: 'render',
    message: `Setup guide exploded ${unique}`,
    feedback: { comments: '<b>I only opened the guide</b>' },
  });

  // The admins' list shows it, the feedback as text (no markup rendered).
  await page.unroute(/\/assets\/welcome-page-[^/]*\.js$/);
  await page.getByRole('link', { name: 'Error reports' }).click();
  const item = page.getByTestId('error-report').filter({ hasText: `Setup guide exploded ${unique}` });
  await expect(item.getByText('<b>I only opened the guide</b>')).toBeVisible();
  await expect(item.locator('b')).toHaveCount(0);
});
