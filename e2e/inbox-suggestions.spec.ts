import { apiLogin, logIn, visitor } from './support/inbox';
import { expect, test } from './support/test';

// Suggested replies in the inbox (SPEC §1 smartreply): the team's quick reply answers what a
// visitor asks; opening the conversation, the agent sees it as a suggestion above the composer and
// inserts it with a click (and with the keyboard); nothing is sent until the agent sends it.

const unique = `sr${Date.now().toString(36)}`;
const subject = `Returns ${unique}`;
const answer = `Returns are free within 30 days, just print the label from your account (${unique}).`;

test('an agent inserts a suggested reply for the visitor question', async ({ browser, request }) => {
  // Two sign-ins and a first load of the inbox: on a loaded two-core machine this takes a while.
  test.setTimeout(300_000);
  // The team's shared quick reply, written by the owner.
  const { token, applicationId } = await apiLogin(request, 'owner@demo.convo.local');
  const saved = await request.post('/api/quick-replies', {
    headers: { authorization: `Bearer ${token}` },
    data: { shortcut: `free-returns-${unique}`, content: answer, shared: true },
  });
  expect(saved.ok(), await saved.text()).toBe(true);

  const customer = await visitor(request, applicationId, { unique, subject });
  const groupId = await customer.start();
  await customer.say(groupId, 'Hi, are returns free?');

  const page = await logIn(browser, 'agent1@demo.convo.local');
  await page.goto(`/conversations/${groupId}`);
  await expect(page.getByTestId('message').getByText('Hi, are returns free?')).toBeVisible({
    timeout: 120_000,
  });

  const suggestions = page.getByRole('group', { name: 'Suggested replies' });
  const chip = suggestions.getByRole('button', { name: `Insert the suggested reply: ${answer}` });
  await expect(chip).toBeVisible({ timeout: 30_000 });

  const composer = page.getByTestId('composer');
  await chip.click();
  await expect(composer).toHaveValue(answer);
  await expect(composer).toBeFocused();
  // Inserted, not sent.
  await expect(page.getByTestId('message').filter({ hasText: answer })).toHaveCount(0);

  // The keyboard does the same: the chip is a button reached with Tab, Enter inserts.
  await composer.fill('');
  await chip.focus();
  await page.keyboard.press('Enter');
  await expect(composer).toHaveValue(answer);

  // The agent sends it as their own reply.
  await composer.press('Enter');
  await expect(page.getByTestId('message').filter({ hasText: answer })).toBeVisible();
  await expect(composer).toHaveValue('');
  await page.context().close();
});
