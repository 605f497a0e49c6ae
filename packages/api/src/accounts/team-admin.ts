import { SUPPORTED_LANGUAGES } from '@convo/domain';
import * as z from 'zod/mini';
import { emailSchema, roleTypeSchema, successEnvelope } from './accounts.js';

// Product API (/api/...) contract for team administration: members, invitations, roles and
// permissions, profile and company. Path constants are written once here.

/** Role types a person can be invited as or changed to (bots are created, never invited). */
export const humanRoleTypeSchema = z.enum(['0', '1', '2', '11', '12']);

export const teamMemberViewSchema = z.object({
  userName: z.string(),
  name: z.string(),
  email: z.string(),
  roleType: roleTypeSchema,
  /** SPEC §4 user status: away 0, online 1, expired (disabled) 2, deleted 3. */
  status: z.number(),
  imageLink: z.nullable(z.string()),
  lastLoggedInAtTime: z.nullable(z.number()),
  createdAtTime: z.number(),
});
export type TeamMemberView = z.infer<typeof teamMemberViewSchema>;
export const teamMemberListResponseSchema = successEnvelope(z.array(teamMemberViewSchema));

/** SPEC §2 users PATCH (userNames, deactivate): one change for one or more members. */
export const memberUpdateRequestSchema = z
  .object({
    userNames: z
      .array(z.string().check(z.trim(), z.minLength(1), z.maxLength(254)))
      .check(z.minLength(1), z.maxLength(100)),
    roleType: z.optional(humanRoleTypeSchema),
    deactivate: z.optional(z.boolean()),
  })
  .check(
    z.refine((b) => (b.roleType === undefined) !== (b.deactivate === undefined), {
      message: 'give either roleType or deactivate',
    }),
  );
export type MemberUpdateRequest = z.infer<typeof memberUpdateRequestSchema>;

export const userNameParamsSchema = z.object({
  userName: z.string().check(z.trim(), z.minLength(1), z.maxLength(254)),
});

export const botCreateRequestSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(120)),
  userName: z
    .string()
    .check(
      z.trim(),
      z.toLowerCase(),
      z.minLength(2),
      z.maxLength(64),
      z.regex(/^[a-z0-9][a-z0-9._-]*$/, 'letters, digits, dot, dash and underscore only'),
    ),
});

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  roleType: roleTypeSchema,
  /** SPEC §4 invited user: invited 0, signed-up 1. */
  status: z.number(),
  invitedBy: z.nullable(z.string()),
  expiresAtTime: z.number(),
  createdAtTime: z.number(),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationListResponseSchema = successEnvelope(z.array(invitationSchema));
export const invitationResponseSchema = successEnvelope(invitationSchema);

export const inviteRequestSchema = z.object({ email: emailSchema, roleType: humanRoleTypeSchema });
export type InviteRequest = z.infer<typeof inviteRequestSchema>;
export const invitationIdSchema = z.object({ id: z.string().check(z.uuid()) });
export const inviteTokenQuerySchema = z.object({
  token: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
});

/** What the sign-up page shows for an invitation link (public: the token is the credential). */
export const invitationDetailSchema = z.object({
  email: z.string(),
  roleType: roleTypeSchema,
  companyName: z.string(),
  invitedByName: z.nullable(z.string()),
});
export const invitationDetailResponseSchema = successEnvelope(invitationDetailSchema);

/** SPEC §3 companySetting.rolesAndPermissions and hideBillingFromNonAdmin. */
export const rolesPermissionsSchema = z.object({
  rolesAndPermissions: z.record(z.string(), z.array(roleTypeSchema)),
  hideBillingFromNonAdmin: z.boolean(),
});
export type RolesPermissions = z.infer<typeof rolesPermissionsSchema>;
export const rolesPermissionsResponseSchema = successEnvelope(rolesPermissionsSchema);

export const profileSchema = z.object({
  userName: z.string(),
  name: z.string(),
  email: z.string(),
  imageLink: z.nullable(z.string()),
  contactNumber: z.nullable(z.string()),
  /** IANA time zone, or null: the browser's own. */
  timeZone: z.nullable(z.string()),
  /** The dashboard language last chosen, or null (English); the member's e-mails use it. */
  language: z.nullable(z.enum(SUPPORTED_LANGUAGES)),
  roleType: roleTypeSchema,
});
export type Profile = z.infer<typeof profileSchema>;
export const profileResponseSchema = successEnvelope(profileSchema);

export const profileUpdateRequestSchema = z.object({
  name: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(120))),
  contactNumber: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(20)))),
  timeZone: z.optional(z.nullable(z.string().check(z.trim(), z.minLength(1), z.maxLength(64)))),
  language: z.optional(z.enum(SUPPORTED_LANGUAGES)),
  /** An image uploaded with upload/image (its key), or null to remove the picture. */
  imageKey: z.optional(z.nullable(z.string().check(z.uuid()))),
});
export type ProfileUpdateRequest = z.infer<typeof profileUpdateRequestSchema>;

export const companySchema = z.object({
  companyName: z.string(),
  industry: z.nullable(z.string()),
  applicationId: z.string(),
  product: z.enum(['classic', 'agent']),
  createdAtTime: z.number(),
  /** SPEC §6 companySetting.disableSupportWidget: true hides our support chat in the dashboard. */
  disableSupportWidget: z.boolean(),
});
export type Company = z.infer<typeof companySchema>;
export const companyResponseSchema = successEnvelope(companySchema);
export const companyUpdateRequestSchema = z.object({
  companyName: z.string().check(z.trim(), z.minLength(1), z.maxLength(120)),
  industry: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(80)))),
});

/** Sets only companySetting.disableSupportWidget; the other keys of the setting stay as they are. */
export const companySupportWidgetRequestSchema = z.object({ disableSupportWidget: z.boolean() });
