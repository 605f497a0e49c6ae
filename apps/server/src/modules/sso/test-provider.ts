import type { Server } from 'node:http';
import Provider from 'oidc-provider';

// A real OpenID Connect provider for tests (oidc-provider, its development login and consent
// pages): any login name becomes the account, whose e-mail is that name, verified.

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

export async function startTestProvider(port: number, redirectUri: string): Promise<TestProvider> {
  const issuer = `http://localhost:${port}`;
  const clientId = 'convo-test';
  const clientSecret = 'convo-test-secret-0123456789';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    findAccount: async (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: async () => ({ sub, email: sub, email_verified: true }),
    }),
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    cookies: { keys: ['convo-test-cookie-key'] },
    features: { devInteractions: { enabled: true } },
  });
  const server: Server = await new Promise((resolve) => {
    const s = provider.listen(port, () => resolve(s));
  });
  return {
    issuer,
    clientId,
    clientSecret,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
