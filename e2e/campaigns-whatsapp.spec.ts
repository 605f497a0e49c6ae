import { randomBytes } from 'node:crypto';
import { type FakeDialog360, startFakeDialog360, whatsAppDelivery } from '@convo/provider-fakes';
import {
  campaignFitsPhone,
  confirmSend,
  expectCampaignSent,
  expectReplyWithTeam,
  newCampaign,
  replyTeam,
} from './support/campaigns';
import { E2E_DIALOG360_PORT } from './support/e2e-server';
import { apiLogin, logIn } from './support/inbox';
import { expect, test } from './support/test';

// Issue 35's end-to-end test: a WhatsApp template campaign (360dialog, one of the four WhatsApp
// providers, through its local server) to a filtered audience of 30 customers who wrote in on
// WhatsApp (two others do not match the search and are left out); the progress reaches 30 sent,
// 360dialog got one template message per number, and one customer's reply opens a conversation
// with the team the campaign chose.

const unique = randomBytes(3).toString('hex');
const API_KEY = `D360campaignE2E${randomBytes(8).toString('hex')}`;
const PHONE_ID = '100000000000001';
const base = 1_555_000_0000 + (Date.now() % 1_000_000) * 100;
const AUDIENCE = Array.from({ length: 30 }, (_, i) => ({
  number: String(base + i),
  name: `Wa${unique} ${i + 1}`,
}));
const OTHERS = [0, 1].map((i) => ({ number: String(base + 50 + i), name: `Other${unique} ${i + 1}` }));
const NAME = `Delay notice ${unique}`;

let fake: FakeDialog360;
let ownerToken: string | null = null;
test.beforeAll(async () => {
  fake = await startFakeDialog360({ port: E2E_DIALOG360_PORT });
  fake.addKey(API_KEY);
  fake.addTemplate(API_KEY, {
    name: 'order_delay',
    language: 'en',
    status: 'approved',
    category: 'UTILITY',
    body: 'Hi {{1}}, your order is delayed by {{2}} days.',
  });
});
test.afterAll(async ({ request }) => {
  // Leave 360dialog as the other specs expect it on the shared server: not connected.
  if (ownerToken) {
    const res = await request.delete('/api/integrations/settings/whatsapp-dialog360', {
      headers: { Authorization: `Bearer ${ownerToken}` },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
  await fake?.close();
});

const delivery = (from: string, name: string, text: string) =>
  whatsAppDelivery(PHONE_ID, {
    contacts: [{ wa_id: from, profile: { name } }],
    messages: [{ from, id: `wamid.${randomBytes(8).toString('hex')}`, type: 'text', text: { body: text } }],
  });

test('a WhatsApp template campaign to a filtered audience of 30: progress to 30 sent, a reply with the team', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);

  await test.step('360dialog is connected and 32 customers wrote in on WhatsApp', async () => {
    const { token } = await apiLogin(request, 'owner@demo.convo.local');
    ownerToken = token;
    const res = await request.post('/api/integrations/settings/whatsapp-dialog360', {
      headers: { Authorization: `Bearer ${token}` },
      data: { d360ApiKey: API_KEY },
    });
    expect(res.ok(), await res.text()).toBe(true);
    for (const c of [...AUDIENCE, ...OTHERS])
      expect((await fake.postWebhook(API_KEY, delivery(c.number, c.name, 'hello'))).status).toBe(200);
  });

  const page = await logIn(browser, 'owner@demo.convo.local');

  await test.step('the approved template, the search as the audience, the team for replies', async () => {
    await newCampaign(page, NAME);
    await page.getByRole('checkbox', { name: 'WhatsApp', exact: true }).check();
    // The one connected WhatsApp provider is already chosen.
    await expect(page.getByRole('combobox', { name: 'WhatsApp provider' })).toHaveValue(/whatsapp-dialog360/);
    await page.getByRole('combobox', { name: 'Approved template' }).click();
    await page.getByRole('option', { name: 'order_delay (en)' }).click();
    await page.getByRole('textbox', { name: 'Value of {{1}}' }).fill('friend');
    await page.getByRole('textbox', { name: 'Value of {{2}}' }).fill('2');
    await page.getByRole('textbox', { name: 'Search users' }).fill(`Wa${unique}`);
    const all = page.getByRole('checkbox', { name: /Send to everyone who matches/ });
    await expect(all).toHaveAccessibleName('Send to everyone who matches (30)');
    await all.check();
    await replyTeam(page, 'Sales');
    await campaignFitsPhone(page);
    await confirmSend(page, '30 customers will get it. 0 opted out');
  });

  await test.step('the progress reaches 30 sent; 360dialog got one template per number', async () => {
    await expectCampaignSent(page, NAME, 30, 60_000);
    const templates = fake.sent().filter((c) => c.body.type === 'template');
    const numbers = templates.map((c) => String(c.body.to));
    expect(numbers.sort()).toEqual(AUDIENCE.map((c) => c.number).sort());
    for (const c of templates)
      expect(c.body.template).toMatchObject({ name: 'order_delay', language: { code: 'en' } });
  });

  await test.step("one customer's reply lands with the campaign's team", async () => {
    const customer = AUDIENCE[4]!;
    expect(
      (await fake.postWebhook(API_KEY, delivery(customer.number, customer.name, 'How long exactly?'))).status,
    ).toBe(200);
    await expectReplyWithTeam(page, customer.name, 'How long exactly?', 'Sales');
  });
});
