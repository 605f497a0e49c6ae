import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AUTOMATION_HEADERS, AUTOMATION_PATHS } from '@convo/api';
import { apiLogin, logIn, messagingHeaders, visitor } from './support/inbox';
import { expectFitsViewport } from './support/layout';
import { expect, test } from './support/test';

// The automation connector end to end (issue 38 item 4): the owner opens Integrations → Automation,
// makes the API key (shown once), an automation platform subscribes a REST hook for "conversation
// resolved" to a local receiver with that key, a conversation is resolved, and the receiver gets
// the delivery signed with HMAC-SHA256 over "<timestamp>.<body>"; the usage table shows it.

const OWNER = 'owner@demo.convo.local';
const unique = Date.now().toString(36);

interface Received {
  headers: IncomingHttpHeaders;
  raw: string;
}
const received: Received[] = [];
let server: Server;
let hookUrl = '';

test.beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      raw += chunk;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, raw });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/zap/${unique}`;
});
test.afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

const verifies = (secret: string, timestamp: string, raw: string, signature: string) => {
  const expected = Buffer.from(
    `sha256=${createHmac('sha256', secret).update(`${timestamp}.${raw}`).digest('hex')}`,
  );
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
};

test('subscribe an automation hook with the API key and receive "conversation resolved", signed, then see it in the usage table', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const page = await logIn(browser, OWNER);
  let apiKey = '';
  let signingSecret = '';

  await test.step('Integrations → Automation, from the hub’s tabs', async () => {
    await page.goto('/integrations');
    await page.getByRole('tab', { name: 'Automation' }).click();
    await expect(page).toHaveURL(/\/integrations\/automation-analytics$/);
    await expect(page.getByRole('heading', { name: 'Automation connector' })).toBeVisible();
    await expect(page.getByTestId('not-found')).toHaveCount(0);
  });

  await test.step('make the API key: key and signing secret shown once', async () => {
    const make = page.getByRole('button', { name: 'Make an API key' });
    const rotate = page.getByRole('button', { name: 'Rotate key' });
    await expect(make.or(rotate)).toBeVisible();
    if (await rotate.isVisible()) {
      // A retried run: the key exists; rotating asks first.
      await rotate.click();
      await page
        .getByRole('dialog', { name: 'Rotate the API key?' })
        .getByRole('button', { name: 'Rotate key' })
        .click();
    } else {
      await make.click();
    }
    const shown = page.getByRole('dialog', { name: 'Your API key' });
    apiKey = ((await shown.getByTestId('automation-api-key').textContent()) ?? '').trim();
    signingSecret = ((await shown.getByTestId('automation-signing-secret').textContent()) ?? '').trim();
    expect(apiKey).toMatch(/^convo_ak_/);
    expect(signingSecret.length).toBeGreaterThan(16);
    await shown.getByRole('button', { name: 'I have copied them' }).click();
    await expect(shown).toBeHidden();
    await expect(page.getByTestId('automation-key-status')).toContainText(`ending in ${apiKey.slice(-4)}`);
    await expect(page.getByText(apiKey)).toHaveCount(0);
  });

  await test.step('the automation platform subscribes a REST hook with the key', async () => {
    const refused = await request.post(AUTOMATION_PATHS.subscribe, {
      headers: { [AUTOMATION_HEADERS.apiKey]: 'convo_ak_wrong' },
      data: { event: 'conversation.resolved', targetUrl: hookUrl },
    });
    expect(refused.status()).toBe(401);
    const res = await request.post(AUTOMATION_PATHS.subscribe, {
      headers: { [AUTOMATION_HEADERS.apiKey]: apiKey },
      data: { event: 'conversation.resolved', targetUrl: hookUrl },
    });
    expect(res.status()).toBe(201);
    await page.reload();
    const row = page.getByTestId('automation-hook-row').filter({ hasText: hookUrl });
    await expect(row).toContainText('Conversation resolved');
  });

  let groupId = 0;
  await test.step('a customer’s conversation is resolved', async () => {
    const customer = await visitor(request, (await apiLogin(request, OWNER)).applicationId, {
      unique: `zap-${unique}`,
      subject: `Order ${unique}`,
    });
    groupId = await customer.start();
    await customer.say(groupId, 'Where is my order?');
    const owner = await apiLogin(request, OWNER);
    const resolved = await request.patch(`/rest/ws/group/status/change?groupId=${groupId}&status=2`, {
      headers: messagingHeaders(owner.token, owner.applicationId),
    });
    expect(resolved.ok()).toBe(true);
  });

  await test.step('the receiver gets the delivery, and its HMAC-SHA256 signature verifies', async () => {
    await expect.poll(() => received.length, { timeout: 30_000 }).toBeGreaterThan(0);
    const call = received.find((r) => JSON.parse(r.raw).data?.groupId === groupId);
    expect(call).toBeDefined();
    const body = JSON.parse(call!.raw);
    expect(body).toMatchObject({ event: 'conversation.resolved', data: { groupId, status: 2 } });
    const timestamp = String(call!.headers[AUTOMATION_HEADERS.timestamp]);
    const signature = String(call!.headers[AUTOMATION_HEADERS.signature]);
    expect(verifies(signingSecret, timestamp, call!.raw, signature)).toBe(true);
    expect(verifies('whsec_not-the-secret', timestamp, call!.raw, signature)).toBe(false);
  });

  await test.step('the usage table lists the delivery', async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    const row = page.getByTestId('automation-delivery-row').filter({ hasText: hookUrl }).first();
    await expect(row).toContainText('Conversation resolved');
    await expect(row).toContainText('Delivered');
    await expect(page.getByTestId('automation-usage-summary')).toContainText('delivered');
  });

  await test.step('the page works at phone width', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('heading', { name: 'Automation connector' })).toBeVisible();
    await expectFitsViewport(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await expectFitsViewport(page);
  });
});
