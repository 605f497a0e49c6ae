import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { applications } from './accounts.js';
import { helpCenterArticles, helpCenterCategories } from './help-center.js';

// Help center, second part of issue 16: the answer bot's settings and its deflections, and the
// categories' names in the site's other languages. Every table carries application_id.

/** One row per application that saved its answer bot; no row means off with the defaults. */
export const helpCenterAnswerBots = pgTable('help_center_answer_bots', {
  applicationId: text('application_id')
    .primaryKey()
    .references(() => applications.id),
  enabled: boolean('enabled').notNull().default(false),
  suggestionCount: integer('suggestion_count').notNull().default(3),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A visitor said a suggested article answered their question (no conversation was needed). */
export const helpCenterDeflections = pgTable(
  'help_center_deflections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: text('application_id')
      .notNull()
      .references(() => applications.id),
    /** Kept when the article is deleted later: the deflection still happened. */
    articleId: uuid('article_id').references(() => helpCenterArticles.id, { onDelete: 'set null' }),
    visitorId: text('visitor_id').notNull(),
    query: text('query').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('help_center_deflections_app_idx').on(t.applicationId, t.createdAt),
    index('help_center_deflections_article_idx').on(t.articleId),
  ],
);

/** A category's name and description in es, fr or kn (English is the category row itself). */
export const helpCenterCategoryTranslations = pgTable(
  'help_center_category_translations',
  {
    categoryId: uuid('category_id')
      .notNull()
      .references(() => helpCenterCategories.id, { onDelete: 'cascade' }),
    applicationId: text('application_id')
      .notNull()
      .references(() => applications.id),
    language: text('language').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.language] }),
    index('help_center_category_translations_app_idx').on(t.applicationId),
  ],
);
