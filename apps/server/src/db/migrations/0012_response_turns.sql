CREATE TABLE "conversation_responses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"application_id" text NOT NULL,
	"conversation_id" bigint NOT NULL,
	"asked_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "unanswered_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversation_responses" ADD CONSTRAINT "conversation_responses_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_responses_app_answered_idx" ON "conversation_responses" USING btree ("application_id","answered_at");--> statement-breakpoint
CREATE INDEX "conversation_responses_conversation_idx" ON "conversation_responses" USING btree ("conversation_id");--> statement-breakpoint
-- Existing conversations: each run of customer messages (sender type 2) is a turn; the first human
-- agent (sender type 0) message after it answers. Answered turns are stored; the open one, if
-- any (only the last turn can be open), is the conversation's unanswered_since.
WITH "m" AS (
  SELECT "application_id", "conversation_id", "id", "sender_type", "created_at",
    lag("sender_type") OVER (PARTITION BY "conversation_id" ORDER BY "created_at", "id") AS "prev"
  FROM "messages" WHERE "sender_type" IN (0, 2)
), "t" AS (
  SELECT "application_id", "conversation_id", "sender_type", "created_at",
    sum(CASE WHEN "sender_type" = 2 AND "prev" IS DISTINCT FROM 2 THEN 1 ELSE 0 END)
      OVER (PARTITION BY "conversation_id" ORDER BY "created_at", "id") AS "turn"
  FROM "m"
), "r" AS (
  SELECT "conversation_id", min("application_id") AS "application_id",
    min("created_at") FILTER (WHERE "sender_type" = 2) AS "asked",
    min("created_at") FILTER (WHERE "sender_type" = 0) AS "answered"
  FROM "t" WHERE "turn" > 0 GROUP BY "conversation_id", "turn"
), "stored" AS (
  INSERT INTO "conversation_responses" ("application_id", "conversation_id", "asked_at", "answered_at")
  SELECT "application_id", "conversation_id", "asked", "answered" FROM "r" WHERE "answered" IS NOT NULL
)
UPDATE "conversations" c SET "unanswered_since" = r."asked"
FROM "r" WHERE c."id" = r."conversation_id" AND r."answered" IS NULL;
