-- The inbox search looks for its text in conversation names with ILIKE '%…%': trigrams let a word
-- found in few names be found without reading every conversation of the application. pg_trgm is a
-- trusted extension (PostgreSQL 13+): the database's owner may create it; PGlite loads it at start.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "conversations_name_trgm_idx" ON "conversations" USING gin ("name" gin_trgm_ops);
