ALTER TABLE "conversation_preferences" ADD COLUMN "transcript_to_customer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_preferences" ADD COLUMN "transcript_to_assignee" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_preferences" ADD COLUMN "transcript_extra_recipients" jsonb DEFAULT '[]'::jsonb NOT NULL;