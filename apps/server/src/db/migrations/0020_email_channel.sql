CREATE TABLE "email_message_ids" (
	"application_id" text NOT NULL,
	"message_id" text NOT NULL,
	"thread_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_message_ids_application_id_message_id_pk" PRIMARY KEY("application_id","message_id")
);
--> statement-breakpoint
CREATE TABLE "email_poll_state" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"mailbox" text NOT NULL,
	"uid_validity" bigint NOT NULL,
	"last_uid" bigint NOT NULL,
	"locked_until" timestamp with time zone,
	"polled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_threads" (
	"application_id" text NOT NULL,
	"thread_key" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"customer_address" text NOT NULL,
	"last_message_id" text NOT NULL,
	"references" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_threads_application_id_thread_key_pk" PRIMARY KEY("application_id","thread_key")
);
--> statement-breakpoint
ALTER TABLE "email_poll_state" ADD CONSTRAINT "email_poll_state_account_id_channel_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."channel_accounts"("id") ON DELETE cascade ON UPDATE no action;