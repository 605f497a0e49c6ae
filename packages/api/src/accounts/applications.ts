import * as z from 'zod/mini';
import { roleTypeSchema, sessionResponseSchema, successEnvelope } from './accounts.js';
import { APPLICATION_NAME_MAX } from './constants.js';

// Several applications per account (issue 20 item 2; SPEC §2 `/apps`, §7 "application list by role
// APPLICATION_WEB_ADMIN"): the applications a signed-in person is a member of, a new application
// of the same company, and a switch (a new session for another membership, without signing out).

export const memberApplicationSchema = z.object({
  applicationId: z.string(),
  name: z.string(),
  /** The caller's role in that application. */
  roleType: roleTypeSchema,
  roleName: z.string(),
  createdAtTime: z.number(),
  /** The application of the token that asked. */
  current: z.boolean(),
});
export type MemberApplication = z.infer<typeof memberApplicationSchema>;

export const memberApplicationListResponseSchema = successEnvelope(z.array(memberApplicationSchema));

export const createApplicationRequestSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(APPLICATION_NAME_MAX)),
});
export type CreateApplicationRequest = z.infer<typeof createApplicationRequestSchema>;

export const createApplicationResponseSchema = successEnvelope(memberApplicationSchema);

export const switchApplicationRequestSchema = z.object({
  applicationId: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
  /** The target membership's second factor, when it has one turned on. */
  otp: z.optional(z.string().check(z.trim(), z.maxLength(32))),
});
export type SwitchApplicationRequest = z.infer<typeof switchApplicationRequestSchema>;

export const switchApplicationResponseSchema = sessionResponseSchema;

const roleNameList = z.pipe(
  z.union([
    z.string().check(z.maxLength(64)),
    z.array(z.string().check(z.maxLength(64))).check(z.maxLength(10)),
  ]),
  z.transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean)),
);

export const applicationListByRoleQuerySchema = z.object({
  roleNameList: z._default(roleNameList, ['APPLICATION_WEB_ADMIN']),
  /** Applozic clients name the person; only the caller themself may be named. */
  userId: z.optional(z.string().check(z.trim(), z.maxLength(190))),
  emailId: z.optional(z.string().check(z.trim(), z.maxLength(254))),
});

/** Application id → application name, as the Applozic platform answers it. */
export const applicationListByRoleResponseSchema = z.record(z.string(), z.string());
