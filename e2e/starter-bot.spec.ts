import path from 'node:path';
import { HELP_CENTER_PATHS, MESSAGING_PATHS } from '@convo/api';
import { messagingHeaders } from './support/inbox';
import { expectFitsViewport } from './support/layout';
import { expect, test } from './support/test';

// Issue 40 item 1: a new company signs up, is led to the starting-up screen, makes the starter bot
// from its help-center article in one click, and the bot answers a paraphrase of that article in
// the widget on the test page, at phone width too. With UPDATE_SCREENSHOTS=1 it also writes the
// README's "Your first hour" screenshots into docs/images/. Then the rest of the first hour: the
// visitor asks for a person, the owner answers from the inbox and resolves, the visitor rates, and
// /reports counts the conversation; the visitor never reads an internal routing line.

const IMAGES = path.join(import.meta.dirname, '..', 'docs', 'images');
const screenshots = process.env.UPDATE_SCREENSHOTS === '1';
/** The owner's dashboard after the guide, at each width; the visitor is on a phone in both. */
const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

for (const size of SIZES) {
  test(`sign-up leads to the setup guide, whose starter bot answers from a help-center article (${size.name})`, async ({
    page,
    context,
  }) => {
    const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const person = {
      name: 'Stella Starter',
      company: `Starter Co ${unique}`,
      email: `stella-${unique}@example.com`,
      password: 'Secret123',
    };
    const shoot = screenshots && size.name === 'desktop';
    // Sign-up, indexing, training, a bot answer, a handoff and a rating on a loaded two-core machine.
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    let token = '';
    let applicationId = '';
    let groupId = 0;

    await test.step('sign up: the new owner lands on the starting-up screen', async () => {
      await page.goto('/signup');
      await page.getByRole('textbox', { name: 'Full name', exact: true }).fill(person.name);
      await page.getByRole('textbox', { name: 'Company name', exact: true }).fill(person.company);
      await page.getByRole('textbox', { name: 'Work email', exact: true }).fill(person.email);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(person.password);
      const signedUp = page.waitForResponse((r) => r.url().endsWith('/api/signup'));
      await page.getByRole('button', { name: 'Sign up' }).click();
      const signedUpData = (
        (await (await signedUp).json()) as { data: { token: string; applicationId: string } }
      ).data;
      token = signedUpData.token;
      applicationId = signedUpData.applicationId;
      await expect(page).toHaveURL(/\/startingup$/);
      await expect(page.getByRole('heading', { name: "Welcome! Let's get you started" })).toBeVisible();
      // Every other page leads back here until the guide is done or dismissed.
      await page.goto('/conversations');
      await expect(page).toHaveURL(/\/startingup$/);
    });

    await test.step('publish a help-center article', async () => {
      const res = await page.request.post(HELP_CENTER_PATHS.articles, {
        headers: { authorization: `Bearer ${token}` },
        data: {
          title: 'Refund policy',
          bodyHtml:
            '<p>Refunds are paid back to your card within fourteen days of the parcel reaching our warehouse.</p>',
          status: 'published',
        },
      });
      expect(res.status(), await res.text()).toBe(200);
    });

    await test.step('one click makes the starter bot from the help center; it gets ready', async () => {
      const starter = page.getByTestId('starter-bot');
      await expect(starter).toBeVisible();
      await expect(starter.getByText('Help-center articles', { exact: true })).toBeVisible();
      if (shoot) await page.screenshot({ path: path.join(IMAGES, 'first-hour-setup-guide.png') });
      // At phone width the guide and the starter bot's choices fit without scrolling sideways.
      await page.setViewportSize({ width: 390, height: 844 });
      await starter.getByText('Website', { exact: true }).click();
      await expect(starter.getByRole('textbox', { name: "Your website's address" })).toBeVisible();
      await expectFitsViewport(page);
      await starter.getByText('Help-center articles', { exact: true }).click();
      await page.setViewportSize({ width: 1280, height: 900 });
      await starter.getByRole('button', { name: 'Create a starter bot' }).click();
      const progress = page.getByTestId('starter-bot-progress');
      await expect(progress).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
      await expect(page.getByTestId('setup-step-bot')).toHaveAttribute('data-done', 'true', {
        timeout: 15_000,
      });
    });

    await test.step('on the test page, at phone width, the bot answers a paraphrase', async () => {
      const opened = context.waitForEvent('page');
      await page.getByRole('link', { name: 'Try it on the test page' }).click();
      const visitor = await opened;
      await visitor.setViewportSize({ width: 390, height: 844 });
      await expect(visitor).toHaveURL(/\/demo\?appId=/);
      const chat = visitor.frameLocator('iframe[title="Chat"]');
      await chat.getByRole('button', { name: 'Open chat' }).click();
      const composer = chat.getByRole('textbox', { name: 'Type a message…' });
      await composer.click();
      await composer.pressSequentially('How long does a refund take to reach my card?', { delay: 10 });
      const created = visitor.waitForResponse((r) => r.url().includes(MESSAGING_PATHS.groupCreateV21));
      await composer.press('Enter');
      groupId = ((await (await created).json()).response as { id: number }).id;
      await expect(chat.getByText(/fourteen days/).first()).toBeVisible({ timeout: 30_000 });
      await expectFitsViewport(visitor);
      if (shoot) await visitor.screenshot({ path: path.join(IMAGES, 'first-hour-widget-answer.png') });

      await test.step('the visitor asks for a person: one friendly line, no routing', async () => {
        await composer.fill('I want to talk to a human please');
        await composer.press('Enter');
        await expect(
          chat.locator('.cv-system').filter({ hasText: 'A teammate will join you shortly.' }),
        ).toBeVisible({ timeout: 30_000 });
      });

      await test.step('dismissed, the dashboard is reachable; the owner answers from the inbox', async () => {
        await page.getByRole('button', { name: 'Continue to the dashboard' }).click();
        await expect(page).not.toHaveURL(/\/startingup$/);
        await page.setViewportSize(size.viewport);
        await page.goto(`/conversations/${groupId}`);
        const reply = 'Hi, Stella here: your refund left us today.';
        const box = page.getByTestId('composer');
        await box.fill(reply);
        await box.press('Enter');
        await expect(page.getByTestId('message').filter({ hasText: reply })).toBeVisible();
        await expect(chat.getByText(reply)).toBeVisible({ timeout: 20_000 });
      });

      await test.step('resolved, the visitor rates it; the log holds no internal line', async () => {
        const resolved = await page.request.patch(
          `${MESSAGING_PATHS.statusChange}?groupId=${groupId}&status=2`,
          {
            headers: messagingHeaders(token, applicationId),
          },
        );
        expect(resolved.status(), await resolved.text()).toBe(200);
        await expect(chat.getByText('How was your conversation?')).toBeVisible({ timeout: 20_000 });
        const log = (await chat.locator('.cv-log').textContent()) ?? '';
        expect(log).not.toMatch(/Assigned to|handed the conversation/);
        await chat.getByRole('button', { name: 'Great' }).click();
        await chat.getByRole('button', { name: 'Send rating' }).click();
        await expect(chat.getByText('Thanks for your feedback!')).toBeVisible();
      });
    });

    await test.step('the figures on /reports count the conversation', async () => {
      await page.goto('/reports');
      const panel = page.getByTestId('report-figures-conversations');
      const total = panel.getByTestId('report-total-newConversations').getByTestId('report-total-value');
      await expect(total).toHaveText('1', { timeout: 20_000 });
      await expect(panel.locator('[data-chart="bars"] [data-bar]').first()).toBeVisible();
    });
  });
}
