CREATE TABLE "bot_answer_rollups" (
	"application_id" text NOT NULL,
	"bot_id" uuid NOT NULL,
	"day" date NOT NULL,
	"intent" text NOT NULL,
	"answers" integer DEFAULT 0 NOT NULL,
	"fallbacks" integer DEFAULT 0 NOT NULL,
	"helpful" integer DEFAULT 0 NOT NULL,
	"not_helpful" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bot_answer_rollups_application_id_bot_id_day_intent_pk" PRIMARY KEY("application_id","bot_id","day","intent")
);
--> statement-breakpoint
CREATE TABLE "bot_insights" (
	"application_id" text NOT NULL,
	"bot_id" uuid NOT NULL,
	"status" text NOT NULL,
	"range_from" timestamp with time zone NOT NULL,
	"range_to" timestamp with time zone NOT NULL,
	"sentence_count" integer DEFAULT 0 NOT NULL,
	"topics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"computed_at" timestamp with time zone,
	CONSTRAINT "bot_insights_application_id_bot_id_pk" PRIMARY KEY("application_id","bot_id")
);
--> statement-breakpoint
ALTER TABLE "bot_answers" ADD COLUMN "question" text;--> statement-breakpoint
ALTER TABLE "bot_insights" ADD CONSTRAINT "bot_insights_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bot_answers_fallback_idx" ON "bot_answers" USING btree ("application_id","bot_id","created_at") WHERE "bot_answers"."fallback" and "bot_answers"."question" is not null;--> statement-breakpoint
CREATE INDEX "bot_answers_rated_idx" ON "bot_answers" USING btree ("application_id","bot_id","rated_at") WHERE "bot_answers"."helpful" is not null;--> statement-breakpoint
-- Bot analytics' counters (issue 36 item 5): each bot answer adds to its UTC day and intent, a
-- rating moves it between helpful and not helpful, a deleted answer takes itself back out. Kept in
-- the answer's own transaction, so the page never scans answers or messages and never drifts.
CREATE OR REPLACE FUNCTION "bot_answer_rollup_changed"() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'UPDATE' OR TG_OP = 'DELETE' THEN
    UPDATE "bot_answer_rollups" SET
      "answers" = "answers" - 1,
      "fallbacks" = "fallbacks" - OLD."fallback"::int,
      "helpful" = "helpful" - (OLD."helpful" IS TRUE)::int,
      "not_helpful" = "not_helpful" - (OLD."helpful" IS FALSE)::int
    WHERE "application_id" = OLD."application_id" AND "bot_id" = OLD."bot_id"
      AND "day" = (OLD."created_at" AT TIME ZONE 'UTC')::date AND "intent" = OLD."intent";
  END IF;
  IF TG_OP = 'UPDATE' OR TG_OP = 'INSERT' THEN
    INSERT INTO "bot_answer_rollups" AS r
      ("application_id", "bot_id", "day", "intent", "answers", "fallbacks", "helpful", "not_helpful")
    VALUES (NEW."application_id", NEW."bot_id", (NEW."created_at" AT TIME ZONE 'UTC')::date, NEW."intent", 1,
      NEW."fallback"::int, (NEW."helpful" IS TRUE)::int, (NEW."helpful" IS FALSE)::int)
    ON CONFLICT ("application_id", "bot_id", "day", "intent") DO UPDATE SET
      "answers" = r."answers" + 1,
      "fallbacks" = r."fallbacks" + EXCLUDED."fallbacks",
      "helpful" = r."helpful" + EXCLUDED."helpful",
      "not_helpful" = r."not_helpful" + EXCLUDED."not_helpful";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "bot_answer_rollup_insert_delete" AFTER INSERT OR DELETE ON "bot_answers"
FOR EACH ROW EXECUTE FUNCTION "bot_answer_rollup_changed"();--> statement-breakpoint
CREATE TRIGGER "bot_answer_rollup_update" AFTER UPDATE OF "application_id", "bot_id", "intent", "fallback", "helpful", "created_at" ON "bot_answers"
FOR EACH ROW WHEN (
  OLD."helpful" IS DISTINCT FROM NEW."helpful" OR OLD."fallback" IS DISTINCT FROM NEW."fallback"
  OR OLD."intent" IS DISTINCT FROM NEW."intent" OR OLD."bot_id" IS DISTINCT FROM NEW."bot_id"
  OR OLD."created_at" IS DISTINCT FROM NEW."created_at" OR OLD."application_id" IS DISTINCT FROM NEW."application_id"
) EXECUTE FUNCTION "bot_answer_rollup_changed"();--> statement-breakpoint
-- The answers recorded before this migration, set-based.
INSERT INTO "bot_answer_rollups" ("application_id", "bot_id", "day", "intent", "answers", "fallbacks", "helpful", "not_helpful")
SELECT "application_id", "bot_id", ("created_at" AT TIME ZONE 'UTC')::date, "intent", count(*),
  count(*) FILTER (WHERE "fallback"), count(*) FILTER (WHERE "helpful"), count(*) FILTER (WHERE "helpful" = false)
FROM "bot_answers" GROUP BY 1, 2, 3, 4;
