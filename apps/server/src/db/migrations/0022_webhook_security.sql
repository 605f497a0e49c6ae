CREATE TABLE "webhook_security" (
	"application_id" text PRIMARY KEY NOT NULL,
	"require_https" boolean DEFAULT false NOT NULL,
	"auth_header_name" text,
	"auth_header_sealed" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_security" ADD CONSTRAINT "webhook_security_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;