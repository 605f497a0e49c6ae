CREATE TABLE "custom_routes" (
	"application_id" text NOT NULL,
	"customer_user_id" text NOT NULL,
	"agent_id" uuid,
	"team_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_routes_application_id_customer_user_id_pk" PRIMARY KEY("application_id","customer_user_id"),
	CONSTRAINT "custom_routes_one_target" CHECK (("custom_routes"."agent_id" IS NULL) <> ("custom_routes"."team_id" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "custom_routes" ADD CONSTRAINT "custom_routes_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_routes" ADD CONSTRAINT "custom_routes_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_routes" ADD CONSTRAINT "custom_routes_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custom_routes_agent_idx" ON "custom_routes" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "custom_routes_team_idx" ON "custom_routes" USING btree ("team_id");