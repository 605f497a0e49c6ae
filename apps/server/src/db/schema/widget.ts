import { bigint, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { applications, users } from './accounts.js';
import { conversations } from './messaging.js';

// The chat widget's own data: the visitor's CSAT rating of a resolved conversation, one row per
// conversation (rating again updates it; the timeline keeps every rating as an event).
export const conversationRatings = pgTable('conversation_ratings', {
  conversationId: bigint('conversation_id', { mode: 'number' })
    .primaryKey()
    .references(() => conversations.id, { onDelete: 'cascade' }),
  applicationId: text('application_id')
    .notNull()
    .references(() => applications.id),
  /** The visitor who rated (the conversation's customer). */
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id),
  /** 1 bad … 5 great (SPEC §9 new CSAT scale). */
  rating: integer('rating').notNull(),
  comment: text('comment'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
