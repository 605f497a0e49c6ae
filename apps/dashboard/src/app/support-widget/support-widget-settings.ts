// What the vendor's support widget is told about the signed-in dashboard user (SPEC §7 support widget init).

import type { Session } from '@convo/api';
import {
  isNotificationAreaHidden,
  SUPPORT_WIDGET_WELCOME_EVENT,
  shouldLoadSupportWidget,
} from '@convo/domain';

/** The subset of the widget loader's window.convoSettings the dashboard sets. */
export interface SupportWidgetSettings {
  appId: string;
  userId: string;
  userName: string;
  email: string;
  welcomeEvent: string;
  metadata: { Role: string; Industry: string };
}

/** null: the widget must not be shown (SPEC §6), or there is nobody signed in. */
export function supportWidgetSettings(
  session: Session | null,
  supportAppId: string | null,
  path: string,
): SupportWidgetSettings | null {
  if (session === null || supportAppId === null) return null;
  // SPEC §2: the third-party area is hidden on /subscribe, /unsubscribe, /agenticfirst and /live-agent
  // (the last one is a support chat already).
  if (isNotificationAreaHidden(path)) return null;
  const load = shouldLoadSupportWidget({
    supportAppId,
    applicationId: session.applicationId,
    roleType: session.roleType,
    companySetting: session.appSettings.companySetting,
    product: session.product,
    plan: session.application.subscriptionPlan,
    userIndustryRole: session.userIndustryRole,
    path,
  });
  if (!load) return null;
  return {
    appId: supportAppId,
    userId: session.userName,
    userName: session.name || session.userName,
    email: session.email,
    welcomeEvent: SUPPORT_WIDGET_WELCOME_EVENT,
    metadata: { Role: session.userIndustryRole ?? '', Industry: session.industry ?? '' },
  };
}
