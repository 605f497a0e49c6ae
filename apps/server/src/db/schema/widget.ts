import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { applications, users } from './accounts.js';
import { conversations } from './messaging.js';

// The chat widget's own data: the visitor's CSAT rating of a resolved conversation, one row per
// conversation (rating again updates it; the timeline keeps every rating as an event).
// `scale` says which SPEC §9 scale the rating is on: the widget rates on the new 5-point scale;
// ratings kept from the old 0/1/5/10 scale stay on theirs (analytics never mix the two averages).
export const conversationRatings = pgTable(
  'conversation_ratings',
  {
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
    /** New scale: 1 bad … 5 great; old scale: 0 or 1 poor, 5 average, 10 great (SPEC §9). */
    rating: integer('rating').notNull(),
    scale: text('scale').$type<'old' | 'new'>().notNull().default('new'),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('conversation_ratings_scale_ck', sql`${t.scale} in ('old', 'new')`)],
);
