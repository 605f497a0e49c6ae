ALTER TABLE "applications" ADD COLUMN "signup_block" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "email_domain" text;--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD COLUMN "addon_packs" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "customers_email_domain_idx" ON "customers" USING btree ("email_domain","created_at");