-- The inbox lists (group/support/search) order by last activity, coalesce(last_message_at, created_at),
-- newest or oldest first. This index lets the first page of any filter walk the application's
-- conversations in that order and stop after a page, instead of sorting every match.
CREATE INDEX IF NOT EXISTS "conversations_app_activity_idx" ON "conversations" USING btree ("application_id", (coalesce("last_message_at", "created_at")) DESC, "id" DESC);
