CREATE TABLE "store_connections" (
	"application_id" text NOT NULL,
	"provider" text NOT NULL,
	"store" text NOT NULL,
	"display_name" text NOT NULL,
	"token_sealed" text NOT NULL,
	"state" text DEFAULT 'connected' NOT NULL,
	"widget_installed" boolean DEFAULT false NOT NULL,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_connections_application_id_provider_pk" PRIMARY KEY("application_id","provider")
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "billing_platform" text;--> statement-breakpoint
ALTER TABLE "store_connections" ADD CONSTRAINT "store_connections_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;