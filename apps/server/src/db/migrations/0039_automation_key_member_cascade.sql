ALTER TABLE "automation_api_keys" DROP CONSTRAINT "automation_api_keys_created_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "automation_api_keys" ADD CONSTRAINT "automation_api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;