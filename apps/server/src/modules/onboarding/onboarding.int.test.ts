import {
  BOT_PATHS,
  type ChatWidgetSettings,
  INBOX_PATHS,
  MESSAGING_PATHS,
  ONBOARDING_PATHS,
  type Onboarding,
  TEAM_ADMIN_PATHS,
  WIDGET_API_PATHS,
  WIDGET_SETTINGS_PATHS,
} from '@convo/api';
import { ONBOARDING_STATE, SETUP_GUIDE_STEPS } from '@convo/domain';
import { describe, expect, it, vi } from 'vitest';
import { onboardingSteps } from '../../db/schema/index.js';
import {
  newTenant,
  newVisitorConversation,
  sendTestMessage,
  type Tenant,
} from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { createOnboardingRecorder } from './recorder.js';

let ipCounter = 0;
const nextIp = () => `203.0.113.${(ipCounter++ % 250) + 1}`;

describe.each(testDatabaseKinds())('onboarding (setup guide) on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 2 });
  const [a, b] = tenants;

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  async function guide(tenant: Tenant): Promise<Onboarding> {
    const res = await call('GET', ONBOARDING_PATHS.onboarding, tenant.admin);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Onboarding;
  }
  const reached = async (tenant: Tenant) => (await guide(tenant)).steps.map((s) => s.state);

  it('a new application has only "account created", and reading the guide records nothing', async () => {
    const tenant = await newTenant(t);
    const first = await guide(tenant);
    expect(first.steps.map((s) => s.state)).toEqual([ONBOARDING_STATE.ACCOUNT_CREATED]);
    expect(first.progress).toEqual({ done: 0, total: SETUP_GUIDE_STEPS.length, percent: 0 });
    expect(first.flags).toMatchObject({ kmOnBoarding: true, closePseudoBanner: false, trialDaysLeft: 30 });
    expect(first.skipUserOnboarding).toBe(false);
    // Visiting the settings pages (reads) reaches nothing.
    for (const url of [
      TEAM_ADMIN_PATHS.profile,
      WIDGET_SETTINGS_PATHS.chatWidget,
      INBOX_PATHS.quickReplies,
    ]) {
      expect((await call('GET', url, tenant.admin)).statusCode).toBe(200);
    }
    expect(await reached(tenant)).toEqual([ONBOARDING_STATE.ACCOUNT_CREATED]);
  });

  it('each settings action ticks its own step, for its own application only', async () => {
    const widget = (await call('GET', WIDGET_SETTINGS_PATHS.chatWidget, a.admin)).json()
      .data as ChatWidgetSettings;
    const actions: [number, () => Promise<{ statusCode: number; body: string }>][] = [
      [
        ONBOARDING_STATE.PROFILE_UPDATED,
        () => call('PATCH', TEAM_ADMIN_PATHS.profile, a.admin, { name: 'Ada' }),
      ],
      [
        ONBOARDING_STATE.WIDGET_CUSTOMIZED,
        () =>
          call('PATCH', WIDGET_SETTINGS_PATHS.chatWidget, a.admin, { customization: widget.customization }),
      ],
      [
        ONBOARDING_STATE.WELCOME_MESSAGE_CREATED,
        () =>
          call('PATCH', WIDGET_SETTINGS_PATHS.chatWidget, a.admin, {
            welcomeMessage: { ...widget.welcomeMessage, enabled: true, messages: ['Welcome!'] },
          }),
      ],
      [
        ONBOARDING_STATE.GREETING_MESSAGE,
        () =>
          call('PATCH', WIDGET_SETTINGS_PATHS.chatWidget, a.admin, {
            greetingMessage: { ...widget.greetingMessage, enabled: true },
          }),
      ],
      [
        ONBOARDING_STATE.TEAM_INVITATION_SENT,
        () =>
          call('POST', TEAM_ADMIN_PATHS.invite, a.admin, { email: 'new-agent@example.com', roleType: '2' }),
      ],
      [
        ONBOARDING_STATE.QUICK_REPLY,
        () =>
          call('POST', INBOX_PATHS.quickReplies, a.admin, {
            shortcut: 'hi',
            content: 'Hello!',
            shared: true,
          }),
      ],
      [
        ONBOARDING_STATE.CONVERSATION_ASSIGNMENT,
        () => call('PATCH', INBOX_PATHS.conversationSettings, a.admin, { agentRouting: 1 }),
      ],
      [
        ONBOARDING_STATE.BOT_CREATED,
        () => call('POST', BOT_PATHS.bots, a.admin, { name: 'Helper', engine: 'kompose' }),
      ],
    ];
    for (const [state, act] of actions) {
      expect(await reached(a)).not.toContain(state);
      const res = await act();
      expect(res.statusCode, res.body).toBe(200);
      expect(await reached(a)).toContain(state);
    }
    // The other application's guide did not move.
    expect(await reached(b)).toEqual([ONBOARDING_STATE.ACCOUNT_CREATED]);
    const step = (await guide(a)).steps.find((s) => s.state === ONBOARDING_STATE.PROFILE_UPDATED);
    expect(step?.userId).toEqual(expect.any(String));
  });

  it('a refused action ticks nothing; a settings change without routing is not the assignment step', async () => {
    const tenant = await newTenant(t);
    const bad = await call('POST', INBOX_PATHS.quickReplies, tenant.admin, { shortcut: '', content: '' });
    expect(bad.statusCode).toBe(400);
    const other = await call('PATCH', INBOX_PATHS.conversationSettings, tenant.admin, {
      showResolvedInAll: true,
    });
    expect(other.statusCode, other.body).toBe(200);
    expect(await reached(tenant)).toEqual([ONBOARDING_STATE.ACCOUNT_CREATED]);
  });

  it('the widget is installed by an init from a page, not by an API call without one', async () => {
    const tenant = await newTenant(t);
    const init = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: WIDGET_API_PATHS.init,
        payload: {
          appId: tenant.applicationId,
          userId: `v-${Math.random().toString(36).slice(2)}`,
          password: 'abcdef12345',
        },
        headers,
        remoteAddress: nextIp(),
      });
    expect((await init({})).statusCode).toBe(200);
    expect(await reached(tenant)).not.toContain(ONBOARDING_STATE.SCRIPT_INSTALLED);
    expect((await init({ origin: 'http://localhost:3000' })).statusCode).toBe(200);
    expect(await reached(tenant)).toContain(ONBOARDING_STATE.SCRIPT_INSTALLED);
  });

  it("the install step's test page carries the application's own widget", async () => {
    const tenant = await newTenant(t);
    const page = await t.app.inject({ method: 'GET', url: `/demo?appId=${tenant.applicationId}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(tenant.applicationId);
    const unknown = await t.app.inject({ method: 'GET', url: '/demo?appId=no-such-app' });
    expect(unknown.body).not.toContain('no-such-app');
  });

  it('the first reply by a person and the first resolve are ticked from the conversation itself', async () => {
    const tenant = await newTenant(t);
    const { visitor, groupId } = await newVisitorConversation(t, tenant);
    expect((await sendTestMessage(t, visitor.headers, groupId, 'v1', 'Hello?')).statusCode).toBe(200);
    expect(await reached(tenant)).not.toContain(ONBOARDING_STATE.SEND_REPLY);
    expect((await sendTestMessage(t, tenant.admin, groupId, 'a1', 'Hi, how can I help?')).statusCode).toBe(
      200,
    );
    await vi.waitFor(async () => expect(await reached(tenant)).toContain(ONBOARDING_STATE.SEND_REPLY));
    expect(await reached(tenant)).not.toContain(ONBOARDING_STATE.RESOLVE_FIRST_CONVERSATION);
    const resolved = await t.app.inject({
      method: 'PATCH',
      url: `${MESSAGING_PATHS.statusChange}?groupId=${groupId}&status=2`,
      headers: tenant.admin,
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    await vi.waitFor(async () =>
      expect(await reached(tenant)).toContain(ONBOARDING_STATE.RESOLVE_FIRST_CONVERSATION),
    );
  });

  it('state only moves forward: a step keeps its first time, the last guide step completes onboarding', async () => {
    const tenant = await newTenant(t);
    const recorder = createOnboardingRecorder(t.database.db, { warn: () => {} });
    await recorder.record(tenant.applicationId, null, ONBOARDING_STATE.QUICK_REPLY);
    const first = (await guide(tenant)).steps.find((s) => s.state === ONBOARDING_STATE.QUICK_REPLY);
    // A second recorder (another node) records the same step again: the first time stays.
    await createOnboardingRecorder(t.database.db, { warn: () => {} }).record(
      tenant.applicationId,
      null,
      ONBOARDING_STATE.QUICK_REPLY,
    );
    const again = (await guide(tenant)).steps.find((s) => s.state === ONBOARDING_STATE.QUICK_REPLY);
    expect(again?.reachedAt).toBe(first?.reachedAt);
    for (const step of SETUP_GUIDE_STEPS) await recorder.record(tenant.applicationId, null, step);
    const done = await guide(tenant);
    expect(done.progress.percent).toBe(100);
    expect(done.steps.map((s) => s.state)).toContain(ONBOARDING_STATE.ONBOARDING_COMPLETED);
    const rows = await t.database.db.select().from(onboardingSteps);
    expect(rows.filter((r) => r.applicationId === tenant.applicationId)).toHaveLength(
      SETUP_GUIDE_STEPS.length + 1,
    );
  });

  it('POST sets only the member’s own flags; steps and trial days cannot be set', async () => {
    const tenant = await newTenant(t);
    const res = await call('POST', ONBOARDING_PATHS.onboarding, tenant.admin, {
      closePseudoBanner: true,
      closeTrialDaysLeftBanner: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.flags).toMatchObject({
      closePseudoBanner: true,
      closeTrialDaysLeftBanner: true,
      kmOnBoarding: true,
    });
    const off = await call('POST', ONBOARDING_PATHS.onboarding, tenant.admin, { kmOnBoarding: false });
    expect(off.json().data.flags).toMatchObject({ closePseudoBanner: true, kmOnBoarding: false });
    for (const payload of [{ steps: [2, 3] }, { state: 15 }, { trialDaysLeft: 99 }, {}]) {
      const refused = await call('POST', ONBOARDING_PATHS.onboarding, tenant.admin, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json().code).toBe('INVALID_PARAMETER');
    }
    expect(await reached(tenant)).toEqual([ONBOARDING_STATE.ACCOUNT_CREATED]);
    // Another application's member keeps their own defaults.
    expect((await guide(b)).flags.closePseudoBanner).toBe(false);
  });

  it('needs a member session', async () => {
    expect((await t.app.inject({ method: 'GET', url: ONBOARDING_PATHS.onboarding })).statusCode).toBe(401);
  });
});
