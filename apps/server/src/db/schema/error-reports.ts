import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { applications, users } from './accounts.js';

// The dashboard's unhandled errors reported by members' browsers (SPEC §8), with the feedback a member
// wrote on the error screen. Texts are stored as given (size-limited) and only ever shown as text.
export const errorReports = pgTable(
  'error_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Made by the browser; unique per application (a retried report is stored once). */
    eventId: uuid('event_id').notNull(),
    applicationId: text('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    release: text('release').notNull(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    message: text('message').notNull(),
    stack: text('stack'),
    url: text('url').notNull(),
    feedbackComments: text('feedback_comments'),
    feedbackEmail: text('feedback_email'),
    feedbackAt: timestamp('feedback_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('error_reports_event_idx').on(t.applicationId, t.eventId),
    index('error_reports_app_created_idx').on(t.applicationId, t.createdAt),
  ],
);
