import { expect, test } from './support/test';

// SPEC §6, agent product: "roles 0-3 and 11 get bots, configuration, conversations, integrations
// and a reduced settings list (company, team, sso, webhooks, greeting, prechat, chat
// configuration, profile, rules, agent-assignment, install, widget customization); 2fa only super
// admin". A company signed up for the agent product sees that list, by its labels, and no more.
// (Agent assignment is a section of the rules page; every role's list is checked in
// apps/dashboard/src/features/settings/settings-menu-spec.test.ts.)
const SUPER_ADMIN_SETTINGS = [
  'Company',
  'Team',
  'Single sign-on',
  'Webhooks',
  'Greeting message',
  'Pre-chat lead collection',
  'Widget configuration',
  'Profile',
  'Conversation rules',
  'Install',
  'Widget appearance',
  'Security',
];

test('an agent-product company sees SPEC §6’s reduced settings list', async ({ page, request }) => {
  const email = `agentic-${Date.now().toString(36)}@example.com`;
  const signup = await request.post('/api/signup', {
    data: {
      email,
      name: 'Agentic Owner',
      password: 'Agentic123',
      companyName: 'Agentic Co',
      product: 'agent',
    },
  });
  expect(signup.ok(), await signup.text()).toBe(true);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/loginv2');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Agentic123');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/loginv2/);
  await page.goto('/settings/profile');
  const menu = page.getByRole('navigation', { name: 'Settings' }).first();
  await expect(menu.getByRole('link', { name: 'Profile' })).toBeVisible();
  const labels = (await menu.getByRole('link').allTextContents()).map((l) => l.trim()).sort();
  expect(labels).toEqual([...SUPER_ADMIN_SETTINGS].sort());
  // A classic-only page is refused by address too.
  await page.goto('/settings/quick-replies');
  await expect(page.getByTestId('not-allowed')).toBeVisible();
});
