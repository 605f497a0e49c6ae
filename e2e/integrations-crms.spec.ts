import { startFakeZendesk } from '@convo/provider-fakes';
import { apiLogin, logIn, visitor } from './support/inbox';
import { expectFitsViewport } from './support/layout';
import { expect, test } from './support/test';

// CRMs and helpdesks end to end (issue 38 item 3): the owner opens Integrations → CRMs and
// helpdesks, connects Zendesk (a local server speaking Zendesk's REST format, reached through the
// operator's loopback allowance), the token is never shown again; in a customer's conversation
// "Create Zendesk ticket" makes the ticket with the transcript and its link appears.

const OWNER = 'owner@demo.convo.local';
const unique = Date.now().toString(36);
const token = `zd-${unique}-never-shown`;

test('configure Zendesk, create a ticket from a conversation and see its link', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const zendesk = await startFakeZendesk();
  zendesk.addAgent('support@acme.example', token);
  try {
    const page = await logIn(browser, OWNER);
    await page.setViewportSize({ width: 1280, height: 900 });

    await test.step('Integrations → CRMs and helpdesks, from the hub’s tabs', async () => {
      await page.goto('/integrations');
      await page.getByRole('tab', { name: 'CRMs and helpdesks' }).click();
      await expect(page).toHaveURL(/\/integrations\/crms$/);
      await expect(page.getByRole('heading', { name: 'CRMs and helpdesks', level: 1 })).toBeVisible();
    });

    const section = page.getByTestId('crm-zendesk');
    await test.step('a wrong token is refused; the right one connects and is never shown again', async () => {
      await section.getByTestId('crm-zendesk-save').click();
      await expect(section.getByText('This field is required.').first()).toBeVisible();
      await section.getByTestId('crm-zendesk-subdomain').fill(zendesk.url);
      await section.getByTestId('crm-zendesk-email').fill('support@acme.example');
      await section.getByTestId('crm-zendesk-secret').fill('not-the-token');
      await section.getByTestId('crm-zendesk-save').click();
      await expect(page.getByText(/Zendesk refused the credentials/)).toBeVisible();
      await expect(section.getByTestId('crm-status')).toHaveText('Not connected');

      await section.getByTestId('crm-zendesk-secret').fill(token);
      await section.getByTestId('crm-zendesk-save').click();
      await expect(page.getByText('Saved and connected.')).toBeVisible();
      await expect(section.getByTestId('crm-status')).toHaveText('Connected');
      await expect(section.getByTestId('crm-zendesk-secret')).toHaveValue('');
      expect(await page.content()).not.toContain(token);
      await section.getByRole('button', { name: 'Test connection' }).click();
      await expect(page.getByText('The connection works.')).toBeVisible();
    });

    let groupId = 0;
    await test.step('a customer writes in', async () => {
      const customer = await visitor(request, (await apiLogin(request, OWNER)).applicationId, {
        unique: `zd-${unique}`,
        subject: `Broken parcel ${unique}`,
      });
      groupId = await customer.start();
      await customer.say(groupId, `My parcel ${unique} arrived broken`);
    });

    await test.step('create the Zendesk ticket from the conversation and see its link', async () => {
      await page.goto(`/conversations/${groupId}`);
      const crm = page.getByTestId('conversation-crm');
      await crm.getByTestId('create-zendesk-ticket').click();
      const link = crm.getByTestId('zendesk-ticket-link');
      await expect(link).toBeVisible();
      const ticket = zendesk.tickets.find((x) => x.external_id === `convo-${groupId}`);
      expect(ticket).toBeDefined();
      expect(ticket!.description).toContain(`My parcel ${unique} arrived broken`);
      await expect(link).toHaveText(`Zendesk ticket #${ticket!.id}`);
      await expect(link).toHaveAttribute('href', `${zendesk.url}/agent/tickets/${ticket!.id}`);
      // Opened again, the conversation still shows its ticket (it is marked integrated).
      await page.reload();
      await expect(page.getByTestId('zendesk-ticket-link')).toBeVisible();
      await expect(page.getByTestId('create-zendesk-ticket')).toHaveCount(0);
    });

    await test.step('the settings page works at phone width and from the keyboard', async () => {
      await page.goto('/integrations/crms');
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(page.getByTestId('crm-hubspot')).toBeVisible();
      await expectFitsViewport(page);
      await page.getByTestId('crm-hubspot-secret').focus();
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('crm-hubspot').getByText('This field is required.')).toBeVisible();
      await page.setViewportSize({ width: 1280, height: 900 });
    });

    await test.step('clean up: disconnect Zendesk', async () => {
      await section.getByRole('button', { name: 'Disconnect' }).click();
      await expect(section.getByTestId('crm-status')).toHaveText('Not connected');
    });
  } finally {
    await zendesk.close();
  }
});
