-- One row per real-time event instead of one per audience. A conversation's event goes to the
-- members and to its customer, and each message's event was stored twice with the same data: on
-- PostgreSQL 30-50 µs of a send's time, on PGlite 65-80 (docs/performance.md, session 17). An
-- event now names its audiences in an array and has one seq. The rows stored so far keep theirs,
-- each with its one audience.
ALTER TABLE "realtime_events" ADD COLUMN "audiences" text[];--> statement-breakpoint
UPDATE "realtime_events" SET "audiences" = ARRAY["audience"];--> statement-breakpoint
ALTER TABLE "realtime_events" ALTER COLUMN "audiences" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "realtime_events" DROP COLUMN "audience";
