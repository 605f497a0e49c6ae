CREATE TABLE "conversation_rollup_facts" (
	"conversation_id" bigint PRIMARY KEY NOT NULL,
	"application_id" text NOT NULL,
	"started" timestamp with time zone NOT NULL,
	"resolved" timestamp with time zone,
	"asked" timestamp with time zone NOT NULL,
	"team_id" uuid,
	"channel" text NOT NULL,
	"bot" smallint NOT NULL,
	"customer_domain" text,
	"open" boolean NOT NULL,
	"first_response_ms" numeric,
	"resolution_ms" numeric
);
--> statement-breakpoint
CREATE TABLE "conversation_rollups" (
	"application_id" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"kind" smallint NOT NULL,
	"asked" timestamp with time zone NOT NULL,
	"team_id" uuid,
	"channel" text NOT NULL,
	"bot" smallint NOT NULL,
	"customer_domain" text,
	"conversations" integer DEFAULT 0 NOT NULL,
	"open_count" integer DEFAULT 0 NOT NULL,
	"duration_ms" numeric DEFAULT '0' NOT NULL,
	"durations" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "conversation_rollups_key" UNIQUE NULLS NOT DISTINCT("application_id","bucket","kind","asked","team_id","channel","bot","customer_domain")
);
--> statement-breakpoint
CREATE INDEX "conversation_rollup_facts_app_idx" ON "conversation_rollup_facts" USING btree ("application_id");--> statement-breakpoint
-- The roll-up is kept by triggers (docs/decisions.md, "Dashboard roll-ups"): every path that
-- creates, resolves, reopens, moves or deletes a conversation, gives it a bot or changes its
-- customer's address is covered in its own transaction, whichever module wrote it.
-- A quarter hour (UTC) of an instant: every time zone's offset is a multiple of 15 minutes.
CREATE FUNCTION "conversation_rollup_quarter"(t timestamptz) RETURNS timestamptz
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT date_bin('15 minutes', t, timestamptz '2000-01-01 00:00:00+00') $$;--> statement-breakpoint
-- Adds the given differences to one roll-up row (made when missing); nothing when they are all 0.
CREATE FUNCTION "conversation_rollup_bump"(app text, bucket timestamptz, kind smallint, asked timestamptz,
  team uuid, channel text, bot smallint, domain text, d_conversations integer, d_open integer,
  d_duration numeric, d_durations integer) RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
  IF d_conversations = 0 AND d_open = 0 AND d_duration = 0 AND d_durations = 0 THEN
    RETURN;
  END IF;
  INSERT INTO "conversation_rollups" AS r ("application_id", "bucket", "kind", "asked", "team_id", "channel", "bot",
      "customer_domain", "conversations", "open_count", "duration_ms", "durations")
  VALUES (app, bucket, kind, asked, team, channel, bot, domain, d_conversations, d_open, d_duration, d_durations)
  ON CONFLICT ON CONSTRAINT "conversation_rollups_key" DO UPDATE SET
    "conversations" = r."conversations" + excluded."conversations",
    "open_count" = r."open_count" + excluded."open_count",
    "duration_ms" = r."duration_ms" + excluded."duration_ms",
    "durations" = r."durations" + excluded."durations";
END
$$;--> statement-breakpoint
-- Moves one conversation in the roll-up from its old facts to its new ones (either may be all
-- null: not counted before, or gone). A row whose key stays gets one update with the difference
-- (a status change, a first response); otherwise the old row loses it and the new one gains it.
CREATE FUNCTION "conversation_rollup_move"(o "conversation_rollup_facts", n "conversation_rollup_facts") RETURNS void
LANGUAGE plpgsql
AS $$
DECLARE
  o_in boolean := o."conversation_id" IS NOT NULL;
  n_in boolean := n."conversation_id" IS NOT NULL;
  same_dims boolean := o_in AND n_in
    AND (o."application_id", o."asked", o."team_id", o."channel", o."bot", o."customer_domain")
      IS NOT DISTINCT FROM (n."application_id", n."asked", n."team_id", n."channel", n."bot", n."customer_domain");
BEGIN
  -- Started (kind 0): counted, open, first responses.
  IF same_dims AND o."started" = n."started" THEN
    PERFORM "conversation_rollup_bump"(n."application_id", n."started", 0::smallint, n."asked", n."team_id", n."channel",
      n."bot", n."customer_domain", 0, n."open"::int - o."open"::int,
      coalesce(n."first_response_ms", 0) - coalesce(o."first_response_ms", 0),
      (n."first_response_ms" IS NOT NULL)::int - (o."first_response_ms" IS NOT NULL)::int);
  ELSE
    IF o_in THEN
      PERFORM "conversation_rollup_bump"(o."application_id", o."started", 0::smallint, o."asked", o."team_id", o."channel",
        o."bot", o."customer_domain", -1, -o."open"::int, -coalesce(o."first_response_ms", 0),
        -(o."first_response_ms" IS NOT NULL)::int);
    END IF;
    IF n_in THEN
      PERFORM "conversation_rollup_bump"(n."application_id", n."started", 0::smallint, n."asked", n."team_id", n."channel",
        n."bot", n."customer_domain", 1, n."open"::int, coalesce(n."first_response_ms", 0),
        (n."first_response_ms" IS NOT NULL)::int);
    END IF;
  END IF;
  -- Resolved (kind 1): counted, resolution times.
  IF same_dims AND o."resolved" = n."resolved" THEN
    PERFORM "conversation_rollup_bump"(n."application_id", n."resolved", 1::smallint, n."asked", n."team_id", n."channel",
      n."bot", n."customer_domain", 0, 0, coalesce(n."resolution_ms", 0) - coalesce(o."resolution_ms", 0), 0);
  ELSE
    IF o_in AND o."resolved" IS NOT NULL THEN
      PERFORM "conversation_rollup_bump"(o."application_id", o."resolved", 1::smallint, o."asked", o."team_id", o."channel",
        o."bot", o."customer_domain", -1, 0, -coalesce(o."resolution_ms", 0), -(o."resolution_ms" IS NOT NULL)::int);
    END IF;
    IF n_in AND n."resolved" IS NOT NULL THEN
      PERFORM "conversation_rollup_bump"(n."application_id", n."resolved", 1::smallint, n."asked", n."team_id", n."channel",
        n."bot", n."customer_domain", 1, 0, coalesce(n."resolution_ms", 0), (n."resolution_ms" IS NOT NULL)::int);
    END IF;
  END IF;
END
$$;--> statement-breakpoint
-- Each conversation's facts as the figures count them now (analytics/repository.ts scopeConditions
-- and conversationFigures), in the columns of conversation_rollup_facts.
CREATE VIEW "conversation_rollup_facts_now" AS
  SELECT c."id" AS "conversation_id", c."application_id",
    "conversation_rollup_quarter"(c."created_at") AS "started",
    "conversation_rollup_quarter"(c."resolved_at") AS "resolved",
    "conversation_rollup_quarter"(coalesce(c."first_customer_message_at", c."created_at")) AS "asked",
    c."team_id", c."channel",
    (CASE WHEN b."conversation_id" IS NULL THEN 0 WHEN b."handed_off_at" IS NULL AND b."paused_at" IS NULL THEN 1 ELSE 2 END)::smallint AS "bot",
    CASE WHEN u."role_type" IS NULL AND u."email" IS NOT NULL THEN lower(split_part(u."email", '@', 2)) END AS "customer_domain",
    -- Not resolved, spam, duplicate or archived (stats/repository.ts ENDED).
    c."status" NOT IN (2, 3, 4, 5) AS "open",
    extract(epoch from (c."first_response_at" - c."first_customer_message_at")) * 1000 AS "first_response_ms",
    extract(epoch from (c."resolved_at" - c."created_at")) * 1000 AS "resolution_ms"
  FROM "conversations" c
  LEFT JOIN "bot_conversations" b ON b."conversation_id" = c."id"
  LEFT JOIN "users" u ON u."id" = c."customer_id";--> statement-breakpoint
-- Takes out what the conversation last added and adds its present state (nothing when gone).
CREATE FUNCTION "conversation_rollup_refresh"(conv bigint) RETURNS void
LANGUAGE plpgsql
AS $$
DECLARE
  old_facts "conversation_rollup_facts";
  new_facts "conversation_rollup_facts";
BEGIN
  SELECT * INTO old_facts FROM "conversation_rollup_facts" WHERE "conversation_id" = conv FOR UPDATE;
  SELECT * INTO new_facts FROM "conversation_rollup_facts_now" WHERE "conversation_id" = conv;
  IF old_facts IS NOT DISTINCT FROM new_facts THEN
    RETURN;
  END IF;
  PERFORM "conversation_rollup_move"(old_facts, new_facts);
  IF new_facts."conversation_id" IS NULL THEN
    DELETE FROM "conversation_rollup_facts" WHERE "conversation_id" = conv;
  ELSE
    INSERT INTO "conversation_rollup_facts" SELECT new_facts.*
    ON CONFLICT ("conversation_id") DO UPDATE SET
      "application_id" = excluded."application_id", "started" = excluded."started", "resolved" = excluded."resolved",
      "asked" = excluded."asked", "team_id" = excluded."team_id", "channel" = excluded."channel", "bot" = excluded."bot",
      "customer_domain" = excluded."customer_domain", "open" = excluded."open",
      "first_response_ms" = excluded."first_response_ms", "resolution_ms" = excluded."resolution_ms";
  END IF;
END
$$;--> statement-breakpoint
CREATE FUNCTION "conversation_rollup_conversation_changed"() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM "conversation_rollup_refresh"(OLD."id");
  ELSE
    PERFORM "conversation_rollup_refresh"(NEW."id");
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "conversation_rollup_bot_changed"() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM "conversation_rollup_refresh"(OLD."conversation_id");
  ELSE
    PERFORM "conversation_rollup_refresh"(NEW."conversation_id");
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "conversation_rollup_customer_changed"() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM "conversation_rollup_refresh"(c."id") FROM "conversations" c WHERE c."customer_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "conversation_rollup_insert_delete" AFTER INSERT OR DELETE ON "conversations"
FOR EACH ROW EXECUTE FUNCTION "conversation_rollup_conversation_changed"();--> statement-breakpoint
-- Only a change of what the figures read: a send that just moves last_message_at costs nothing.
CREATE TRIGGER "conversation_rollup_update" AFTER UPDATE OF "application_id", "status", "team_id", "channel",
  "customer_id", "created_at", "resolved_at", "first_customer_message_at", "first_response_at" ON "conversations"
FOR EACH ROW WHEN (
  OLD."status" IS DISTINCT FROM NEW."status" OR OLD."team_id" IS DISTINCT FROM NEW."team_id"
  OR OLD."channel" IS DISTINCT FROM NEW."channel" OR OLD."customer_id" IS DISTINCT FROM NEW."customer_id"
  OR OLD."created_at" IS DISTINCT FROM NEW."created_at" OR OLD."resolved_at" IS DISTINCT FROM NEW."resolved_at"
  OR OLD."first_customer_message_at" IS DISTINCT FROM NEW."first_customer_message_at"
  OR OLD."first_response_at" IS DISTINCT FROM NEW."first_response_at"
  OR OLD."application_id" IS DISTINCT FROM NEW."application_id"
) EXECUTE FUNCTION "conversation_rollup_conversation_changed"();--> statement-breakpoint
CREATE TRIGGER "conversation_rollup_bot" AFTER INSERT OR DELETE OR UPDATE OF "handed_off_at", "paused_at" ON "bot_conversations"
FOR EACH ROW EXECUTE FUNCTION "conversation_rollup_bot_changed"();--> statement-breakpoint
CREATE TRIGGER "conversation_rollup_customer" AFTER UPDATE OF "email", "role_type" ON "users"
FOR EACH ROW WHEN (OLD."email" IS DISTINCT FROM NEW."email" OR OLD."role_type" IS DISTINCT FROM NEW."role_type")
EXECUTE FUNCTION "conversation_rollup_customer_changed"();--> statement-breakpoint
-- Rebuilds the roll-up of one application (or all, with null) from its conversations, set-based:
-- the backfill below, and the benches' data generator after its bulk inserts.
CREATE FUNCTION "conversation_rollup_rebuild"(app text) RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
  DELETE FROM "conversation_rollups" WHERE app IS NULL OR "application_id" = app;
  DELETE FROM "conversation_rollup_facts" WHERE app IS NULL OR "application_id" = app;
  INSERT INTO "conversation_rollup_facts" SELECT * FROM "conversation_rollup_facts_now" WHERE app IS NULL OR "application_id" = app;
  INSERT INTO "conversation_rollups" ("application_id", "bucket", "kind", "asked", "team_id", "channel", "bot",
      "customer_domain", "conversations", "open_count", "duration_ms", "durations")
  SELECT "application_id", "started", 0, "asked", "team_id", "channel", "bot", "customer_domain",
    count(*), count(*) FILTER (WHERE "open"), coalesce(sum("first_response_ms"), 0), count("first_response_ms")
  FROM "conversation_rollup_facts" WHERE app IS NULL OR "application_id" = app
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
  UNION ALL
  SELECT "application_id", "resolved", 1, "asked", "team_id", "channel", "bot", "customer_domain",
    count(*), 0, coalesce(sum("resolution_ms"), 0), count("resolution_ms")
  FROM "conversation_rollup_facts" WHERE (app IS NULL OR "application_id" = app) AND "resolved" IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
END
$$;--> statement-breakpoint
-- Existing conversations.
SELECT "conversation_rollup_rebuild"(NULL);
