import { describe, expect, it } from 'vitest';
import { makeSession } from '../session/session.fixture';
import { supportWidgetSettings } from './support-widget-settings';

describe('supportWidgetSettings', () => {
  it('initialises the widget with the user, the welcome event and Role and Industry', () => {
    const session = makeSession({ industry: 'Retail', userIndustryRole: 'founder' });
    expect(supportWidgetSettings(session, 'support-app', '/conversations')).toEqual({
      appId: 'support-app',
      userId: 'ada@example.com',
      userName: 'Ada Lovelace',
      email: session.email,
      welcomeEvent: 'Dashboard-welcome',
      metadata: { Role: 'founder', Industry: 'Retail' },
    });
  });

  it('is null when signed out, unconfigured, or on an excluded page', () => {
    const session = makeSession();
    expect(supportWidgetSettings(null, 'support-app', '/conversations')).toBeNull();
    expect(supportWidgetSettings(session, null, '/conversations')).toBeNull();
    expect(supportWidgetSettings(session, 'support-app', '/signup')).toBeNull();
    expect(supportWidgetSettings(session, session.applicationId, '/conversations')).toBeNull();
  });

  it('is null where SPEC §2 hides the third-party area (the full-page support chat among them)', () => {
    const session = makeSession();
    for (const path of ['/live-agent', '/subscribe', '/unsubscribe', '/agenticfirst']) {
      expect(supportWidgetSettings(session, 'support-app', path)).toBeNull();
    }
  });
});
