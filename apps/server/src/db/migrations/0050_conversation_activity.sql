-- The inbox's order off the conversations row. Every send updated its conversation's
-- last_message_at, which two of the row's indexes held (the inbox's order and the auto-resolve
-- worker's), so no such update was HOT: each wrote a new entry in all eleven indexes of the row,
-- the name's trigrams included, and it was the costliest statement of a send on both databases
-- (docs/performance.md, session 15). The order now lives in a narrow row of its own, with those
-- two indexes; the send path writes its last activity there, and the conversation's own update
-- changes no indexed column.
CREATE TABLE "conversation_activity" (
	"conversation_id" bigint PRIMARY KEY NOT NULL,
	"application_id" text NOT NULL,
	"status" integer NOT NULL,
	"last_activity_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversation_activity" ADD CONSTRAINT "conversation_activity_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "conversation_activity" ("conversation_id", "application_id", "status", "last_activity_at")
SELECT "id", "application_id", "status", coalesce("last_message_at", "created_at") FROM "conversations";--> statement-breakpoint
CREATE INDEX "conversation_activity_app_last_idx" ON "conversation_activity" USING btree ("application_id","last_activity_at" DESC NULLS LAST,"conversation_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conversation_activity_app_status_last_idx" ON "conversation_activity" USING btree ("application_id","status","last_activity_at" DESC NULLS LAST,"conversation_id" DESC NULLS LAST);--> statement-breakpoint
-- A new conversation gets its row: one call per statement (a seed inserts many at once).
CREATE FUNCTION "conversation_activity_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO conversation_activity (conversation_id, application_id, status, last_activity_at)
  SELECT n.id, n.application_id, n.status, coalesce(n.last_message_at, n.created_at) FROM new_conversations n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "conversation_activity_inserted" AFTER INSERT ON "conversations"
  REFERENCING NEW TABLE AS new_conversations FOR EACH STATEMENT EXECUTE FUNCTION "conversation_activity_inserted"();--> statement-breakpoint
-- A change of status (assign, resolve, reopen: rare beside sends) is copied. The condition is
-- checked without calling the function, so a send's update, which sets the status it already
-- has, costs nothing here; the send path writes the last activity itself.
CREATE FUNCTION "conversation_activity_status"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE conversation_activity SET status = NEW.status WHERE conversation_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "conversation_activity_status" AFTER UPDATE OF "status" ON "conversations"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION "conversation_activity_status"();--> statement-breakpoint
DROP INDEX "conversations_app_status_last_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "conversations_app_activity_idx";
