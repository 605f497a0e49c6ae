-- The GIN indexes every send writes (a message's words; its conversation's name, rewritten because
-- the conversation's update is not HOT) get a 256 kB pending list instead of 4 MB: the send whose
-- insert finds the list full merges it inside its own statement, and a 4 MB merge held such a
-- statement for 26-108 ms under load. Set in place: no index is rebuilt.
ALTER INDEX "conversations_name_trgm_idx" SET (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "messages_search_idx" SET (gin_pending_list_limit = 256);
