import { boolean, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { applications, teams } from './accounts.js';

/**
 * App modules (SPEC §7 "app module edit"): the client apps of one application, named by the
 * `appModuleName` their SDKs send at registration (a shop app and a driver app under one
 * company, say). A module can be switched off (its registrations are refused with
 * APPMODULE_NOT_FOUND) and can send its customers' new conversations to a team. The name is
 * what the clients send, so it never changes; users keep the name they registered through.
 */
export const appModules = pgTable(
  'app_modules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: text('application_id')
      .notNull()
      .references(() => applications.id),
    name: text('name').notNull(),
    displayName: text('display_name').notNull().default(''),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'set null' }),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('app_modules_app_name_uq').on(t.applicationId, t.name)],
);
