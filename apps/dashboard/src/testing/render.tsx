// Component tests render screens with the app's own providers (Mantine theme, query client, modals,
// toasts), its real i18n set-up (translations served from public/locales through the fake network)
// and a memory router. Only the network is faked, with MSW: handlers answer the API like the server.
// Files named `*.dom.test.tsx` run in the vitest project `dom` (happy-dom).

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ClientConfig, Session } from '@convo/api';
import { DEFAULT_LANGUAGE } from '@convo/domain';
import { cleanup, render } from '@testing-library/react';
import { HttpResponse, http, type RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { configStore } from '../app/config/config-store';
import { AppProviders } from '../app/providers';
import { queryClient } from '../app/query-client';
import { dropSessionState, saveSession } from '../app/session/session-store';
import { initI18n } from '../i18n/i18n';

export const ORIGIN = 'http://localhost:3000';

const LOCALES = path.resolve(import.meta.dirname, '../../public/locales');

/** Translations, read from the files the dashboard ships. */
const locales = http.get(`${ORIGIN}/locales/:lng/:ns`, async ({ params }) => {
  const file = path.join(LOCALES, String(params.lng), String(params.ns));
  return HttpResponse.text(await readFile(file, 'utf8'), { headers: { 'content-type': 'application/json' } });
});

export const server = setupServer(locales);

export const CONFIG: ClientConfig = {
  variant: 'classic',
  version: 'test',
  apiBaseUrl: `${ORIGIN}/api`,
  messagingBaseUrl: `${ORIGIN}/messaging`,
  googleSignIn: false,
  devMailbox: false,
  errorReporting: false,
  metabase: false,
  supportAppId: null,
  region: null,
  captchaSiteKey: null,
};

export const SESSION: Session = {
  userName: 'agent@example.com',
  adminUserName: 'admin@example.com',
  name: 'Ada Agent',
  email: 'agent@example.com',
  roleType: '1',
  roleName: 'admin',
  isAdmin: true,
  applicationId: 'app-1',
  application: {
    applicationId: 'app-1',
    key: 'app-key',
    name: 'Acme',
    createdAtTime: 0,
    trialPeriod: 30,
    pricingPackage: 101,
    products: [],
    subscriptionPlan: 'startup',
    pricingVersion: 3,
    mtu: 0,
    paymentDueSince: null,
    dueInvoiceCount: 0,
    auto_collection: 'off',
    encryptionEnabled: false,
  },
  imageLink: null,
  availabilityStatus: 1,
  created_at: 0,
  emailVerified: true,
  industry: null,
  userIndustryRole: null,
  token: 'test-token',
  tokenExpiresAt: Date.now() + 3_600_000,
  userKey: 'user-key',
  customerId: 'customer-1',
  adminDisplayName: 'Admin',
  product: 'classic',
  appSettings: {
    applicationId: 'app-1',
    agentRouting: 0,
    collectEmailOnAwayMessage: false,
    collectEmailOnWelcomeMessage: false,
    removeBotOnAgentHandOff: false,
    chatWidget: {},
    defaultTeamId: 'team-1',
    showConversationSectionOnly: false,
    companySetting: {} as Session['appSettings']['companySetting'],
  },
};

/** Registers the fake network, the stores and the translations for one test file. */
export function setUpDashboardHarness(): void {
  beforeAll(async () => {
    server.listen({ onUnhandledRequest: 'error' });
    configStore.setState({ config: CONFIG });
    await initI18n(DEFAULT_LANGUAGE, ['inbox', 'botBuilder']);
  });
  afterEach(() => {
    cleanup();
    server.resetHandlers();
    queryClient.clear();
    dropSessionState();
  });
  afterAll(() => server.close());
}

export function renderWithApp(ui: ReactNode, { route = '/', session = SESSION as Session | null } = {}) {
  if (session) saveSession(session);
  return render(
    <AppProviders config={CONFIG} customPrimary={null}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </AppProviders>,
  );
}

export const use = (...handlers: RequestHandler[]) => server.use(...handlers);
