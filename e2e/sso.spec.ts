import type { Server } from 'node:http';
import Provider from 'oidc-provider';
import { mailboxHeaders } from './support/mailbox';
import { expect, test } from './support/test';

// Company SSO end to end: a real OpenID Connect provider (oidc-provider with its development login
// and consent pages) runs beside the product; the demo's super admin connects it in /settings/sso,
// and a member whose e-mail is on the company's domain signs in through /loginv2/sso.

const port = Number(process.env.E2E_PORT ?? 3100);
const idpPort = port + 30;
const issuer = `http://localhost:${idpPort}`;
const unique = Date.now().toString(36);
const domain = `sso-${unique}.example`;
const person = { email: `sam@${domain}`, name: 'Sam Sso', password: 'Ssoperson1' };
const client = { id: 'convo-e2e', secret: 'convo-e2e-secret-0123456789' };

let server: Server;

test.beforeAll(async () => {
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.id,
        client_secret: client.secret,
        redirect_uris: [`http://localhost:${port}/api/auth/sso/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    findAccount: async (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: async () => ({ sub, email: sub, email_verified: true }),
    }),
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    cookies: { keys: ['convo-e2e-cookie-key'] },
    features: { devInteractions: { enabled: true } },
  });
  server = await new Promise<Server>((resolve) => {
    const s = provider.listen(idpPort, () => resolve(s));
  });
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

test('SSO: connect an OpenID provider, then a member signs in through it', async ({
  page,
  request,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });

  await test.step('a member on the company domain exists (invited through the API)', async () => {
    const login = await request.post('/api/login', {
      data: { userName: 'owner@demo.convo.local', password: 'Demo1234' },
    });
    const headers = { authorization: `Bearer ${(await login.json()).data.token}` };
    expect(
      (
        await request.post('/api/users/invite', { headers, data: { email: person.email, roleType: '2' } })
      ).ok(),
    ).toBe(true);
    const mails = (await (await request.get('/api/dev/mailbox', { headers: mailboxHeaders() })).json()) as {
      data: { to: string; text: string }[];
    };
    const text = mails.data.find((m) => m.to === person.email)?.text ?? '';
    const inviteToken = decodeURIComponent(/inviteToken=([^\s&]+)/.exec(text)?.[1] ?? '');
    const signup = await request.post('/api/signup', {
      data: { email: person.email, name: person.name, password: person.password, inviteToken },
    });
    expect(signup.ok()).toBe(true);
  });

  await test.step('the super admin connects the provider in /settings/sso', async () => {
    await page.goto('/loginv2');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('owner@demo.convo.local');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Demo1234');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/settings/sso');
    await expect(page.getByRole('heading', { name: 'Single sign-on (SSO)' })).toBeVisible();
    await expect(page.getByTestId('sso-redirect-uri')).toHaveText(
      `http://localhost:${port}/api/auth/sso/callback`,
    );
    await page.getByRole('textbox', { name: 'Issuer URL' }).fill('http://localhost:9/nothing');
    await page.getByRole('textbox', { name: 'Client ID' }).fill(client.id);
    await page.getByLabel('Client secret').fill(client.secret);
    const domains = page.getByRole('combobox', { name: 'E-mail domains' });
    await domains.fill(domain);
    await domains.press('Enter');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(
      page.getByText('The provider did not answer at this issuer URL. Check the address.'),
    ).toBeVisible();
    await page.getByRole('textbox', { name: 'Issuer URL' }).fill(issuer);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('SSO settings saved.')).toBeVisible();
  });

  await test.step('the member signs in with SSO from /loginv2/sso', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const member = await context.newPage();
    await member.goto('/loginv2/sso');
    await member.getByRole('textbox', { name: 'Work e-mail' }).fill(`nobody@unknown-${unique}.example`);
    await member.getByRole('button', { name: 'Continue with SSO' }).click();
    await expect(member.getByText('No company signs in with SSO for this e-mail domain.')).toBeVisible();

    await member.getByRole('textbox', { name: 'Work e-mail' }).fill(person.email);
    await member.getByRole('button', { name: 'Continue with SSO' }).click();
    // The provider's own login and consent pages.
    await expect(member).toHaveURL(new RegExp(`^${issuer}/interaction/`));
    await member.locator('input[name="login"]').fill(person.email);
    await member.locator('input[name="password"]').fill('any');
    await member.locator('button[type="submit"]').click();
    await member.locator('button[type="submit"]').click();
    await expect(member).toHaveURL(/\/dashboard$/);
    await expect(member.getByText('Demo Store')).toBeVisible();
    await context.close();
  });
});
