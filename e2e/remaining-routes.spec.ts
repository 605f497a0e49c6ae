import { logIn } from './support/inbox';
import { expectFitsViewport } from './support/layout';
import { mailboxHeaders } from './support/mailbox';
import { type APIRequestContext, expect, type Page, test } from './support/test';

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
  // Registered is not enough: the worker's own activation deletes every cache but its own, so caches
  // made before it has finished activating could vanish under the checks below (seen once). Its
  // state is 'activated' once the activate handler's work (waitUntil) is done.
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration('/service-worker.js');
          return registration?.active?.state ?? 'not registered';
        }),
      SLOW,
    )
    .toBe('activated');
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
    await expectFitsViewport(page);
    await page.getByRole('link', { name: 'Sign in to the dashboard' }).click();
    await expect(page).toHaveURL(/\/loginv2/);
  });
}

// The rest of SPEC §2's routes (issue 20 item 6): each opens its real screen, never the not-found page.

const OWNER = 'owner@demo.convo.local';

async function notTheNotFoundPage(page: Page) {
  await expect(page.getByTestId('not-found')).toHaveCount(0);
}

async function noOverflow(page: Page) {
  await expectFitsViewport(page);
}

async function lastMailTo(request: APIRequestContext, to: string) {
  let found: { subject: string; text: string } | undefined;
  await expect
    .poll(async () => {
      const res = await request.get('/api/dev/mailbox', { headers: mailboxHeaders() });
      const mails = ((await res.json()) as { data: { to: string; subject: string; text: string }[] }).data;
      found = mails.find((m) => m.to === to);
      return found !== undefined;
    }, SLOW)
    .toBe(true);
  return found!;
}

test('changing the sign-in e-mail: the profile mails a link to the new address, opening it changes the e-mail', async ({
  page,
  request,
}) => {
  const tag = Date.now().toString(36);
  const email = `mover-${tag}@example.com`;
  const newEmail = `moved-${tag}@example.org`;
  const password = 'Mover1234';
  const signup = await request.post('/api/signup', {
    data: { email, name: 'Mia Mover', password, companyName: 'Movers' },
  });
  expect(signup.ok(), await signup.text()).toBe(true);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/loginv2');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/loginv2/);

  await page.goto('/settings/profile');
  await page.getByRole('button', { name: 'Change e-mail' }).click(SLOW);
  const dialog = page.getByRole('dialog', { name: 'Change your sign-in e-mail' });
  await dialog.getByRole('textbox', { name: 'New e-mail' }).fill(newEmail);
  await dialog.getByLabel('Current password').fill('Wrong1234');
  await dialog.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(dialog.getByText('Wrong current password')).toBeVisible();
  await dialog.getByLabel('Current password').fill(password);
  await dialog.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(page.getByText(`We sent a confirmation link to ${newEmail}.`)).toBeVisible();

  const mail = await lastMailTo(request, newEmail);
  expect(mail.subject).toBe('Confirm your new sign-in e-mail');
  const link = new URL(/https?:\/\/\S+\/email\/update\?token=\S+/.exec(mail.text)?.[0] ?? '');
  // A tampered link changes nothing.
  await page.goto(`/email/update?token=${link.searchParams.get('token')?.slice(0, -4)}AAAA`);
  await expect(page.getByTestId('email-update-error')).toBeVisible(SLOW);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByTestId('email-update-success')).toContainText(newEmail, SLOW);
  await notTheNotFoundPage(page);

  // The old e-mail no longer signs in; the new one does.
  const old = await request.post('/api/login', { data: { userName: email, password } });
  expect(old.status()).toBe(401);
  const moved = await request.post('/api/login', { data: { userName: newEmail, password } });
  expect(moved.ok()).toBe(true);
  // Opening the link again is refused with a clear message.
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByTestId('email-update-error')).toContainText('not valid or has expired', SLOW);
});

test('public routes: /bigcommerce, /dialogflow-callback, /live-agent, /document-preview and /t/{token}', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 860 });

  // BigCommerce: stored, source marked, sign-up with the e-mail filled.
  await page.goto('/bigcommerce?accessToken=bc-token&email=Store@Shop.example&storeHash=abc123');
  await expect(page).toHaveURL(/\/signup$/, SLOW);
  await expect(page.getByRole('textbox', { name: 'Work email' })).toHaveValue('store@shop.example');
  expect(await page.evaluate(() => localStorage.getItem('KM_SIGNUP_SOURCE'))).toBe('bigCommerce');
  expect(
    JSON.parse((await page.evaluate(() => localStorage.getItem('KM_BIGCOMMERCE_DATA'))) ?? '{}'),
  ).toEqual({
    accessToken: 'bc-token',
    bcEmail: 'store@shop.example',
    storeHash: 'abc123',
  });
  await page.goto('/bigcommerce?email=x@y.example');
  await expect(page.getByTestId('bigcommerce-error')).toContainText('storeHash', SLOW);
  await noOverflow(page);

  // Dialogflow callback opened on its own: the honest result and the way back.
  await page.goto('/dialogflow-callback?error=access_denied');
  await expect(page.getByTestId('dialogflow-callback')).toContainText('access_denied', SLOW);
  await expect(page.getByRole('link', { name: 'Back to bot integrations' })).toBeVisible();
  await page.goto('/dialogflow-callback?code=4%2F0Abc&state=s');
  await expect(page.getByText('Google returned an authorization code.')).toBeVisible(SLOW);
  await notTheNotFoundPage(page);

  // Live agent: the support chat full page for an appId.
  await page.goto('/live-agent?appId=demo-app');
  const frame = page.getByTestId('live-agent-frame');
  await expect(frame).toBeVisible(SLOW);
  expect(await frame.getAttribute('src')).toContain('/widget/frame.html?appId=demo-app&mode=embedded');
  await notTheNotFoundPage(page);

  // A document preview link that is not signed: a clear message, never the not-found page.
  await page.goto(
    '/document-preview?applicationId=x&key=00000000-0000-4000-8000-000000000000&expires=1&signature=nope',
  );
  await expect(page.getByTestId('document-preview-error')).toBeVisible(SLOW);
  await notTheNotFoundPage(page);

  // {token}: an unknown sign-in token is refused with a way to sign in.
  await page.goto('/t/not-a-real-token');
  await expect(page.getByTestId('token-sign-in-error')).toContainText('Scan a new QR code', SLOW);
  await noOverflow(page);
});

test('a shared file opens on /document-preview with its text and a download button', async ({
  request,
  browser,
}) => {
  const login = await request.post('/api/login', { data: { userName: OWNER, password: 'Demo1234' } });
  const { token, applicationId } = (await login.json()).data as { token: string; applicationId: string };
  const upload = await request.post('/rest/ws/upload/file', {
    headers: { 'X-Authorization': token, 'Application-Key': applicationId },
    multipart: {
      file: { name: 'terms.txt', mimeType: 'text/plain', buffer: Buffer.from('Our shared terms.') },
    },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  const key = ((await upload.json()) as { key: string }).key;
  const shared = await request.post('/api/documents/share', {
    headers: { authorization: `Bearer ${token}` },
    data: { key },
  });
  expect(shared.ok(), await shared.text()).toBe(true);
  const url = new URL(((await shared.json()) as { data: { url: string } }).data.url);

  // Anyone with the link: a fresh browser with no session.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByRole('heading', { name: 'terms.txt' })).toBeVisible(SLOW);
  await expect(page.getByTestId('document-preview-text')).toHaveText('Our shared terms.');
  await expect(page.getByRole('link', { name: 'Download' })).toBeVisible();
  await context.close();
});

test('signed-in routes: /components, /configuration, /policies, /bot, agent app QR sign-in and quick links', async ({
  browser,
}) => {
  // Seven screens and a second browser: more than the default minute on a loaded machine.
  test.setTimeout(150_000);
  const page = await logIn(browser, OWNER);

  await page.goto('/components');
  await expect(page.getByRole('heading', { name: 'Components', level: 1 })).toBeVisible(SLOW);
  for (const name of [
    'Link buttons',
    'Quick replies',
    'List',
    'Images',
    'Card',
    'Carousel',
    'Mixed buttons',
  ]) {
    await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  }
  await expect(page.getByTestId('component-card')).toContainText('"contentType": "300"');

  await page.goto('/configuration');
  await expect(page.getByRole('heading', { name: 'Configuration', level: 1 })).toBeVisible(SLOW);
  const appId = (await page.getByTestId('configuration-app-id').textContent()) ?? '';
  expect(appId).not.toBe('');
  await expect(page.getByTestId('configuration-features')).toBeVisible(SLOW);
  await expect(page.getByRole('link', { name: 'Quick links' }).first()).toBeVisible();

  await page.goto('/policies');
  await expect(page.getByRole('heading', { name: 'Policies', level: 1 })).toBeVisible(SLOW);
  await expect(page.getByTestId('policy-files')).toContainText('30 days');

  await page.goto('/bot');
  await expect(page).toHaveURL(/\/bots\/manage-bots/, SLOW);

  // Agent app: the QR link signs a phone in once, as the same member, into the inbox.
  await page.goto('/settings/agent-app');
  await page.getByRole('button', { name: 'Show QR code' }).click(SLOW);
  const qr = page.getByTestId('agent-app-qr');
  await expect(qr.getByRole('img', { name: 'QR code to sign in on your phone' })).toBeVisible();
  const link = new URL((await qr.getByText(/\/t\//).textContent()) ?? '');
  const phone = await browser.newContext({ viewport: { width: 390, height: 800 } });
  const phonePage = await phone.newPage();
  await phonePage.goto(link.pathname);
  await expect(phonePage).toHaveURL(/\/conversations/, SLOW);
  await notTheNotFoundPage(phonePage);
  // The link is spent.
  await phonePage.goto(link.pathname);
  await expect(phonePage.getByTestId('token-sign-in-error')).toBeVisible(SLOW);
  await phone.close();

  // Quick links: added, reordered, saved, shown in the widget's preview.
  await page.goto('/settings/quick-links');
  await expect(page.getByRole('heading', { name: 'Quick links', level: 1 })).toBeVisible(SLOW);
  await page.getByRole('switch', { name: 'Show quick links in the widget' }).check();
  await page.getByRole('button', { name: 'Add a link' }).click();
  await page.getByRole('textbox', { name: 'Label of link 1' }).fill('Pricing');
  await page.getByRole('textbox', { name: 'Address of link 1' }).fill('https://example.com/pricing');
  await page.getByRole('button', { name: 'Add a link' }).click();
  await page.getByRole('textbox', { name: 'Label of link 2' }).fill('Orders');
  await page.getByRole('textbox', { name: 'Address of link 2' }).fill('https://example.com/orders');
  await page.getByRole('button', { name: 'Move link 2 up' }).click();
  await expect(page.getByRole('textbox', { name: 'Label of link 1' })).toHaveValue('Orders');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Settings saved').first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Label of link 1' })).toHaveValue('Orders', SLOW);
  await expect(page.getByTestId('quick-links-preview')).toContainText('OrdersPricing');

  // The widget shows them, in that order, above the new conversation: here in the full-page chat.
  await page.goto(`/live-agent?appId=${encodeURIComponent(appId)}`);
  const chat = page.frameLocator('[data-testid="live-agent-frame"]');
  const chips = chat.locator('.cv-chips a');
  await expect(chips).toHaveText(['Orders', 'Pricing'], SLOW);
  await expect(chips.first()).toHaveAttribute('href', 'https://example.com/orders');
  await page.context().close();
});

test('the new signed-in screens fit a phone and are reached from the navigation', async ({ browser }) => {
  const page = await logIn(browser, OWNER);
  await page.setViewportSize({ width: 390, height: 860 });
  for (const [path, heading] of [
    ['/components', 'Components'],
    ['/configuration', 'Configuration'],
    ['/policies', 'Policies'],
    ['/settings/agent-app', 'Agent app'],
    ['/settings/quick-links', 'Quick links'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible(SLOW);
    await notTheNotFoundPage(page);
    await noOverflow(page);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name: 'Policies' }).click(SLOW);
  await expect(page).toHaveURL(/\/policies$/);
  await page.context().close();
});
