import { BOT_PATHS } from '@convo/api';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { apiLogin } from './inbox';

/** The demo workspace's AI agent (apps/server/src/modules/demo/demo-bot.ts). */
export const DEMO_BOT_NAME = 'Store Assistant';

/**
 * Gives the first responder back to the demo's own bot. Specs that make a bot of theirs the
 * first responder and then delete it leave the workspace with none; later specs (and a person
 * trying /demo) expect the Store Assistant to answer.
 */
export async function restoreDemoFirstResponder(request: APIRequestContext): Promise<void> {
  const { token } = await apiLogin(request, 'owner@demo.convo.local');
  const headers = { authorization: `Bearer ${token}` };
  const bots = (await (await request.get(BOT_PATHS.bots, { headers })).json()).data as {
    id: string;
    name: string;
    firstResponder: boolean;
  }[];
  const demo = bots.find((b) => b.name === DEMO_BOT_NAME);
  if (!demo || demo.firstResponder) return;
  const res = await request.put(BOT_PATHS.firstResponder, { headers, data: { botId: demo.id } });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Deletes the demo workspace's bots of this name (a spec's own bots, whatever state the spec left
 * them in), then gives the first responder back to the demo's bot.
 */
export async function removeSpecBots(request: APIRequestContext, name: string): Promise<void> {
  const { token } = await apiLogin(request, 'owner@demo.convo.local');
  const headers = { authorization: `Bearer ${token}` };
  const bots = (await (await request.get(BOT_PATHS.bots, { headers })).json()).data as {
    id: string;
    name: string;
  }[];
  for (const bot of bots.filter((b) => b.name === name)) {
    await request.delete(BOT_PATHS.bot.replace(':botId', bot.id), { headers });
  }
  await restoreDemoFirstResponder(request);
}

/** Creates a bot of this name on Manage bots, as an admin does (the dialog closes when it exists). */
export async function createBotInDashboard(page: Page, botName: string): Promise<void> {
  await page.goto('/bots/manage-bots');
  await page.getByRole('button', { name: 'Create bot' }).click();
  const dialog = page.getByRole('dialog', { name: 'New bot' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(botName);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
}
