import { apiLogin, logIn, messagingHeaders } from './support/inbox';
import { expectFitsViewport } from './support/layout';
import { type APIRequestContext, expect, test } from './support/test';

// SPEC §7 "app module edit" (issue 20 item 7): an admin adds an app module on the mobile install
// page, gives it a team, switches it off and deletes it; a client registering through it is
// accepted, counted and routed, and refused once it is off.

const SLOW = { timeout: 30_000 };
const unique = Date.now().toString(36);
const moduleName = `driver-app-${unique}`;
const teamName = `Drivers ${unique}`;

async function register(request: APIRequestContext, applicationId: string, userId: string) {
  const res = await request.post('/rest/ws/register/client', {
    data: { userId, applicationId, authenticationTypeId: 0, appModuleName: moduleName },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()) as { message: string; authToken?: string };
}

test('an admin manages app modules and a client registers through one', async ({ browser, request }) => {
  const owner = await apiLogin(request, 'owner@demo.convo.local');
  const headers = messagingHeaders(owner.token, owner.applicationId);
  // A retried run starts from no modules.
  const existing = await request.get('/rest/ws/appmodule/list', { headers });
  for (const m of (await existing.json()).response as { name: string }[])
    await request.delete(`/rest/ws/appmodule/delete?name=${encodeURIComponent(m.name)}`, { headers });
  const team = await request.post('/rest/ws/team/create', { headers, data: { teamName } });
  expect(team.ok()).toBe(true);
  const teamId = (await team.json()).response.teamId as string;

  // Unknown module: refused before anyone is created.
  expect((await register(request, owner.applicationId, `courier-${unique}`)).message).toBe(
    'APPMODULE_NOT_FOUND',
  );

  const page = await logIn(browser, 'owner@demo.convo.local');
  await page.goto('/settings/install-mobile');
  const section = page.getByRole('region', { name: 'App modules' });
  await expect(section.getByTestId('app-modules-empty')).toBeVisible(SLOW);

  // A bad name is refused in the form; a good one is added with its team.
  await section.getByRole('button', { name: 'Add an app module' }).click();
  const dialog = page.getByRole('dialog', { name: 'New app module' });
  await dialog.getByRole('textbox', { name: 'Module name' }).fill('driver app');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog.getByText(/Use letters, digits/)).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Module name' }).fill(moduleName);
  await dialog.getByRole('textbox', { name: 'Display name' }).fill('Driver app');
  await dialog.getByRole('combobox', { name: 'Team for its customers' }).click();
  await page.getByRole('option', { name: teamName, exact: true }).click();
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`${moduleName} added.`)).toBeVisible();
  const row = section.getByTestId(`app-module-${moduleName}`);
  await expect(row).toContainText('Driver app');
  await expect(row).toContainText(teamName);

  // A client of that module registers, is counted, and its conversation goes to the team.
  const reg = await register(request, owner.applicationId, `courier-${unique}`);
  expect(reg.message).toBe('REGISTERED.WITHOUTREGISTRATIONID');
  const created = await request.post('/rest/ws/group/v2.1/create', {
    headers: messagingHeaders(reg.authToken ?? '', owner.applicationId),
    data: { groupName: `Delivery ${unique}`, type: 10 },
  });
  expect(created.ok()).toBe(true);
  const info = await request.get(`/rest/ws/group/v2/info?groupId=${(await created.json()).response.id}`, {
    headers,
  });
  expect((await info.json()).response.teamId).toBe(teamId);
  await page.reload();
  await expect(row.getByRole('cell').nth(2)).toHaveText('1', SLOW);

  // Switched off from the keyboard: its clients are refused.
  const toggle = row.getByRole('switch', { name: `${moduleName} accepts registrations` });
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText(`${moduleName} is switched off`)).toBeVisible();
  await expect(toggle).not.toBeChecked();
  expect((await register(request, owner.applicationId, `courier-${unique}`)).message).toBe(
    'APPMODULE_NOT_FOUND',
  );

  // Usable on a phone-sized screen: nothing sticks out of the page.
  await page.setViewportSize({ width: 390, height: 800 });
  const add = section.getByRole('button', { name: 'Add an app module' });
  await add.scrollIntoViewIfNeeded();
  await expect(add).toBeInViewport();
  await expectFitsViewport(page);
  await page.setViewportSize({ width: 1280, height: 900 });

  // Deleted after confirming; its user stays.
  await row.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Its 1 user stays')).toBeVisible();
  await page.getByTestId('confirm-delete-app-module').click();
  await expect(page.getByText(`${moduleName} deleted.`)).toBeVisible();
  await expect(section.getByTestId('app-modules-empty')).toBeVisible();
  await page.context().close();
});
