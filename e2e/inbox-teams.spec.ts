import { apiLogin, chooseView, conversationRow, logIn, messagingHeaders, visitor } from './support/inbox';
import { expect, type Page, test } from './support/test';

// Team assignment in the inbox: an admin makes a team with agent two in it; agent one hands a
// visitor's conversation to that team from the header; the conversation shows its team, the
// list filtered by the team shows it, and agent two, filtering by the team in another browser,
// sees it arrive without reloading.

const unique = Date.now().toString(36);
const subject = `Refund ${unique}`;
const teamName = `Returns ${unique}`;

const row = (page: Page) => conversationRow(page, subject);

/** The list's team filter (under "More filters"). */
async function filterByTeam(page: Page, team: string) {
  await page.getByRole('button', { name: 'More filters' }).click();
  await page.getByRole('combobox', { name: 'Team', exact: true }).click();
  await page.getByRole('option', { name: team, exact: true }).click();
}

test('agent one assigns a conversation to a team; agent two sees it under the team filter live', async ({
  browser,
  request,
}) => {
  // Made before the agents open the inbox: its team list is cached for the session.
  await test.step('an admin creates a team with agent two in it', async () => {
    const admin = await apiLogin(request, 'admin@demo.convo.local');
    const res = await request.post('/rest/ws/team/create', {
      headers: messagingHeaders(admin.token, admin.applicationId),
      data: { teamName, members: ['agent2@demo.convo.local'] },
    });
    expect(res.ok(), await res.text()).toBe(true);
  });

  const { applicationId } = await apiLogin(request, 'agent1@demo.convo.local');
  const customer = await visitor(request, applicationId, { unique, subject });
  const groupId = await customer.start();
  await customer.say(groupId, 'I would like to return my shoes.');

  const ana = await logIn(browser, 'agent1@demo.convo.local');
  const ben = await logIn(browser, 'agent2@demo.convo.local');

  await test.step('agent two filters the list by the team: nothing in it yet', async () => {
    await ben.goto('/conversations');
    await chooseView(ben, 'All conversations');
    await filterByTeam(ben, teamName);
    await expect(ben.getByText('No conversations match these filters.')).toBeVisible();
  });

  await test.step('agent one assigns the conversation to the team from the header', async () => {
    await ana.goto('/conversations');
    await chooseView(ana, 'All conversations');
    await row(ana).getByRole('button').click();
    await expect(ana).toHaveURL(new RegExp(`/conversations/${groupId}$`));
    await expect(ana.getByTestId('message').getByText('I would like to return my shoes.')).toBeVisible();
    await ana.getByTestId('assignee-select').click();
    await ana.getByRole('option', { name: teamName, exact: true }).click();
    await expect(ana.getByText(`Assigned to team ${teamName}.`)).toBeVisible();
  });

  await test.step('the conversation shows its team', async () => {
    await expect(ana.getByTestId('conversation-team')).toHaveText(teamName);
    // The system line every member and the timeline see.
    await expect(ana.getByText(`Assigned to team ${teamName}`, { exact: true })).toBeVisible();
    // Automatic routing (the demo's setting) hands it to the team's online agent: agent two.
    await expect(ana.getByTestId('assignee-select')).toHaveValue('Ben Agent');
  });

  await test.step('filtering the list by the team shows it, and only it', async () => {
    await filterByTeam(ana, teamName);
    await expect(row(ana)).toBeVisible();
    await expect(ana.getByTestId('conversation-row')).toHaveCount(1);
  });

  await test.step('agent two sees it under the team filter without reloading', async () => {
    await expect(row(ben)).toBeVisible();
    await expect(ben.getByTestId('conversation-row')).toHaveCount(1);
    await row(ben).getByRole('button').click();
    await expect(ben.getByTestId('conversation-team')).toHaveText(teamName);
  });

  await ana.context().close();
  await ben.context().close();
});
