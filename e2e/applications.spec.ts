import { chooseView, logIn } from './support/inbox';
import { expectFitsViewport } from './support/layout';
import { expect, type Page, test } from './support/test';

// Several applications per account (issue 20 item 2, SPEC §2 /apps): an admin of the demo company
// creates a second application, switches to it from /apps without signing out (its inbox is
// empty: nothing of the demo application is left on screen), and switches back from the user
// menu's selector to find the demo conversations again. /apps fits a phone's width.

const unique = Date.now().toString(36);
const brand = `Second brand ${unique}`;

/** The application of the session the dashboard stored (its settings name it). */
const storedApplicationId = (page: Page) =>
  page.evaluate(() => {
    const raw = localStorage.getItem('KM_APP_SETTINGS') ?? '{}';
    return String((JSON.parse(raw) as { applicationId?: unknown }).applicationId ?? '');
  });

async function openInbox(page: Page) {
  await page.goto('/conversations');
  await chooseView(page, 'All conversations');
}

test('create a second application, switch to it and back', async ({ browser }) => {
  test.setTimeout(240_000);
  // The demo's admin (not the owner most specs sign in as): sign-in opens the application used last.
  const page = await logIn(browser, 'admin@demo.convo.local');
  let demoApplicationId = '';

  await test.step('the demo inbox has conversations', async () => {
    await openInbox(page);
    await expect(page.getByTestId('conversation-row').first()).toBeVisible();
    demoApplicationId = await storedApplicationId(page);
  });

  await test.step('/apps lists the demo application as current and creates another', async () => {
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-all-applications').click();
    await expect(page).toHaveURL(/\/apps$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
    const current = page.locator('[data-testid="application-item"][data-current="true"]');
    await expect(current).toHaveCount(1);
    await expect(current).toContainText('Demo Store');
    await page.getByRole('textbox', { name: 'Application name' }).fill(brand);
    await page.getByRole('button', { name: 'Create application' }).click();
    await expect(page.getByText(`${brand} is ready.`)).toBeVisible();
    await expect(page.getByTestId('application-item').filter({ hasText: brand })).toBeVisible();
  });

  await test.step('switching opens the new application, whose inbox is empty', async () => {
    await page.getByRole('button', { name: `Switch to ${brand}` }).click();
    await expect(page).not.toHaveURL(/\/apps$/);
    await expect(page).not.toHaveURL(/\/loginv2/);
    await openInbox(page);
    await expect(page.getByText('No conversations match these filters.')).toBeVisible();
    await expect(page.getByTestId('conversation-row')).toHaveCount(0);
    const appId = await storedApplicationId(page);
    expect(appId).not.toBe('');
    expect(appId).not.toBe(demoApplicationId);
  });

  await test.step('the user menu marks the new one and switches back to the demo data', async () => {
    await page.getByTestId('user-menu').click();
    const items = page.getByTestId('menu-application');
    await expect(items.filter({ hasText: brand })).toHaveAttribute('aria-current', 'true');
    await items.filter({ hasText: 'Demo Store' }).click();
    // The switch ends with a fresh start on the landing page: wait for it to leave the inbox, or
    // the next navigation races the reload.
    await expect(page).not.toHaveURL(/\/conversations/);
    await expect(page).not.toHaveURL(/\/loginv2/);
    await openInbox(page);
    await expect(page.getByTestId('conversation-row').first()).toBeVisible();
  });

  await test.step('/apps fits a phone', async () => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/apps');
    await expect(page.getByTestId('application-item')).toHaveCount(2);
    await expectFitsViewport(page);
  });
  await page.context().close();
});
