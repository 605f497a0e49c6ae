CREATE TABLE "help_center_answer_bots" (
	"application_id" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"suggestion_count" integer DEFAULT 3 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_center_category_translations" (
	"category_id" uuid NOT NULL,
	"application_id" text NOT NULL,
	"language" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	CONSTRAINT "help_center_category_translations_category_id_language_pk" PRIMARY KEY("category_id","language")
);
--> statement-breakpoint
CREATE TABLE "help_center_deflections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" text NOT NULL,
	"article_id" uuid,
	"visitor_id" text NOT NULL,
	"query" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "help_center_answer_bots" ADD CONSTRAINT "help_center_answer_bots_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_center_category_translations" ADD CONSTRAINT "help_center_category_translations_category_id_help_center_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."help_center_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_center_category_translations" ADD CONSTRAINT "help_center_category_translations_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_center_deflections" ADD CONSTRAINT "help_center_deflections_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_center_deflections" ADD CONSTRAINT "help_center_deflections_article_id_help_center_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."help_center_articles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "help_center_category_translations_app_idx" ON "help_center_category_translations" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "help_center_deflections_app_idx" ON "help_center_deflections" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "help_center_deflections_article_idx" ON "help_center_deflections" USING btree ("article_id");