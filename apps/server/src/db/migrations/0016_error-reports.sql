CREATE TABLE "error_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"application_id" text NOT NULL,
	"user_id" uuid,
	"release" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"message" text NOT NULL,
	"stack" text,
	"url" text NOT NULL,
	"feedback_comments" text,
	"feedback_email" text,
	"feedback_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "error_reports" ADD CONSTRAINT "error_reports_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "error_reports" ADD CONSTRAINT "error_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "error_reports_event_idx" ON "error_reports" USING btree ("application_id","event_id");--> statement-breakpoint
CREATE INDEX "error_reports_app_created_idx" ON "error_reports" USING btree ("application_id","created_at");