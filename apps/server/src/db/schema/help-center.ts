import { sql } from 'drizzle-orm';
import {
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { applications, users } from './accounts.js';
import { attachments } from './integrations.js';

// Help center (issue 16): categories, articles (one row per language version) and the per-application
// site settings (custom domain). Every table carries application_id.

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const helpCenterCategories = pgTable(
  'help_center_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: text('application_id')
      .notNull()
      .references(() => applications.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    slug: text('slug').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('help_center_categories_app_idx').on(t.applicationId, t.position),
    uniqueIndex('help_center_categories_slug_idx').on(t.applicationId, t.slug),
  ],
);

export const helpCenterArticles = pgTable(
  'help_center_articles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: text('application_id')
      .notNull()
      .references(() => applications.id),
    /** The language versions of one article share this id. */
    translationGroupId: uuid('translation_group_id').notNull().defaultRandom(),
    language: text('language').notNull().default('en'),
    categoryId: uuid('category_id').references(() => helpCenterCategories.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    /** Sanitized HTML (the one whitelist), sanitized again when rendered. */
    bodyHtml: text('body_html').notNull().default(''),
    /** The body as plain text: search and the description meta tag. */
    bodyText: text('body_text').notNull().default(''),
    /** 'published' | 'draft' (SPEC: FAQ type). */
    status: text('status').notNull().default('draft'),
    position: integer('position').notNull().default(0),
    helpfulYes: integer('helpful_yes').notNull().default(0),
    helpfulNo: integer('helpful_no').notNull().default(0),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('simple', coalesce(title, '')), 'A') || setweight(to_tsvector('simple', coalesce(body_text, '')), 'B')`,
    ),
  },
  (t) => [
    index('help_center_articles_app_idx').on(t.applicationId, t.status, t.language, t.position),
    index('help_center_articles_category_idx').on(t.categoryId),
    uniqueIndex('help_center_articles_slug_idx').on(t.applicationId, t.language, t.slug),
    index('help_center_articles_group_idx').on(t.applicationId, t.translationGroupId),
    index('help_center_articles_search_idx').using('gin', t.searchVector),
  ],
);

/** One row per application that configured its site; the custom domain is unique across applications. */
export const helpCenterSites = pgTable(
  'help_center_sites',
  {
    applicationId: text('application_id')
      .primaryKey()
      .references(() => applications.id),
    /** Lower-case host name (no port), or null. */
    domain: text('domain'),
    defaultLanguage: text('default_language').notNull().default('en'),
    /** Customization (logo, colours, links…): written by the customization slice. */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('help_center_sites_domain_idx').on(t.domain)],
);

/**
 * Images uploaded for articles (stored as attachments): these, and only these, of the application's
 * files are served without a session on its public site.
 */
export const helpCenterFiles = pgTable(
  'help_center_files',
  {
    attachmentId: uuid('attachment_id')
      .primaryKey()
      .references(() => attachments.id, { onDelete: 'cascade' }),
    applicationId: text('application_id')
      .notNull()
      .references(() => applications.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('help_center_files_app_idx').on(t.applicationId)],
);
