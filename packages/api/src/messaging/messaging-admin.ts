import { CSAT_NEW_SCALE, CSAT_OLD_SCALE } from '@convo/domain';
import { z } from 'zod';
import { invitationSchema } from '../accounts/index.js';
import { platformOk } from './messaging.js';
import { conversationListQuerySchema, conversationPageResponseSchema } from './notes-and-search.js';
import { applicationInfoSchema } from './registration.js';
import { messagingUserSchema, userListSchema } from './teams-users-stats.js';

// The rest of the messaging API of SPEC §7 (issue 20 item 7): account registration, password
// change, application statistics, a team's business settings, conversation feedback, customer
// info, application edit, user create and developer invite. Answers use the Applozic envelope
// {status, generatedAt, response}; errors the usual {code, message}.

export const MESSAGING_ADMIN_PATHS = {
  registerAccount: '/rest/ws/register/v2/account',
  passwordUpdate: '/rest/ws/user/update/password',
  statsGet: '/rest/ws/stats/get',
  teamBusinessSettings: '/rest/ws/team/business-settings',
  feedback: '/rest/ws/feedback/v2/v2',
  feedbackOf: '/rest/ws/feedback/v2/:groupId',
  customerInfo: '/rest/ws/customer/info',
  applicationEdit: '/rest/ws/application/edit',
  userCreate: '/rest/ws/user/v2/create',
  userFilter: '/rest/ws/user/filter',
  developerInvite: '/rest/ws/developer/invite',
  userDeleteAll: '/rest/ws/user/delete/all',
  groupAll: '/rest/ws/group/all',
} as const;

const email = z.string().trim().toLowerCase().max(254).email('must be an e-mail address');

/** `register/v2/account`: a new account (company, application, super admin), as the sign-up. */
export const registerAccountRequestSchema = z.object({
  /** The admin's e-mail: their user id. */
  userId: email,
  userPassword: z.string().min(1).max(128),
  displayName: z.string().trim().min(1).max(120).optional(),
  companyName: z.string().trim().min(1).max(120).optional(),
  /**
   * The sign-up form's captcha answer (reCAPTCHA's `g-recaptcha-response`); required when the
   * server has CAPTCHA_SECRET, then 400 CAPTCHA_REQUIRED / CAPTCHA_FAILED, 503 CAPTCHA_UNAVAILABLE.
   */
  captchaResponse: z.string().max(4096).optional(),
});
export const registerAccountResponseSchema = platformOk(
  z.object({
    message: z.literal('REGISTERED'),
    applicationId: z.string(),
    userId: z.string(),
    roleType: z.string(),
    authToken: z.string(),
  }),
);

/** `user/update/password`: the caller's own password (GET with a query string, as the platform). */
export const passwordUpdateQuerySchema = z.object({
  oldPassword: z.string().min(1, 'oldPassword is required').max(128),
  newPassword: z.string().min(1, 'newPassword is required').max(200),
});
export const passwordUpdateResponseSchema = platformOk(z.string());

/** `stats/get`: the application's totals; `appKey` must be the caller's application. */
export const statsGetQuerySchema = z.object({ appKey: z.string().trim().min(1).max(64) });
export const applicationStatsSchema = z.object({
  applicationId: z.string(),
  /** End users (customers). */
  users: z.number(),
  /** Members not deactivated: admins, agents, bots, developers, operators. */
  members: z.number(),
  conversations: z.number(),
  openConversations: z.number(),
  resolvedConversations: z.number(),
  messages: z.number(),
});
export const statsGetResponseSchema = platformOk(applicationStatsSchema);

/**
 * `team/business-settings`: the business hours of the application's teams, as the Kommunicate
 * widget reads them (`teamId`, `teamName`, `timezone`, `businessHourMap` weekday → 'HHMM-HHMM',
 * the banner `message`), with Convo's own hours and whether it is open now. One team with `teamId`.
 * A visitor gets the default team and the teams of their own conversations.
 */
export const teamBusinessSettingsQuerySchema = z.object({
  teamId: z.string().trim().min(1).max(190).optional(),
});
export const teamBusinessSettingsSchema = z.object({
  teamId: z.string(),
  teamName: z.string(),
  timezone: z.string(),
  businessHourMap: z.record(z.string(), z.string()),
  /** The away message shown outside the hours; absent when the away message is off. */
  message: z.string().optional(),
  businessHours: z.object({
    enabled: z.boolean(),
    timeZone: z.string(),
    days: z.array(z.object({ day: z.number(), open: z.string(), close: z.string() })),
  }),
  openNow: z.boolean(),
});
export const teamBusinessSettingsResponseSchema = platformOk(z.array(teamBusinessSettingsSchema));

/**
 * `feedback/v2/v2`: the customer's rating of their conversation (open or resolved), 1 bad … 5 great (SPEC §9
 * new scale); 10 is the Kommunicate widget's "great" smiley (its 1/5/10 scale), kept on the old
 * scale. The widget also sends applicationId, supportAgentName, teamId and userInfo: ignored.
 */
export const feedbackRequestSchema = z.object({
  groupId: z.coerce.number().int().positive(),
  rating: z.coerce
    .number()
    .int()
    .refine((r) => (r >= CSAT_NEW_SCALE.BAD && r <= CSAT_NEW_SCALE.GREAT) || r === CSAT_OLD_SCALE.GREAT, {
      message: 'rating must be 1 to 5, or 10 (the widget smileys’ great)',
    }),
  comments: z.array(z.string().trim().max(1000)).max(1).optional(),
});
export const feedbackSchema = z.object({
  groupId: z.number(),
  rating: z.number(),
  /** Which SPEC §9 scale `rating` is on: new (1–5) or old (1/5/10). */
  scale: z.enum(['old', 'new']),
  comments: z.array(z.string()),
  createdAtTime: z.number(),
  updatedAtTime: z.number(),
});
/** The platform envelope, plus `code`/`data` the Kommunicate widget reads (`result.data`). */
export const feedbackResponseSchema = z.object({
  ...platformOk(feedbackSchema).shape,
  code: z.literal('SUCCESS'),
  data: feedbackSchema,
});
/** `GET feedback/v2/{groupId}`: the widget asks whether its conversation is rated (`data` null: not yet). */
export const feedbackGetResponseSchema = z.object({
  status: z.literal('success'),
  code: z.literal('SUCCESS'),
  generatedAt: z.number(),
  data: feedbackSchema.nullable(),
});

/** Customer info: the company behind the application and the caller's role in it. */
export const customerInfoSchema = z.object({
  applicationId: z.string(),
  companyName: z.string(),
  industry: z.string().nullable(),
  product: z.enum(['classic', 'agent']),
  adminUserName: z.string().nullable(),
  adminDisplayName: z.string().nullable(),
  role: z.string().nullable(),
  roleName: z.string(),
  pricingPackage: z.number(),
  createdAtTime: z.number(),
});
export const customerInfoResponseSchema = platformOk(customerInfoSchema);

/** `application/edit`: the application's name (payload encryption stays an operator's choice). */
export const applicationEditRequestSchema = z.object({ name: z.string().trim().min(1).max(100) });
export const applicationEditResponseSchema = platformOk(applicationInfoSchema);

/** `user/v2/create`: an end user (customer) of the application, created by a member. */
export const userCreateRequestSchema = z.object({
  userId: z.string().trim().min(1, 'userId is required').max(190),
  displayName: z.string().trim().min(1).max(120).optional(),
  email: email.optional(),
  /** With a password the user signs in with it (authenticationTypeId 1); without, their server vouches. */
  password: z.string().min(1).max(128).optional(),
  contactNumber: z.string().trim().max(32).optional(),
  metadata: z
    .record(z.string().min(1).max(100), z.string().max(2000))
    .refine((m) => Object.keys(m).length <= 50, 'metadata holds at most 50 keys')
    .optional(),
});
export const userCreateResponseSchema = platformOk(messagingUserSchema);

/** `developer/invite`: invites a developer (role 11) to the application by e-mail. */
export const developerInviteRequestSchema = z.object({ email });
export const developerInviteResponseSchema = platformOk(invitationSchema);

/** `user/filter`: the application's users by role types, statuses and text, one page at a time. */
export const userFilterRequestSchema = z.object({
  /** Role types ('0', '1', '2', '3', '11', '12'), or 'customers' for the end users. */
  roleTypes: z
    .array(z.enum(['0', '1', '2', '3', '11', '12', 'customers']))
    .max(6)
    .refine((r) => !r.includes('customers') || r.length === 1, "'customers' cannot be mixed with role types")
    .optional(),
  /** SPEC §4 user statuses: away 0, online 1, expired 2. */
  statuses: z.array(z.number().int().min(0).max(2)).max(3).optional(),
  query: z.string().trim().min(1).max(100).optional(),
  /** Only users who registered through this app module. */
  appModuleName: z.string().trim().min(1).max(200).optional(),
  startIndex: z.number().int().min(0).max(1_000_000).default(0),
  pageSize: z.number().int().min(1).max(100).default(100),
});
export const userFilterResponseSchema = platformOk(userListSchema);

/**
 * `user/delete/all`: deletes every end user (customer) of the application, as `user/delete/bulk`
 * does for a list. Nothing happens without `confirm: true`, so a bare call cannot empty a company.
 */
export const userDeleteAllRequestSchema = z.object({
  confirm: z.literal(true, { error: 'confirm must be true to delete every user' }),
});
export const userDeleteAllResponseSchema = platformOk(z.object({ deleted: z.number() }));

/** `group/all`: every conversation of the application, newest activity first, paged as `group/v2/list`. */
export const groupAllQuerySchema = conversationListQuerySchema;
export const groupAllResponseSchema = conversationPageResponseSchema;
