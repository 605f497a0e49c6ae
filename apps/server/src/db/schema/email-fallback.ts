import { bigint, boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { conversations } from './messaging.js';

// E-mail fallback (SPEC §2 /settings/email-fallback, §4 fallback types): an application's rules,
// and how far each conversation's messages were mailed per type (so each message is mailed once).

/** One row per application and fallback type the admin saved (SPEC §4 codes 0–3). */
export const emailFallbackRules = pgTable(
  'email_fallback_rules',
  {
    applicationId: text('application_id').notNull(),
    fallbackType: integer('fallback_type').notNull(),
    enabled: boolean('enabled').notNull(),
    delayMinutes: integer('delay_minutes').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.fallbackType] })],
);

/** The team's messages up to `mailedUpTo` were decided for this type: later checks start after it. */
export const emailFallbackMarks = pgTable(
  'email_fallback_marks',
  {
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    fallbackType: integer('fallback_type').notNull(),
    applicationId: text('application_id').notNull(),
    mailedUpTo: bigint('mailed_up_to', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.fallbackType] })],
);
