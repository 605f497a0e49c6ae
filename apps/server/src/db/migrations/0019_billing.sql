CREATE TABLE "billing_active_users" (
	"application_id" text NOT NULL,
	"period" text NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "billing_active_users_application_id_period_user_id_pk" PRIMARY KEY("application_id","period","user_id")
);
--> statement-breakpoint
CREATE TABLE "billing_subscriptions" (
	"application_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"plan" text NOT NULL,
	"pricing_version" integer NOT NULL,
	"seats" integer,
	"billing_period_unit" text DEFAULT 'month' NOT NULL,
	"until" timestamp with time zone,
	"due_invoice_count" integer DEFAULT 0 NOT NULL,
	"due_since" timestamp with time zone,
	"auto_collection" text DEFAULT 'on' NOT NULL,
	"external_customer_id" text,
	"external_subscription_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_usage" (
	"application_id" text NOT NULL,
	"period" text NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	"mtu" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "billing_usage_application_id_period_pk" PRIMARY KEY("application_id","period")
);
--> statement-breakpoint
CREATE TABLE "billing_webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_active_users" ADD CONSTRAINT "billing_active_users_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD CONSTRAINT "billing_subscriptions_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_usage" ADD CONSTRAINT "billing_usage_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_active_users_period_idx" ON "billing_active_users" USING btree ("period");