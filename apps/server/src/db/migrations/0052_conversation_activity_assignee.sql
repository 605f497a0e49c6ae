-- "Assigned to me" and "a teammate" in the inbox's order. Since 0050 the order lives in
-- conversation_activity and the assignee in conversations, so an agent's first page read every
-- conversation assigned to them and sorted them: 13,334 rows and 130 ms for one agent of 50 at
-- 1,000,000 conversations (docs/performance.md, session 17). The assignee is copied beside the
-- order, by the insert trigger and on a change of assignee (rare beside sends), and an index on
-- (application, assignee, last activity) hands out the page in order.
ALTER TABLE "conversation_activity" ADD COLUMN "assignee_id" uuid;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "conversation_activity_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO conversation_activity (conversation_id, application_id, status, assignee_id, last_activity_at)
  SELECT n.id, n.application_id, n.status, n.assignee_id, coalesce(n.last_message_at, n.created_at)
  FROM new_conversations n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "conversation_activity_assignee"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE conversation_activity SET assignee_id = NEW.assignee_id WHERE conversation_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "conversation_activity_assignee" AFTER UPDATE OF "assignee_id" ON "conversations"
  FOR EACH ROW WHEN (OLD.assignee_id IS DISTINCT FROM NEW.assignee_id) EXECUTE FUNCTION "conversation_activity_assignee"();--> statement-breakpoint
UPDATE "conversation_activity" AS a SET "assignee_id" = c."assignee_id"
FROM "conversations" AS c WHERE c."id" = a."conversation_id" AND c."assignee_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "conversation_activity_app_assignee_last_idx" ON "conversation_activity" USING btree ("application_id","assignee_id","last_activity_at" DESC NULLS LAST,"conversation_id" DESC NULLS LAST);
