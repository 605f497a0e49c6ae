import { sql } from 'drizzle-orm';
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

// Accounts: the paying customer (company), its applications (tenants), the people and end users of
// an application, their sessions and one-time codes. Every tenant table carries application_id.

export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyName: text('company_name').notNull(),
    email: text('email').notNull(),
    signupSource: text('signup_source'),
    dealCode: text('deal_code'),
    shopUrl: text('shop_url'),
    /** Who bills the company: 'shopify' for a sign-up from the Shopify app (SPEC §2 billingPlatform), else null. */
    billingPlatform: text('billing_platform'),
    industry: text('industry'),
    /**
     * The sign-up e-mail's company domain (null for shared mail providers): frequent sign-ups of one
     * domain are counted by it (SPEC §8 domain block).
     */
    emailDomain: text('email_domain'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('customers_email_domain_idx').on(t.emailDomain, t.createdAt)],
);

export const applications = pgTable('applications', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  customerId: uuid('customer_id')
    .notNull()
    .references(() => customers.id),
  name: text('name').notNull(),
  product: text('product').notNull().default('classic'),
  subscriptionPlan: text('subscription_plan').notNull().default('trial'),
  pricingPackage: integer('pricing_package').notNull().default(0),
  pricingVersion: integer('pricing_version').notNull().default(9),
  trialPeriodDays: integer('trial_period_days').notNull().default(30),
  mtu: integer('mtu').notNull().default(0),
  paymentDueSince: timestamp('payment_due_since', { withTimezone: true }),
  dueInvoiceCount: integer('due_invoice_count').notNull().default(0),
  autoCollection: text('auto_collection').notNull().default('on'),
  encryptionEnabled: boolean('encryption_enabled').notNull().default(false),
  encryptionType: integer('encryption_type').notNull().default(0),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  /** Blocked by its e-mail domain ('frequent-signups', SPEC §8) until a plan is bought; null: not. */
  signupBlock: text('signup_block'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Dashboard members (role_type set: super admin, admin, agent, bot, developer, operator) and the
 * application's end users (role_type null) share one table, as in the messaging platform where both
 * are users of the application.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: text('application_id')
      .notNull()
      .references(() => applications.id),
    userId: text('user_id').notNull(),
    email: text('email'),
    displayName: text('display_name').notNull().default(''),
    passwordHash: text('password_hash'),
    roleType: text('role_type'),
    roleName: text('role_name').notNull().default('USER'),
    userKey: uuid('user_key').notNull().defaultRandom(),
    status: integer('status').notNull().default(1),
    availabilityStatus: integer('availability_status').notNull().default(1),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    imageLink: text('image_link'),
    contactNumber: text('contact_number'),
    industry: text('industry'),
    userIndustryRole: text('user_industry_role'),
    authenticationTypeId: integer('authentication_type_id').notNull().default(1),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    /** The app module (schema/app-modules.ts) an end user last registered through, if any. */
    appModuleName: text('app_module_name'),
    lastLoggedInAt: timestamp('last_logged_in_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_app_user_id_uq').on(t.applicationId, t.userId),
    index('users_email_idx').on(t.email),
    index('users_app_role_idx').on(t.applicationId, t.roleType),
  ],
);

/** Opaque bearer tokens; only their SHA-256 is stored. Serves both API families. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    applicationId: text('application_id').notNull(),
    kind: text('kind').notNull(),
    deviceKey: uuid('device_key').notNull().defaultRandom(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Codes sent by mail (e-mail validation, password reset); only their hash is kept. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('one_time_codes_user_purpose_idx').on(t.userId, t.purpose)],
);

export const appSettings = pgTable('app_settings', {
  applicationId: text('application_id')
    .primaryKey()
    .references(() => applications.id),
  agentRouting: integer('agent_routing').notNull().default(1),
  collectEmailOnAwayMessage: boolean('collect_email_on_away_message').notNull().default(false),
  collectEmailOnWelcomeMessage: boolean('collect_email_on_welcome_message').notNull().default(false),
  removeBotOnAgentHandOff: boolean('remove_bot_on_agent_hand_off').notNull().default(false),
  chatWidget: jsonb('chat_widget').$type<Record<string, unknown>>().notNull().default({}),
  defaultTeamId: uuid('default_team_id'),
  showConversationSectionOnly: boolean('show_conversation_section_only').notNull().default(false),
  /** Resolve open conversations after this many minutes of silence; null = never. */
  autoResolveAfterMinutes: integer('auto_resolve_after_minutes'),
  companySetting: jsonb('company_setting')
    .$type<{
      rolesAndPermissions?: Record<string, string[]>;
      hideBillingFromNonAdmin?: boolean;
      featureAccess?: string[];
      /** SPEC §6: true hides our support chat in this company's dashboard. */
      disableSupportWidget?: boolean;
    }>()
    .notNull()
    .default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const teams = pgTable(
  'teams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: text('application_id')
      .notNull()
      .references(() => applications.id),
    clientGroupId: text('client_group_id').notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('teams_app_client_group_uq').on(t.applicationId, t.clientGroupId)],
);

export const teamMembers = pgTable(
  'team_members',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    applicationId: text('application_id').notNull(),
    role: text('role').notNull().default('3'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('team_members_uq').on(t.teamId, t.userId)],
);

export const tags = pgTable(
  'tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: text('application_id')
      .notNull()
      .references(() => applications.id),
    name: text('name').notNull(),
    color: text('color'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tags_app_name_active_uq').on(t.applicationId, t.name).where(sql`${t.deletedAt} is null`),
  ],
);

/** Every mail the server sends; without SMTP it stays here and the dev mailbox page shows it. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: text('application_id'),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text_body').notNull(),
    html: text('html_body'),
    status: text('status').notNull().default('outbox'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);
