import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { applications, teams, users } from './accounts.js';

/**
 * Custom routing (SPEC §7 `customRouting/bulk/upsert`): a customer, by their userId, is routed to a
 * chosen agent or team. Keyed by the customer's userId rather than their row so a route can be set
 * before the customer first writes. Exactly one target; deleting the agent or team drops the route.
 */
export const customRoutes = pgTable(
  'custom_routes',
  {
    applicationId: text('application_id')
      .notNull()
      .references(() => applications.id),
    customerUserId: text('customer_user_id').notNull(),
    agentId: uuid('agent_id').references(() => users.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.applicationId, t.customerUserId] }),
    check('custom_routes_one_target', sql`(${t.agentId} IS NULL) <> (${t.teamId} IS NULL)`),
    index('custom_routes_agent_idx').on(t.agentId),
    index('custom_routes_team_idx').on(t.teamId),
  ],
);
