import { z } from 'zod';
import { REGISTER_OUTCOMES } from './constants.js';

// Messaging API (/rest/ws/...) shapes of the public Applozic platform, field for field where
// documented (shared/reference/applozic-api.md §2), so existing clients can talk to us.

export const registerClientRequestSchema = z.object({
  userId: z.string().trim().min(1).max(190),
  applicationId: z.string().trim().min(1).max(64),
  password: z.string().max(128).optional(),
  /**
   * 1: we verify the password; 0: the customer's server vouches for the user. Absent, it follows
   * the body: 1 with a password, 0 without (the reference's example registers with neither).
   */
  authenticationTypeId: z.coerce.number().int().min(0).max(2).optional(),
  deviceType: z.coerce.number().int().min(0).max(10).default(0),
  displayName: z.string().max(120).optional(),
  email: z.string().trim().max(254).optional(),
  contactNumber: z.string().trim().max(32).optional(),
  imageLink: z.string().max(2048).optional(),
  registrationId: z.string().max(512).optional(),
  pushNotificationFormat: z.coerce.number().int().optional(),
  userTypeId: z.coerce.number().int().optional(),
  unreadCountType: z.coerce.number().int().optional(),
  appModuleName: z.string().max(120).optional(),
  roleName: z.string().max(64).optional(),
  metadata: z.record(z.string(), z.string()).optional(),
});
export type RegisterClientRequest = z.input<typeof registerClientRequestSchema>;

export const registerClientResponseSchema = z.object({
  message: z.enum(REGISTER_OUTCOMES),
  code: z.enum(REGISTER_OUTCOMES).optional(),
  userId: z.string().optional(),
  displayName: z.string().optional(),
  imageLink: z.string().nullable().optional(),
  userKey: z.string().optional(),
  deviceKey: z.string().optional(),
  authToken: z.string().optional(),
  roleType: z.number().optional(),
  encryptionKey: z.string().nullable().optional(),
  enableEncryption: z.boolean().optional(),
  encryptionType: z.number().optional(),
  lastSyncTime: z.number().optional(),
  currentTimeStamp: z.number(),
  deactivate: z.boolean().optional(),
  totalUnreadCount: z.number().optional(),
  metadata: z.record(z.string(), z.string()).optional(),
  newUser: z.boolean().optional(),
});
export type RegisterClientResponse = z.infer<typeof registerClientResponseSchema>;

/** Applozic platform API envelope for GETs. */
export const platformEnvelope = <T extends z.ZodType>(response: T) =>
  z.object({ status: z.literal('success'), generatedAt: z.number(), response });

export const applicationInfoSchema = z.object({
  applicationId: z.string(),
  key: z.string(),
  name: z.string(),
  createdAtTime: z.number(),
  pricingPackage: z.number(),
  encryptionEnabled: z.boolean(),
});

export const userDataSchema = z.object({
  userId: z.string(),
  userName: z.string(),
  displayName: z.string(),
  email: z.string().nullable(),
  roleType: z.string().nullable(),
  roleName: z.string(),
  status: z.number(),
  imageLink: z.string().nullable(),
  createdAtTime: z.number(),
});
