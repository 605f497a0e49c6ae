import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';

// What the inbox specs share: the demo agents signing in (browser and API), a website visitor
// writing through the messaging API as the widget does, and the conversation list's controls.

/** The demo workspace's password (apps/server/src/modules/demo/seed.ts). */
export const PASSWORD = 'Demo1234';

/**
 * A demo member signed in to the dashboard in their own browser context (on the suite's server, or
 * on a spec's own server at `baseURL`).
 */
export async function logIn(browser: Browser, email: string, baseURL?: string): Promise<Page> {
  const context = await browser.newContext({
    ...(baseURL === undefined ? {} : { baseURL }),
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  await page.goto('/loginv2');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/loginv2/);
  return page;
}

/** A demo member's session through the product API. */
export async function apiLogin(request: APIRequestContext, email: string) {
  const res = await request.post('/api/login', { data: { userName: email, password: PASSWORD } });
  expect(res.ok()).toBe(true);
  return (await res.json()).data as { token: string; applicationId: string };
}

/** The messaging API's headers for a session token. */
export const messagingHeaders = (token: string, applicationId: string) => ({
  'X-Authorization': token,
  'Application-Key': applicationId,
});

/**
 * A website visitor talking through the messaging API, like the chat widget. `unique` names the
 * visitor, `subject` their conversations; automatic routing is skipped so tests decide who gets it.
 */
export async function visitor(
  request: APIRequestContext,
  applicationId: string,
  { unique, subject }: { unique: string; subject: string },
) {
  const userId = `visitor-${unique}`;
  const reg = await request.post('/rest/ws/register/client', {
    data: { userId, applicationId, authenticationTypeId: 0, displayName: `Vera ${unique}` },
  });
  expect(reg.ok()).toBe(true);
  const headers = messagingHeaders((await reg.json()).authToken as string, applicationId);
  return {
    async start() {
      const res = await request.post('/rest/ws/group/v2.1/create', {
        headers,
        data: { groupName: subject, type: 10, metadata: { SKIP_ROUTING: 'true' } },
      });
      expect(res.ok()).toBe(true);
      return (await res.json()).response.id as number;
    },
    async say(groupId: number, message: string) {
      const res = await request.post('/rest/ws/message/v2/send', {
        headers,
        data: { groupId, key: `${unique}-${Math.random()}`, message },
      });
      expect(res.ok()).toBe(true);
    },
  };
}

/** The list row of the conversation with this subject. */
export const conversationRow = (page: Page, subject: string) =>
  page.getByTestId('conversation-row').filter({ hasText: subject });

/** Picks a view of the list: all, assigned to me, unassigned or a teammate's. */
export async function chooseView(page: Page, view: string) {
  await page.getByTestId('view-select').click();
  await page.getByRole('option', { name: view, exact: true }).click();
}
