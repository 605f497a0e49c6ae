import { apiLogin, chooseView, logIn, messagingHeaders } from './support/inbox';
import { expect, test } from './support/test';

// The inbox as an agent reads it (issues 14.8, 23.4): a new, anonymous visitor has one name (their
// pseudonym, never their id) in the list, the header, their messages and the side panel; each row
// previews the last message; the filter's label is not cut; answering an unassigned conversation
// takes it; a conversation resolved while open keeps its row until the agent moves on.

const unique = Date.now().toString(36);

test('an anonymous visitor has one name, the list previews, and the open conversation keeps its place', async ({
  browser,
  request,
}) => {
  // A slow, shared machine: the steps are many, none waits long.
  test.setTimeout(150_000);
  const { applicationId } = await apiLogin(request, 'agent1@demo.convo.local');
  // Registered as the widget does for a new visitor: no name, the id is all there is.
  const userId = `v-${unique}`;
  const reg = await request.post('/rest/ws/register/client', {
    data: { userId, applicationId, authenticationTypeId: 0 },
  });
  expect(reg.ok()).toBe(true);
  const headers = messagingHeaders((await reg.json()).authToken as string, applicationId);
  const created = await request.post('/rest/ws/group/v2.1/create', {
    headers,
    data: { groupName: '', type: 10, metadata: { SKIP_ROUTING: 'true', source: 'widget' } },
  });
  expect(created.ok()).toBe(true);
  const groupId = (await created.json()).response.id as number;
  const said = await request.post('/rest/ws/message/v2/send', {
    headers,
    data: { groupId, key: `${unique}-1`, message: `Hello ${unique}\nMy order has not arrived` },
  });
  expect(said.ok()).toBe(true);

  const ana = await logIn(browser, 'agent1@demo.convo.local');
  await ana.goto('/conversations');
  await chooseView(ana, 'All conversations');
  const row = ana.locator(`[data-testid="conversation-row"][data-group-id="${groupId}"]`);

  await test.step('the filter reads "All conversations", not cut', async () => {
    const view = ana.getByTestId('view-select');
    await expect(view).toHaveValue('All conversations');
    const sort = ana.locator('input[aria-label="Sort"]');
    await sort.click();
    await ana.getByRole('option', { name: 'Waiting longest' }).click();
    for (const select of [view, sort]) {
      const cut = await select.evaluate((input: HTMLInputElement) => input.scrollWidth > input.clientWidth);
      expect(cut).toBe(false);
    }
    await sort.click();
    await ana.getByRole('option', { name: 'Newest first' }).click();
  });

  let name = '';
  await test.step('the list row: the pseudonym and the first line of the last message', async () => {
    await expect(row).toBeVisible();
    await expect(row).not.toContainText(userId);
    await expect(row.getByTestId('conversation-preview')).toHaveText(`Hello ${unique}`);
    await row.getByRole('button').click();
    name = (await ana.getByTestId('customer-name').textContent()) ?? '';
    expect(name).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
    await expect(row).toContainText(name);
  });

  await test.step('the header, the message sender and the side panel say the same name', async () => {
    await expect(ana.getByTestId('conversation-title')).toHaveText(name);
    const message = ana.getByTestId('message').filter({ hasText: 'My order has not arrived' });
    await expect(message).toContainText(name);
    await expect(message).not.toContainText(userId);
    await expect(ana.getByTestId('customer-details')).not.toContainText(userId);
  });

  await test.step('answering the unassigned conversation assigns it to the agent who answers', async () => {
    await expect(ana.getByTestId('assignee-select')).not.toHaveValue('Ana Agent');
    const composer = ana.getByTestId('composer');
    await composer.fill('Let me look into it.');
    await composer.press('Enter');
    await expect(ana.getByTestId('message').filter({ hasText: 'Let me look into it.' })).toBeVisible();
    await expect(ana.getByTestId('assignee-select')).toHaveValue('Ana Agent');
    await expect(row).toContainText('Ana Agent');
    await expect(row.getByTestId('conversation-preview')).toHaveText('Agent: Let me look into it.');
  });

  await test.step('resolved while open, it keeps its row, marked resolved, until the agent moves on', async () => {
    await ana.getByTestId('status-menu').click();
    await ana.getByRole('menuitem', { name: 'Resolved' }).click();
    await expect(ana.getByTestId('conversation-title').locator('..').getByTestId('status-badge')).toHaveText(
      'Resolved',
    );
    // The list is searched again (resolved is not in its statuses) and still shows the row.
    await expect(row.getByTestId('status-badge')).toHaveText('Resolved');
    await expect(ana.getByTestId('empty-list')).toHaveCount(0);
    await ana.waitForLoadState('networkidle');
    await expect(row).toBeVisible();
    await chooseView(ana, 'Assigned to me');
    await expect(row).toHaveCount(0);
  });

  await ana.context().close();
});
