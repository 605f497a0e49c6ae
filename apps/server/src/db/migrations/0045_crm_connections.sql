CREATE TABLE "crm_connections" (
	"application_id" text NOT NULL,
	"provider" text NOT NULL,
	"config_sealed" text NOT NULL,
	"account" text NOT NULL,
	"status" text DEFAULT 'connected' NOT NULL,
	"sync_on_resolve" boolean DEFAULT false NOT NULL,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_connections_application_id_provider_pk" PRIMARY KEY("application_id","provider")
);
--> statement-breakpoint
CREATE TABLE "crm_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" text NOT NULL,
	"conversation_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"external_id" text NOT NULL,
	"url" text,
	"contact_id" text,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crm_connections" ADD CONSTRAINT "crm_connections_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_links" ADD CONSTRAINT "crm_links_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_links" ADD CONSTRAINT "crm_links_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crm_links_app_conv_provider_uq" ON "crm_links" USING btree ("application_id","conversation_id","provider");--> statement-breakpoint
CREATE INDEX "crm_links_conversation_idx" ON "crm_links" USING btree ("conversation_id");