CREATE TABLE "quick_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" text NOT NULL,
	"owner_id" uuid,
	"shortcut" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quick_replies" ADD CONSTRAINT "quick_replies_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quick_replies" ADD CONSTRAINT "quick_replies_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quick_replies_app_idx" ON "quick_replies" USING btree ("application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quick_replies_shared_uq" ON "quick_replies" USING btree ("application_id","shortcut") WHERE "quick_replies"."owner_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "quick_replies_personal_uq" ON "quick_replies" USING btree ("application_id","owner_id","shortcut");