CREATE TABLE "email_sources" (
	"application_id" text NOT NULL,
	"message_id" text NOT NULL,
	"storage_key" text NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_sources_application_id_message_id_pk" PRIMARY KEY("application_id","message_id")
);
--> statement-breakpoint
CREATE TABLE "email_fallback_marks" (
	"conversation_id" bigint NOT NULL,
	"fallback_type" integer NOT NULL,
	"application_id" text NOT NULL,
	"mailed_up_to" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_fallback_marks_conversation_id_fallback_type_pk" PRIMARY KEY("conversation_id","fallback_type")
);
--> statement-breakpoint
CREATE TABLE "email_fallback_rules" (
	"application_id" text NOT NULL,
	"fallback_type" integer NOT NULL,
	"enabled" boolean NOT NULL,
	"delay_minutes" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_fallback_rules_application_id_fallback_type_pk" PRIMARY KEY("application_id","fallback_type")
);
--> statement-breakpoint
ALTER TABLE "email_fallback_marks" ADD CONSTRAINT "email_fallback_marks_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;