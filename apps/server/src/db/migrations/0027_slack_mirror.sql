CREATE TABLE "slack_events" (
	"application_id" text NOT NULL,
	"event_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slack_events_application_id_event_id_pk" PRIMARY KEY("application_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "slack_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"application_id" text NOT NULL,
	"conversation_id" bigint NOT NULL,
	"message_id" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"external_id" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "slack_threads" (
	"conversation_id" bigint PRIMARY KEY NOT NULL,
	"application_id" text NOT NULL,
	"channel_id" text NOT NULL,
	"thread_ts" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "slack_outbox_conversation_idx" ON "slack_outbox" USING btree ("conversation_id","status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "slack_threads_thread_uq" ON "slack_threads" USING btree ("application_id","channel_id","thread_ts");