CREATE TABLE "help_center_articles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" text NOT NULL,
	"translation_group_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"category_id" uuid,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"body_html" text DEFAULT '' NOT NULL,
	"body_text" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"helpful_yes" integer DEFAULT 0 NOT NULL,
	"helpful_no" integer DEFAULT 0 NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', coalesce(title, '')), 'A') || setweight(to_tsvector('simple', coalesce(body_text, '')), 'B')) STORED
);
--> statement-breakpoint
CREATE TABLE "help_center_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"slug" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_center_files" (
	"attachment_id" uuid PRIMARY KEY NOT NULL,
	"application_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_center_sites" (
	"application_id" text PRIMARY KEY NOT NULL,
	"domain" text,
	"default_language" text DEFAULT 'en' NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "help_center_articles" ADD CONSTRAINT "help_center_articles_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_center_articles" ADD CONSTRAINT "help_center_articles_category_id_help_center_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."help_center_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_center_articles" ADD CONSTRAINT "help_center_articles_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_center_categories" ADD CONSTRAINT "help_center_categories_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_center_files" ADD CONSTRAINT "help_center_files_attachment_id_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."attachments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_center_files" ADD CONSTRAINT "help_center_files_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_center_sites" ADD CONSTRAINT "help_center_sites_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "help_center_articles_app_idx" ON "help_center_articles" USING btree ("application_id","status","language","position");--> statement-breakpoint
CREATE INDEX "help_center_articles_category_idx" ON "help_center_articles" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "help_center_articles_slug_idx" ON "help_center_articles" USING btree ("application_id","language","slug");--> statement-breakpoint
CREATE INDEX "help_center_articles_group_idx" ON "help_center_articles" USING btree ("application_id","translation_group_id");--> statement-breakpoint
CREATE INDEX "help_center_articles_search_idx" ON "help_center_articles" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "help_center_categories_app_idx" ON "help_center_categories" USING btree ("application_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "help_center_categories_slug_idx" ON "help_center_categories" USING btree ("application_id","slug");--> statement-breakpoint
CREATE INDEX "help_center_files_app_idx" ON "help_center_files" USING btree ("application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "help_center_sites_domain_idx" ON "help_center_sites" USING btree ("domain");