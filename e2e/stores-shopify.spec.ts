import { type FakeShopify, startFakeShopify } from '@convo/provider-fakes';
import { E2E_SHOPIFY_PORT } from './support/e2e-server';
import { chooseView, conversationRow, messagingHeaders } from './support/inbox';
import { expect, test } from './support/test';

// Sign-up from a Shopify install link against a local Shopify Admin API (SHOPIFY_ADMIN_URL points
// at it): the new application connects the shop (the widget's script tag lands in the theme), and
// a customer who has two orders in the shop opens a conversation; the agent sees both orders, with
// their items, totals and tracking link, in the inbox side panel.

const unique = Date.now().toString(36);
const SHOP = `e2e-${unique}.myshopify.com`;
const TOKEN = `shpat_e2e_${unique}`;
const CUSTOMER_EMAIL = `buyer-${unique}@example.com`;
const SUBJECT = `Where is my parcel ${unique}`;

let fake: FakeShopify;
test.beforeAll(async () => {
  fake = await startFakeShopify({ port: E2E_SHOPIFY_PORT });
  fake.addShop(SHOP, TOKEN, `Acme ${unique}`);
  const id = fake.addCustomer(SHOP, { email: CUSTOMER_EMAIL, firstName: 'Bea', lastName: 'Buyer' });
  fake.addOrder(SHOP, id, {
    name: '#1001',
    total: '42.00',
    items: [{ title: 'Blue mug', quantity: 2, price: '21.00' }],
    fulfillmentStatus: 'fulfilled',
    trackingUrl: 'https://track.example.com/1001',
  });
  fake.addOrder(SHOP, id, {
    name: '#1002',
    total: '9.50',
    items: [{ title: 'Green tea', quantity: 1, price: '9.50' }],
  });
});
test.afterAll(async () => {
  await fake?.close();
});

test('sign up through a Shopify install link and see the customer’s two orders in the side panel', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  let applicationId = '';

  await test.step('the install link leads to sign-up, which connects the shop and adds the widget', async () => {
    await page.goto(`/signup?shopify=true&shop=${SHOP}&shopifyAccessToken=${TOKEN}`);
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Full name', exact: true }).fill('Sam Shop');
    await page.getByRole('textbox', { name: 'Company name', exact: true }).fill(`Acme ${unique}`);
    await page.getByRole('textbox', { name: 'Work email', exact: true }).fill(`owner-${unique}@example.com`);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Shop1234x');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByText(`Acme ${unique} is connected.`)).toBeVisible();
    await expect.poll(() => fake.scriptTags(SHOP).length).toBe(1);
    const src = new URL(fake.scriptTags(SHOP)[0]?.src ?? '');
    expect(src.pathname).toBe('/widget/loader.js');
    applicationId = src.searchParams.get('appId') ?? '';
    expect(applicationId).not.toBe('');
    // The token left the browser once the server held it.
    expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(TOKEN);
    // A new owner is led into setup first (SPEC §2 default view rule 2); leave it for the hub.
    await page.getByRole('button', { name: 'Continue to the dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  await test.step('the hub shows Shopify connected', async () => {
    await page.goto('/integrations');
    const card = page.getByTestId('store-card-shopify');
    await expect(card.getByTestId('store-state')).toHaveText('Connected');
    await expect(card).toContainText(SHOP);
    await expect(page.getByText(TOKEN)).toHaveCount(0);
  });

  await test.step('a customer of the shop writes in', async () => {
    const reg = await request.post('/rest/ws/register/client', {
      data: {
        userId: `buyer-${unique}`,
        applicationId,
        authenticationTypeId: 0,
        displayName: `Bea ${unique}`,
        email: CUSTOMER_EMAIL,
      },
    });
    expect(reg.ok()).toBe(true);
    const headers = messagingHeaders((await reg.json()).authToken as string, applicationId);
    const created = await request.post('/rest/ws/group/v2.1/create', {
      headers,
      data: { groupName: SUBJECT, type: 10, metadata: { SKIP_ROUTING: 'true' } },
    });
    expect(created.ok()).toBe(true);
    const groupId = (await created.json()).response.id as number;
    const sent = await request.post('/rest/ws/message/v2/send', {
      headers,
      data: { groupId, key: `${unique}-1`, message: 'Hi, where are my orders?' },
    });
    expect(sent.ok()).toBe(true);
  });

  await test.step('the side panel shows both orders with items, totals and the tracking link', async () => {
    await page.goto('/conversations');
    await chooseView(page, 'All conversations');
    await conversationRow(page, SUBJECT).click();
    const orders = page.getByTestId('store-orders');
    await expect(orders).toBeVisible();
    await expect(orders).toContainText('Bea Buyer');
    await expect(orders.getByTestId('store-order')).toHaveCount(2);
    await expect(orders).toContainText('#1001');
    await expect(orders).toContainText('2 × Blue mug');
    await expect(orders).toContainText('#1002');
    await expect(orders).toContainText('1 × Green tea');
    await expect(orders.getByRole('link', { name: 'Track shipment' })).toHaveAttribute(
      'href',
      'https://track.example.com/1001',
    );
  });
});
