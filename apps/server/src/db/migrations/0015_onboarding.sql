CREATE TABLE "onboarding_flags" (
	"application_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"km_onboarding" boolean DEFAULT true NOT NULL,
	"close_onboarding_modal_permanently" boolean DEFAULT false NOT NULL,
	"close_pseudo_banner" boolean DEFAULT false NOT NULL,
	"close_trial_days_left_banner" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onboarding_flags_application_id_user_id_pk" PRIMARY KEY("application_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "onboarding_steps" (
	"application_id" text NOT NULL,
	"state" smallint NOT NULL,
	"user_id" uuid,
	"reached_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onboarding_steps_application_id_state_pk" PRIMARY KEY("application_id","state")
);
--> statement-breakpoint
ALTER TABLE "onboarding_flags" ADD CONSTRAINT "onboarding_flags_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_flags" ADD CONSTRAINT "onboarding_flags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_steps" ADD CONSTRAINT "onboarding_steps_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_steps" ADD CONSTRAINT "onboarding_steps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "onboarding_flags_user_idx" ON "onboarding_flags" USING btree ("user_id");