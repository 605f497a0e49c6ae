import { boolean, index, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { applications, users } from './accounts.js';

// The setup guide (SPEC §3 onboarding states): which step an application reached, when and by whom.
// A row is only ever inserted (state moves forward); the action itself writes it, never a page visit.
export const onboardingSteps = pgTable(
  'onboarding_steps',
  {
    applicationId: text('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    state: smallint('state').notNull(),
    /** The member whose action reached it; null for actions of the system or a visitor's page. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    reachedAt: timestamp('reached_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.state] })],
);

/** The onboarding flags a member sets for themselves (closing banners and the onboarding modal). */
export const onboardingFlags = pgTable(
  'onboarding_flags',
  {
    applicationId: text('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kmOnBoarding: boolean('km_onboarding').notNull().default(true),
    closeOnBoardingModalPermanently: boolean('close_onboarding_modal_permanently').notNull().default(false),
    closePseudoBanner: boolean('close_pseudo_banner').notNull().default(false),
    closeTrialDaysLeftBanner: boolean('close_trial_days_left_banner').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.applicationId, t.userId] }),
    index('onboarding_flags_user_idx').on(t.userId),
  ],
);
