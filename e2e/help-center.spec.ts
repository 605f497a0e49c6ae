import { expectFitsViewport } from './support/layout';
import { expect, type Page, test } from './support/test';

// Help center content and public site (issue 16) as the demo owner uses them: write an article
// with an image in the editor, publish it, find it on the public site by search as you type, rate
// it, see the chat link; the custom domain is served for its Host header.

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const stamp = Date.now().toString(36);
const title = `Returning a parcel ${stamp}`;
const domain = `help-${stamp}.example.test`;

async function logIn(page: Page) {
  await page.goto('/loginv2');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('owner@demo.convo.local');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Demo1234');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('write, publish, find, rate an article; the custom domain serves the site', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page);

  await test.step('Help center from the menu; /faq leads there too', async () => {
    await page.getByRole('link', { name: 'Help center' }).first().click();
    await expect(page).toHaveURL(/\/helpcenter\/content$/);
    await expect(page.getByRole('heading', { name: 'Help center content' })).toBeVisible();
    await page.goto('/faq');
    await expect(page).toHaveURL(/\/helpcenter\/content$/);
  });

  let publicUrl = '';
  await test.step('write an article with an image and publish it', async () => {
    await page.getByRole('link', { name: 'New article' }).click();
    await page.getByRole('textbox', { name: 'Title' }).fill(title);
    const body = page.getByRole('textbox', { name: 'Article' });
    await body.click();
    await page.getByRole('button', { name: 'Heading', exact: true }).click();
    await page.keyboard.type('Before you start');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Pack the parcel carefully and print the label.');
    await page
      .getByTestId('article-image-input')
      .setInputFiles({ name: 'label.png', mimeType: 'image/png', buffer: PNG });
    await expect(body.locator('img')).toHaveCount(1);
    await page.getByRole('switch', { name: 'Published' }).check({ force: true });
    await page.getByRole('button', { name: 'Save article' }).click();
    await expect(page.getByText('Article created.')).toBeVisible();
    await expect(page).toHaveURL(/\/helpcenter\/content\/articles\/[0-9a-f-]{36}$/);
    publicUrl = (await page.getByRole('link', { name: 'Open on the site' }).getAttribute('href')) ?? '';
    expect(publicUrl).toMatch(/^\/hc\/[^/]+\/articles\/returning-a-parcel-/);
  });

  await test.step('listed as published with its editor', async () => {
    await page.getByRole('link', { name: 'Back to content' }).click();
    await page.getByRole('textbox', { name: 'Search articles' }).fill('parcel');
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row).toContainText('Published');
  });

  const site = publicUrl.replace(/\/articles\/.*$/, '');
  await test.step('found on the public site by search as you type', async () => {
    await page.goto(site);
    await page
      .getByRole('searchbox', { name: 'Search for answers' })
      .pressSequentially('retur', { delay: 30 });
    const suggestion = page.locator('#r a', { hasText: title });
    await expect(suggestion).toBeVisible();
    await suggestion.click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.locator('article.a img')).toHaveJSProperty('naturalWidth', 1);
  });

  await test.step('rate it, and the chat link is there', async () => {
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('Thanks for your feedback!')).toBeVisible();
    const chat = page.getByRole('link', { name: 'Chat with us' });
    await expect(chat).toBeVisible();
    await expect(chat).toHaveAttribute('href', /\/widget\/frame\.html\?appId=/);
    await chat.click();
    await expect(page.frameLocator('iframe').first().locator('body')).toBeVisible();
  });

  await test.step('an unknown slug answers a real 404 page', async () => {
    const res = await page.goto(`${site}/articles/no-such-article-${stamp}`);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'This page does not exist' })).toBeVisible();
  });

  await test.step('phone width: the content page and the article page still work', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(publicUrl);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expectFitsViewport(page);
    await page.goto('/helpcenter/content');
    await expect(page.getByRole('link', { name: title })).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  await test.step('the custom domain is served for its Host header', async () => {
    await page.goto('/helpcenter/content');
    await page.getByRole('button', { name: 'Site settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Site settings' });
    await dialog.getByRole('textbox', { name: 'Custom domain' }).fill(domain);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved.')).toBeVisible();
    const home = await request.get('/', { headers: { host: domain } });
    expect(home.status()).toBe(200);
    expect(await home.text()).toContain(title);
    const article = await request.get(publicUrl.replace(site, ''), { headers: { host: domain } });
    expect(article.status()).toBe(200);
    expect(await article.text()).toContain(`<link rel="canonical" href="https://${domain}/articles/`);
  });
});
