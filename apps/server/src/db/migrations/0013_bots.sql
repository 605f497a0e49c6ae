CREATE TABLE "bot_answers" (
	"message_id" bigint PRIMARY KEY NOT NULL,
	"application_id" text NOT NULL,
	"bot_id" uuid NOT NULL,
	"conversation_id" bigint NOT NULL,
	"intent" text NOT NULL,
	"confidence_pct" integer NOT NULL,
	"fallback" boolean DEFAULT false NOT NULL,
	"language" text,
	"passage_id" bigint,
	"helpful" boolean,
	"rated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bot_conversations" (
	"conversation_id" bigint PRIMARY KEY NOT NULL,
	"application_id" text NOT NULL,
	"bot_id" uuid NOT NULL,
	"consecutive_fallbacks" integer DEFAULT 0 NOT NULL,
	"answered" integer DEFAULT 0 NOT NULL,
	"paused_at" timestamp with time zone,
	"handoff_reason" text,
	"handed_off_at" timestamp with time zone,
	"input_tokens" integer DEFAULT 0 NOT NULL,
	"output_tokens" integer DEFAULT 0 NOT NULL,
	"seconds_saved" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bot_entities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" text NOT NULL,
	"bot_id" uuid NOT NULL,
	"entity" text NOT NULL,
	"locale" text NOT NULL,
	"values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bot_first_responders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" text NOT NULL,
	"team_id" uuid,
	"bot_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bot_intents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" text NOT NULL,
	"bot_id" uuid NOT NULL,
	"language" text NOT NULL,
	"section" text NOT NULL,
	"name" text NOT NULL,
	"user_says" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bot_says" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bot_models" (
	"bot_id" uuid NOT NULL,
	"language" text NOT NULL,
	"application_id" text NOT NULL,
	"status" text DEFAULT 'idle' NOT NULL,
	"model" jsonb,
	"version" integer DEFAULT 0 NOT NULL,
	"trained_version" integer DEFAULT 0 NOT NULL,
	"error" text,
	"trained_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bot_models_bot_id_language_pk" PRIMARY KEY("bot_id","language")
);
--> statement-breakpoint
CREATE TABLE "bot_suggestions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" text NOT NULL,
	"bot_id" uuid,
	"category" text DEFAULT '' NOT NULL,
	"name" text NOT NULL,
	"content" text NOT NULL,
	"supports_rich_message" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"engine" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"default_language" text DEFAULT 'en' NOT NULL,
	"languages" jsonb DEFAULT '["en"]'::jsonb NOT NULL,
	"operation_mode" text DEFAULT 'classic' NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"api_key_encrypted" text,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_passages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"application_id" text NOT NULL,
	"bot_id" uuid NOT NULL,
	"source_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"url" text,
	"heading" text,
	"text" text NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', coalesce(heading, '') || ' ' || text)) STORED
);
--> statement-breakpoint
CREATE TABLE "knowledge_sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" text NOT NULL,
	"bot_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"url" text,
	"file_key" text,
	"mime_type" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer DEFAULT 0 NOT NULL,
	"page_limit" integer,
	"passage_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bot_answers" ADD CONSTRAINT "bot_answers_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_answers" ADD CONSTRAINT "bot_answers_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_conversations" ADD CONSTRAINT "bot_conversations_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_conversations" ADD CONSTRAINT "bot_conversations_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_entities" ADD CONSTRAINT "bot_entities_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_first_responders" ADD CONSTRAINT "bot_first_responders_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_first_responders" ADD CONSTRAINT "bot_first_responders_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_first_responders" ADD CONSTRAINT "bot_first_responders_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_intents" ADD CONSTRAINT "bot_intents_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_models" ADD CONSTRAINT "bot_models_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_suggestions" ADD CONSTRAINT "bot_suggestions_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_suggestions" ADD CONSTRAINT "bot_suggestions_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bots" ADD CONSTRAINT "bots_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bots" ADD CONSTRAINT "bots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_passages" ADD CONSTRAINT "knowledge_passages_source_id_knowledge_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."knowledge_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_sources" ADD CONSTRAINT "knowledge_sources_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_sources" ADD CONSTRAINT "knowledge_sources_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bot_answers_bot_idx" ON "bot_answers" USING btree ("application_id","bot_id","created_at");--> statement-breakpoint
CREATE INDEX "bot_answers_conversation_idx" ON "bot_answers" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "bot_conversations_bot_idx" ON "bot_conversations" USING btree ("bot_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bot_entities_bot_entity_locale_uq" ON "bot_entities" USING btree ("bot_id","entity","locale");--> statement-breakpoint
CREATE UNIQUE INDEX "bot_first_responders_app_uq" ON "bot_first_responders" USING btree ("application_id") WHERE "bot_first_responders"."team_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "bot_first_responders_team_uq" ON "bot_first_responders" USING btree ("application_id","team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bot_intents_bot_lang_name_uq" ON "bot_intents" USING btree ("bot_id","language","name");--> statement-breakpoint
CREATE INDEX "bot_suggestions_app_idx" ON "bot_suggestions" USING btree ("application_id","bot_id");--> statement-breakpoint
CREATE INDEX "bots_app_idx" ON "bots" USING btree ("application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bots_user_uq" ON "bots" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "knowledge_passages_bot_idx" ON "knowledge_passages" USING btree ("application_id","bot_id");--> statement-breakpoint
CREATE INDEX "knowledge_passages_source_idx" ON "knowledge_passages" USING btree ("source_id","position");--> statement-breakpoint
CREATE INDEX "knowledge_passages_search_idx" ON "knowledge_passages" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "knowledge_sources_bot_idx" ON "knowledge_sources" USING btree ("application_id","bot_id");