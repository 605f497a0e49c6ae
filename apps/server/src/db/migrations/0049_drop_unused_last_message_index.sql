-- conversations_app_last_idx (application_id, last_message_at) serves no query: the inbox lists
-- walk conversations_app_activity_idx (migration 0007) and the auto-resolve worker
-- conversations_app_status_last_idx. Every send rewrites its conversation outside HOT, so each of
-- the table's indexes gets a new entry per send; this one was written and never read (0 scans over
-- the inbox bench's every filter, statistics and search on 1,000,000 messages).
DROP INDEX IF EXISTS "conversations_app_last_idx";
