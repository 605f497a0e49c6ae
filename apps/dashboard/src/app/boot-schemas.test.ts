import {
  clientConfigSchema as contractConfig,
  apiErrorSchema as contractError,
  sessionResponseSchema as contractSessionResponse,
  sessionSchema,
} from '@convo/api';
import { describe, expect, it } from 'vitest';
import { omit, safeParse } from 'zod/mini';
import {
  apiErrorSchema,
  appSettingsSchema,
  clientConfigSchema,
  sessionResponseSchema,
  storedSessionSchema,
} from './boot-schemas';
import { makeSession } from './session/session.fixture';

// The boot's zod-mini schemas must accept and refuse what the contracts (classic zod) do.
const same = (
  mini: Parameters<typeof safeParse>[0],
  contract: { safeParse(v: unknown): unknown },
  value: unknown,
) => {
  const a = safeParse(mini, value);
  const b = contract.safeParse(value) as { success: boolean; data?: unknown };
  expect(a.success).toBe(b.success);
  if (a.success) expect(a.data).toEqual(b.data);
};

const config = {
  variant: 'agentic',
  version: '1.0.0',
  apiBaseUrl: '',
  messagingBaseUrl: '',
  googleSignIn: false,
  devMailbox: true,
  errorReporting: false,
  supportAppId: null,
};

describe('boot schemas', () => {
  it('read the config as the contract does, defaults included', () => {
    same(clientConfigSchema, contractConfig, config);
    same(clientConfigSchema, contractConfig, { ...config, region: { id: 'eu', name: null }, metabase: true });
    same(clientConfigSchema, contractConfig, { ...config, variant: 'other' });
    same(clientConfigSchema, contractConfig, { ...config, googleSignIn: undefined });
  });

  it('read the stored session and the app settings as the contract does', () => {
    const { appSettings, ...user } = makeSession();
    same(storedSessionSchema, omit(sessionSchema, { appSettings: true }), user);
    same(storedSessionSchema, omit(sessionSchema, { appSettings: true }), { ...user, roleType: '9' });
    same(appSettingsSchema, sessionSchema.shape.appSettings, appSettings);
    same(appSettingsSchema, sessionSchema.shape.appSettings, { ...appSettings, agentRouting: 'x' });
  });

  it('read the answer of sign-in and users/me as the contract does', () => {
    const session = makeSession();
    same(sessionResponseSchema, contractSessionResponse, { code: 'SUCCESS', data: session });
    same(sessionResponseSchema, contractSessionResponse, { code: 'ERROR', data: session });
    same(sessionResponseSchema, contractSessionResponse, {
      code: 'SUCCESS',
      data: { ...session, appSettings: { ...session.appSettings, agentRouting: 'x' } },
    });
  });

  it("read an error's body as the contract does", () => {
    same(apiErrorSchema, contractError, { code: 'X', message: 'm', details: [1] });
    same(apiErrorSchema, contractError, { code: 'X' });
  });
});
