CREATE TABLE "meta_oauth_pending" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" text NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"sealed_accounts" text,
	"error_code" text,
	"error_message" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channel_accounts" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "meta_oauth_pending" ADD CONSTRAINT "meta_oauth_pending_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meta_oauth_pending_expires_idx" ON "meta_oauth_pending" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "channel_accounts_external_idx" ON "channel_accounts" USING btree ("kind","external_id");