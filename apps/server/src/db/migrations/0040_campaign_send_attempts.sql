ALTER TABLE "campaign_recipients" ADD COLUMN "claim_job" text;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "attempted_at" timestamp with time zone;