import { jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { applications } from './accounts.js';

// Issue 36 item 4: an application's custom actions, JavaScript functions its LLM wrote and an admin
// edited and tested; flows run them (in the sandbox) as steps. Per application, not per bot: one
// action serves every bot's flows.

export const codeActions = pgTable(
  'code_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: text('application_id')
      .notNull()
      .references(() => applications.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    code: text('code').notNull(),
    /** The input the admin tested it with, kept for the next edit. */
    sampleInput: jsonb('sample_input').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('code_actions_app_name_uq').on(t.applicationId, t.name)],
);
