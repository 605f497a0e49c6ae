CREATE TABLE "email_sources" (
	"application_id" text NOT NULL,
	"message_id" text NOT NULL,
	"storage_key" text NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_sources_application_id_message_id_pk" PRIMARY KEY("application_id","message_id")
);
