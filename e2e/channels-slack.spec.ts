import { type FakeSlack, startFakeSlack } from '@convo/provider-fakes';
import { E2E_SLACK_PORT } from './support/e2e-server';
import { apiLogin, logIn, visitor } from './support/inbox';
import { expect, test } from './support/test';

// Slack end to end against a local Slack Web API (the server's SLACK_API_URL points at it): an
// admin connects Slack in the integrations hub (token, signing secret, a channel picked from the
// list Slack gives), a website customer's message opens a thread in the Slack channel, and an
// agent's reply in that thread (a signed Events API delivery) appears in the inbox.

const unique = Date.now().toString(36);
const TOKEN = `xoxb-${Date.now()}-e2e-${unique}`;
const SECRET = '0123456789abcdef0123456789abcdef';
const CHANNEL = 'C0E2ESUPPORT';
const OWNER = 'owner@demo.convo.local';

let fake: FakeSlack;
test.beforeAll(async () => {
  fake = await startFakeSlack({ port: E2E_SLACK_PORT });
  fake.addWorkspace({ token: TOKEN, team: 'Acme', botUserId: 'U0E2EBOT', botId: 'B0E2EBOT' });
  fake.addChannel({ id: CHANNEL, name: 'support' });
  fake.addChannel({ id: 'C0E2ERANDOM', name: 'random', isMember: true });
  // The owner in Slack has their Convo e-mail: their thread replies are theirs.
  fake.addUser({ id: 'U0E2EOWNER', name: 'owner', email: OWNER });
});
test.afterAll(async () => {
  await fake?.close();
});

test('connect Slack in the hub, mirror a customer conversation into a thread, answer from the thread', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const page = await logIn(browser, OWNER);

  await test.step('the hub lists Slack; its details page connects it with a channel picked from Slack', async () => {
    await page.goto('/integrations');
    const card = page.getByTestId('integration-card-slack');
    await expect(card.getByTestId('integration-status')).toHaveText('Not connected');
    await card.getByRole('link', { name: 'Set up Slack' }).click();
    await expect(page).toHaveURL(/\/integration-details\?type=slack$/);
    await page.getByTestId('slack-bot-token').fill('not-a-token');
    await page.getByTestId('slack-load-channels').click();
    await expect(page.getByText('A Slack bot token starts with xoxb-')).toBeVisible();
    await page.getByTestId('slack-bot-token').fill(TOKEN);
    await page.getByTestId('slack-signing-secret').fill(SECRET);
    await page.getByTestId('slack-load-channels').click();
    await expect(page.getByTestId('slack-team')).toHaveText('Workspace: Acme');
    await page.getByTestId('slack-channel').click();
    await page.getByRole('option', { name: '# support' }).click();
    await page.getByTestId('slack-connect').click();
    await expect(page.getByTestId('integration-status')).toHaveText('Connected');
    await expect(page.getByTestId('integration-account')).toContainText('#support · Acme');
    // The secrets went to the server and nowhere back to the page.
    await expect(page.getByText(TOKEN)).toHaveCount(0);
    await expect(page.getByText(SECRET)).toHaveCount(0);
    // The admin pastes the webhook address into the Slack app's Event Subscriptions.
    const webhook = (await page.getByText(/\/api\/channels\/slack\/[^/]+\/webhook$/).textContent()) ?? '';
    expect(webhook).toMatch(/^http:\/\/localhost:\d+\/api\/channels\/slack\//);
    fake.setEventSubscription(webhook, SECRET);
  });

  const subject = `Slack mirror ${unique}`;
  const { applicationId } = await apiLogin(request, OWNER);
  const customer = visitor(request, applicationId, { unique, subject });
  let groupId = 0;
  let threadTs = '';

  await test.step("a customer's message opens a thread in the Slack channel", async () => {
    const c = await customer;
    groupId = await c.start();
    await c.say(groupId, `Is my parcel on its way? ${unique}`);
    await expect
      .poll(() => fake.messages(CHANNEL).find((m) => !m.threadTs && m.text.includes(unique))?.ts ?? '', {
        timeout: 20_000,
      })
      .not.toBe('');
    const parent = fake.messages(CHANNEL).find((m) => !m.threadTs && m.text.includes(unique))!;
    expect(parent.text).toContain(`/conversations/${groupId}|`);
    threadTs = parent.ts;
  });

  await test.step('a reply in the Slack thread appears in the inbox as the agent’s message', async () => {
    await page.goto(`/conversations/${groupId}`);
    await expect(page.getByTestId('message').getByText(`Is my parcel on its way? ${unique}`)).toBeVisible();
    const delivery = await fake.userReplies({
      user: 'U0E2EOWNER',
      channel: CHANNEL,
      threadTs,
      text: 'Yes &amp; it arrives tomorrow',
    });
    expect(delivery.status).toBe(200);
    await expect(page.getByTestId('message').getByText('Yes & it arrives tomorrow')).toBeVisible({
      timeout: 20_000,
    });
  });

  await test.step('disconnecting stops the mirror; the hub shows Slack not connected', async () => {
    await page.goto('/integration-details?type=slack');
    await page.getByTestId('integration-disconnect').click();
    await page.getByTestId('confirm-disconnect').click();
    await expect(page.getByTestId('integration-status')).toHaveText('Not connected');
  });
});
