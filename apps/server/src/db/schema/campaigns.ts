import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { applications, users } from './accounts.js';

// Campaigns (issue 35, SPEC §3, §7): a broadcast of one message per platform to many customers,
// sent by the worker through the channel connectors; its recipients, each sent to at most once;
// and the customers who opted out of campaigns.

/**
 * One campaign. `platforms` holds the checked platforms' payloads as the send request gave them
 * (packages/api campaignPlatformsSchema); the counters follow the recipients' results.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: text('application_id')
      .notNull()
      .references(() => applications.id),
    name: text('name').notNull().default(''),
    /** The dashboard form's key: a second send with it finds this campaign instead of a new one. */
    clientKey: text('client_key'),
    /** draft | scheduled | sending | done | cancelled */
    status: text('status').notNull().default('draft'),
    platforms: jsonb('platforms').$type<Record<string, unknown>>().notNull(),
    groupAssignee: text('group_assignee'),
    groupAssigneeTeam: text('group_assignee_team'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    createdBy: text('created_by').notNull(),
    total: integer('total').notNull().default(0),
    sent: integer('sent').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    optedOut: integer('opted_out').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('campaigns_app_client_key_uq').on(t.applicationId, t.clientKey),
    index('campaigns_app_created_idx').on(t.applicationId, t.createdAt),
  ],
);

/**
 * A customer a campaign goes to, on one platform at one address. Unique per campaign and
 * customer: nobody gets a campaign twice. queued → sending (claimed by a worker's job, then attempted) →
 * sent | failed.
 */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    applicationId: text('application_id').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    /** The integration type it goes out on (telegram, whatsapp-twilio…). */
    channel: text('channel').notNull(),
    /** The customer's id at the provider. */
    address: text('address').notNull(),
    status: text('status').notNull().default('queued'),
    error: text('error'),
    externalId: text('external_id'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** The `campaigns.send` job that claimed it: its claim ends when that job is no longer running. */
    claimJob: text('claim_job'),
    /**
     * Set just before the provider is called: a claim that a dead worker left without it never
     * reached the provider and goes back to the queue; one with it is asked of the provider.
     */
    attemptedAt: timestamp('attempted_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** What the provider's status callbacks said after the send: delivered, then read (forward only). */
    receipt: text('receipt'),
    /** The customer's first message on the channel after it: its conversation went to the campaign's assignee. */
    repliedAt: timestamp('replied_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('campaign_recipients_campaign_customer_uq').on(t.campaignId, t.customerId),
    index('campaign_recipients_campaign_status_idx').on(t.campaignId, t.status, t.id),
    // A customer's reply finds the campaign it answers by the channel and their id there.
    index('campaign_recipients_reply_idx').on(t.applicationId, t.channel, t.address),
    // A status callback finds the send by the provider's message id.
    index('campaign_recipients_external_idx').on(t.applicationId, t.externalId),
  ],
);

/** Customers who opted out of campaigns (an agent, the API or a STOP on their channel said so). */
export const campaignOptOuts = pgTable(
  'campaign_opt_outs',
  {
    applicationId: text('application_id').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** agent | api | stop */
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.customerId] })],
);
