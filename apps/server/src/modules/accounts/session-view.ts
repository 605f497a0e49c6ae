import type { AppSettings, Session } from '@convo/api';
import { type RoleType, SIGNUP_BLOCKS } from '@convo/domain';
import type { ApplicationRow, AppSettingsRow, UserRow } from './repository.js';

/** The application settings the dashboard keeps (SPEC §3 Application settings). */
export function toAppSettings(row: AppSettingsRow, defaultTeamClientGroupId: string | null): AppSettings {
  return {
    applicationId: row.applicationId,
    agentRouting: row.agentRouting,
    collectEmailOnAwayMessage: row.collectEmailOnAwayMessage,
    collectEmailOnWelcomeMessage: row.collectEmailOnWelcomeMessage,
    removeBotOnAgentHandOff: row.removeBotOnAgentHandOff,
    chatWidget: row.chatWidget,
    defaultTeamId: defaultTeamClientGroupId ?? '',
    showConversationSectionOnly: row.showConversationSectionOnly,
    companySetting: row.companySetting,
  };
}

export interface SessionParts {
  user: UserRow;
  application: ApplicationRow;
  admin: UserRow;
  settings: AppSettings;
  token: string;
  expiresAt: Date;
}

/** SPEC §3 Session: what the dashboard stores after sign-in; never a password or its hash. */
export function toSession({ user, application, admin, settings, token, expiresAt }: SessionParts): Session {
  const roleType = (user.roleType ?? '2') as RoleType;
  return {
    userName: user.userId,
    adminUserName: admin.userId,
    name: user.displayName,
    email: user.email ?? user.userId,
    roleType,
    roleName: user.roleName,
    isAdmin: roleType === '0' || roleType === '1',
    applicationId: application.id,
    application: {
      applicationId: application.id,
      key: application.key,
      name: application.name,
      createdAtTime: application.createdAt.getTime(),
      trialPeriod: application.trialPeriodDays,
      pricingPackage: application.pricingPackage,
      products: [{ productId: application.product }],
      subscriptionPlan: application.subscriptionPlan,
      pricingVersion: application.pricingVersion,
      mtu: application.mtu,
      paymentDueSince: application.paymentDueSince?.getTime() ?? null,
      dueInvoiceCount: application.dueInvoiceCount,
      auto_collection: application.autoCollection === 'off' ? 'off' : 'on',
      encryptionEnabled: application.encryptionEnabled,
      signupBlock: SIGNUP_BLOCKS.find((b) => b === application.signupBlock) ?? null,
    },
    imageLink: user.imageLink,
    availabilityStatus: user.availabilityStatus,
    created_at: user.createdAt.getTime(),
    emailVerified: user.emailVerifiedAt !== null,
    industry: user.industry,
    userIndustryRole: user.userIndustryRole,
    token,
    tokenExpiresAt: expiresAt.getTime(),
    userKey: user.userKey,
    customerId: application.customerId,
    adminDisplayName: admin.displayName,
    product: application.product === 'agent' ? 'agent' : 'classic',
    appSettings: settings,
  };
}
