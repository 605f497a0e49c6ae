ALTER TABLE "knowledge_passages" ADD COLUMN "embedding" real[];--> statement-breakpoint
ALTER TABLE "knowledge_passages" ADD COLUMN "embedding_model" text;