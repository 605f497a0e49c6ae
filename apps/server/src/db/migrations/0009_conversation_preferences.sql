CREATE TABLE "conversation_preferences" (
	"application_id" text PRIMARY KEY NOT NULL,
	"waiting_queue_enabled" boolean DEFAULT true NOT NULL,
	"waiting_message" text,
	"waiting_queue_max" integer,
	"default_sort" text DEFAULT 'newest' NOT NULL,
	"show_resolved_in_all" boolean DEFAULT false NOT NULL,
	"require_tag_to_resolve" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversation_preferences" ADD CONSTRAINT "conversation_preferences_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;