import { ACCOUNT_PATHS, MESSAGING_PATHS, WIDGET_SETTINGS_PATHS } from '@convo/api';
import { type APIRequestContext, expect, type FrameLocator, type Page, test } from './support/test';

// The first loop as a customer sees it (issue 23): the widget names the team by display name or
// the admin's pseudonym, never by e-mail, and speaks the browser's language.

const AGENT = { userName: 'agent1@demo.convo.local', password: 'Demo1234', name: 'Ana Agent' };
const OWNER = { userName: 'owner@demo.convo.local', password: 'Demo1234' };

interface Member {
  token: string;
  headers: Record<string, string>;
}

async function signIn(request: APIRequestContext, who: { userName: string; password: string }) {
  const res = await request.post(ACCOUNT_PATHS.login, { data: who });
  expect(res.status()).toBe(200);
  const data = (await res.json()).data as { token: string; applicationId: string };
  return {
    token: data.token,
    headers: { 'x-authorization': data.token, 'application-key': data.applicationId },
  } satisfies Member;
}

async function setPseudonym(request: APIRequestContext, owner: Member, agentPseudonym: string) {
  const auth = { authorization: `Bearer ${owner.token}` };
  const current = await request.get(WIDGET_SETTINGS_PATHS.chatWidget, { headers: auth });
  const customization = { ...(await current.json()).data.customization, agentPseudonym };
  const res = await request.patch(WIDGET_SETTINGS_PATHS.chatWidget, {
    headers: auth,
    data: { customization },
  });
  expect(res.status(), await res.text()).toBe(200);
}

const frameOf = (page: Page) => page.frameLocator('iframe[title="Chat"]');

/** The visitor writes; the agent takes the conversation, answers and resolves it. */
async function firstLoop(page: Page, chat: FrameLocator, request: APIRequestContext, agent: Member) {
  const box = chat.getByRole('textbox');
  const created = page.waitForResponse((r) => r.url().includes(MESSAGING_PATHS.groupCreateV21));
  await box.fill('Where is my order?');
  await box.press('Enter');
  const groupId = ((await (await created).json()).response as { id: number }).id;
  const assigned = await request.patch(
    `${MESSAGING_PATHS.assigneeChange}?groupId=${groupId}&assignee=${encodeURIComponent(AGENT.userName)}`,
    { headers: agent.headers },
  );
  expect(assigned.status(), await assigned.text()).toBe(200);
  const reply = await request.post(MESSAGING_PATHS.messageSend, {
    headers: agent.headers,
    data: { groupId, key: `e2e-reply-${Date.now()}`, message: 'It ships tomorrow.' },
  });
  expect(reply.status()).toBe(200);
  await expect(chat.getByText('It ships tomorrow.')).toBeVisible();
  const resolved = await request.patch(`${MESSAGING_PATHS.statusChange}?groupId=${groupId}&status=2`, {
    headers: agent.headers,
  });
  expect(resolved.status()).toBe(200);
}

test.describe.configure({ mode: 'serial' });

test.describe('the widget as a customer sees it', () => {
  let agent: Member;
  let owner: Member;

  test.beforeAll(async ({ request }) => {
    agent = await signIn(request, AGENT);
    owner = await signIn(request, OWNER);
  });
  test.afterAll(async ({ request }) => {
    await setPseudonym(request, owner, '');
  });

  test('the agent is named by display name, or by the pseudonym when set; never by e-mail', async ({
    browser,
    request,
  }) => {
    for (const [pseudonym, shown] of [
      ['', AGENT.name],
      ['Sam from Demo Store', 'Sam from Demo Store'],
    ] as const) {
      await setPseudonym(request, owner, pseudonym);
      const context = await browser.newContext({ locale: 'en-US' });
      const page = await context.newPage();
      await page.goto('/demo');
      const chat = frameOf(page);
      await chat.getByRole('button', { name: 'Open chat' }).click();
      await firstLoop(page, chat, request, agent);
      await expect(chat.locator('.cv-system').filter({ hasText: `Resolved by ${shown}` })).toBeVisible();
      // Routing is the team's business: no assignment line for the visitor (issue 40).
      await expect(chat.locator('.cv-system').filter({ hasText: 'Assigned to' })).toHaveCount(0);
      const reply = chat.locator('.cv-theirs').filter({ hasText: 'It ships tomorrow.' });
      await expect(reply.locator('.cv-sender')).toHaveText(shown);
      const log = (await chat.locator('.cv-log').textContent()) ?? '';
      expect(log).not.toContain('@');
      if (pseudonym) expect(log).not.toContain(AGENT.name);
      await context.close();
    }
  });

  test('with the browser in French the widget speaks French, system lines and CSAT included', async ({
    browser,
    request,
  }) => {
    await setPseudonym(request, owner, '');
    const context = await browser.newContext({ locale: 'fr-FR' });
    const page = await context.newPage();
    await page.goto('/demo');
    const chat = frameOf(page);
    await chat.getByRole('button', { name: 'Ouvrir le chat' }).click();
    await expect(chat.getByRole('heading', { name: 'Discutez avec nous' })).toBeVisible();
    await expect(chat.getByText("Bonjour ! Comment pouvons-nous vous aider aujourd'hui ?")).toBeVisible();
    await expect(chat.getByRole('textbox', { name: 'Écrivez un message…' })).toBeVisible();
    await firstLoop(page, chat, request, agent);
    await expect(chat.locator('.cv-system').filter({ hasText: `Résolue par ${AGENT.name}` })).toBeVisible();
    await expect(chat.getByText('Comment s’est passée la conversation ?')).toBeVisible();
    await chat.getByRole('button', { name: 'Retour aux conversations' }).click();
    await expect(chat.getByRole('button', { name: 'Nouvelle conversation' })).toBeVisible();
    await expect(chat.locator('.cv-convs').getByText('Résolue')).toBeVisible();
    await context.close();
  });
});
