import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { applications, users } from './accounts.js';

// Team administration and sign-in security: invitations, each member's preferences and their
// two-factor secret. Every table carries application_id.

/** SPEC §3 Invitation (invitedUser, token): invited 0, signed-up 1. Only the token's hash is kept. */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: text('application_id')
      .notNull()
      .references(() => applications.id),
    email: text('email').notNull(),
    roleType: text('role_type').notNull(),
    tokenHash: text('token_hash').notNull(),
    status: integer('status').notNull().default(0),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    acceptedUserId: uuid('accepted_user_id').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invitations_app_email_uq').on(t.applicationId, t.email),
    uniqueIndex('invitations_token_uq').on(t.tokenHash),
  ],
);

/** A member's own preferences (SPEC §3 User preference: timeZone) and notification choices. */
export const memberPreferences = pgTable('member_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  applicationId: text('application_id').notNull(),
  timeZone: text('time_zone'),
  /** The dashboard language the member chose (en, es, fr, kn): the language of their e-mails. */
  language: text('language'),
  emailNotifications: jsonb('email_notifications').$type<Record<string, boolean>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * TOTP second factor. The secret is sealed with the server secret; enabled_at is null while set-up
 * is pending. last_step stops a code from being used twice; recovery codes are kept hashed.
 */
export const twoFactorSecrets = pgTable(
  'two_factor_secrets',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    applicationId: text('application_id').notNull(),
    sealedSecret: text('sealed_secret').notNull(),
    enabledAt: timestamp('enabled_at', { withTimezone: true }),
    lastStep: integer('last_step').notNull().default(0),
    recoveryCodeHashes: jsonb('recovery_code_hashes').$type<string[]>().notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('two_factor_app_idx').on(t.applicationId)],
);

/**
 * A company's OpenID Connect sign-in (SPEC §2 /sso, §6 settings.sso): the provider's issuer, the
 * client registered there (secret sealed with the server secret), and the e-mail domains it serves.
 */
export const ssoConnections = pgTable(
  'sso_connections',
  {
    applicationId: text('application_id')
      .primaryKey()
      .references(() => applications.id),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    sealedClientSecret: text('sealed_client_secret').notNull(),
    allowedDomains: jsonb('allowed_domains').$type<string[]>().notNull().default([]),
    enabled: boolean('enabled').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sso_connections_domains_idx').using('gin', t.allowedDomains)],
);
