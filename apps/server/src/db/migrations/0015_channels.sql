CREATE TABLE "channel_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'connected' NOT NULL,
	"sealed_config" text NOT NULL,
	"display_name" text DEFAULT '' NOT NULL,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"application_id" text NOT NULL,
	"conversation_id" bigint NOT NULL,
	"message_id" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"external_id" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "channel_accounts" ADD CONSTRAINT "channel_accounts_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "channel_accounts_app_kind_uq" ON "channel_accounts" USING btree ("application_id","kind");--> statement-breakpoint
CREATE INDEX "channel_outbox_conversation_idx" ON "channel_outbox" USING btree ("conversation_id","status","id");--> statement-breakpoint
CREATE INDEX "channel_outbox_external_idx" ON "channel_outbox" USING btree ("application_id","external_id");