import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { applications } from './accounts.js';

// Billing (issue 19): each application's subscription as the payment provider last told us, and
// its usage counted per calendar month as messages are sent.

/**
 * One row per application that a billing provider (or the operator's set-plan command) has
 * touched; an application without one is judged from its `applications` row (plan, trial).
 */
export const billingSubscriptions = pgTable('billing_subscriptions', {
  applicationId: text('application_id')
    .primaryKey()
    .references(() => applications.id),
  /** 'manual' or 'stripe': who set this row. */
  provider: text('provider').notNull(),
  plan: text('plan').notNull(),
  pricingVersion: integer('pricing_version').notNull(),
  /** Seats bought; null when the plan is not sold per seat. */
  seats: integer('seats'),
  /** 'month' or 'year'. */
  billingPeriodUnit: text('billing_period_unit').notNull().default('month'),
  /** Paid through (manual invoicing), or the end of a trial; null when open-ended. */
  until: timestamp('until', { withTimezone: true }),
  dueInvoiceCount: integer('due_invoice_count').notNull().default(0),
  dueSince: timestamp('due_since', { withTimezone: true }),
  /** 'on' or 'off' (SPEC §7 auto_collection). */
  autoCollection: text('auto_collection').notNull().default('on'),
  /** The provider's own customer and subscription ids (Stripe's cus_…, sub_…). */
  externalCustomerId: text('external_customer_id'),
  externalSubscriptionId: text('external_subscription_id'),
  /** Overage add-on packs bought (SPEC §9 add-on ids; `overageAddon` in the domain says what one adds). */
  addonPacks: integer('addon_packs').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Messages and monthly tracked users of one application in one calendar month ('YYYY-MM', UTC). */
export const billingUsage = pgTable(
  'billing_usage',
  {
    applicationId: text('application_id')
      .notNull()
      .references(() => applications.id),
    period: text('period').notNull(),
    messages: integer('messages').notNull().default(0),
    mtu: integer('mtu').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.period] })],
);

/**
 * The end users already counted in a month's MTU: a user's first message of the month inserts a
 * row here and adds one to `billing_usage.mtu`; later messages find the row and add nothing.
 */
export const billingActiveUsers = pgTable(
  'billing_active_users',
  {
    applicationId: text('application_id')
      .notNull()
      .references(() => applications.id),
    period: text('period').notNull(),
    userId: text('user_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.applicationId, t.period, t.userId] }),
    index('billing_active_users_period_idx').on(t.period),
  ],
);

/** Provider webhook events already applied: a replayed delivery finds its id here and changes nothing. */
export const billingWebhookEvents = pgTable('billing_webhook_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
