import { expect, test } from '@playwright/test';

// A cold page chunk and its translations can take a while on a loaded machine.
const SLOW = { timeout: 30_000 };

// SPEC §2 routes of issue 20 (item 6) and the update behaviour of item 5: the service worker,
// old caches cleared on a new release, the newer-version notice when a page chunk fails to load,
// and the /subscribe and /unsubscribe pages of the mails' signed links.

const NEWER_VERSION = 'A newer version of application is available. Please refresh.';

test('a page chunk that fails to load shows the newer-version notice; Refresh loads the page', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const chunk = /\/assets\/mail-preferences-page[^/]*\.js$/;
  let refused = 0;
  await page.route(chunk, (route) => {
    refused += 1;
    return route.fulfill({ status: 404, contentType: 'text/plain', body: 'gone with the old release' });
  });
  await page.goto('/unsubscribe?token=from-an-old-mail');
  await expect(page.getByText(NEWER_VERSION).first()).toBeVisible(SLOW);
  expect(refused).toBeGreaterThan(0);
  const refresh = page.getByRole('button', { name: 'Refresh' });
  await expect(refresh).toBeVisible();
  // The new release's files are there now: Refresh loads the page itself.
  await page.unroute(chunk);
  await refresh.click();
  await expect(page.getByTestId('mail-link-invalid')).toBeVisible(SLOW);
  await expect(page.getByText(NEWER_VERSION)).toHaveCount(0);
});

test('the service worker is registered and a new release deletes the old caches', async ({ page }) => {
  await page.goto('/loginv2');
  await expect
    .poll(() =>
      page.evaluate(async () => Boolean(await navigator.serviceWorker.getRegistration('/service-worker.js'))),
    )
    .toBe(true);
  // This browser's data as an older release left it: a cache of its own and its version.
  await page.evaluate(async () => {
    await caches.open('convo-pages-17.9.0');
    localStorage.setItem('KM_RELEASE_VERSION', '17.9.0');
  });
  expect(await page.evaluate(() => caches.has('convo-pages-17.9.0'))).toBe(true);
  await page.reload();
  await expect.poll(() => page.evaluate(() => caches.has('convo-pages-17.9.0'))).toBe(false);
  expect(await page.evaluate(() => localStorage.getItem('KM_RELEASE_VERSION'))).toBe('17.9.1');
  // The same release keeps its caches.
  await page.evaluate(() => caches.open('convo-pages-17.9.1'));
  await page.reload();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  expect(await page.evaluate(() => caches.has('convo-pages-17.9.1'))).toBe(true);
});

for (const width of [1280, 390]) {
  test(`/unsubscribe and /subscribe refuse a link that is not signed (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 860 });
    const invalid = 'This link is not valid.';
    await page.goto('/unsubscribe');
    await expect(page.getByRole('heading', { name: 'Unsubscribe' })).toBeVisible(SLOW);
    await expect(page.getByTestId('mail-link-invalid')).toContainText(invalid);
    // A token of the right shape whose signature is not the server's.
    const forged = `${Buffer.from(JSON.stringify({ p: 'mail-preferences', a: 'x', u: crypto.randomUUID() })).toString('base64url')}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`;
    await page.goto(`/subscribe?token=${encodeURIComponent(forged)}`);
    await expect(page.getByRole('heading', { name: 'Subscribe' })).toBeVisible(SLOW);
    await expect(page.getByTestId('mail-link-invalid')).toContainText(invalid);
    // Nothing overflows at phone width.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('link', { name: 'Sign in to the dashboard' }).click();
    await expect(page).toHaveURL(/\/loginv2/);
  });
}
