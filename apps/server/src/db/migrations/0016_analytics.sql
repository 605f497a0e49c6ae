CREATE TABLE "presence_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"application_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"state" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" text NOT NULL,
	"requested_by_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"range_from" timestamp with time zone NOT NULL,
	"range_to" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"row_count" integer,
	"csv" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "presence_changes" ADD CONSTRAINT "presence_changes_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presence_changes" ADD CONSTRAINT "presence_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_exports" ADD CONSTRAINT "report_exports_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_exports" ADD CONSTRAINT "report_exports_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "presence_changes_app_at_idx" ON "presence_changes" USING btree ("application_id","at");--> statement-breakpoint
CREATE INDEX "presence_changes_user_at_idx" ON "presence_changes" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "report_exports_app_created_idx" ON "report_exports" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "conversations_app_created_idx" ON "conversations" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "conversations_app_resolved_idx" ON "conversations" USING btree ("application_id","resolved_at");