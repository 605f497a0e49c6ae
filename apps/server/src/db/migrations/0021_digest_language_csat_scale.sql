ALTER TABLE "member_preferences" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "conversation_ratings" ADD COLUMN "scale" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_ratings" ADD CONSTRAINT "conversation_ratings_scale_ck" CHECK ("conversation_ratings"."scale" in ('old', 'new'));