ALTER TABLE "conversations" ADD COLUMN "first_customer_message_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "first_response_at" timestamp with time zone;--> statement-breakpoint
-- Existing conversations: the customer's first message, and the first human agent (sender type 0)
-- message at or after it.
WITH "first_customer" AS (
  SELECT "conversation_id", min("created_at") AS "at" FROM "messages" WHERE "sender_type" = 2 GROUP BY "conversation_id"
), "first_response" AS (
  SELECT fc."conversation_id", min(m."created_at") AS "at"
  FROM "first_customer" fc JOIN "messages" m ON m."conversation_id" = fc."conversation_id"
  WHERE m."sender_type" = 0 AND m."created_at" >= fc."at"
  GROUP BY fc."conversation_id"
)
UPDATE "conversations" c SET "first_customer_message_at" = fc."at", "first_response_at" = fr."at"
FROM "first_customer" fc LEFT JOIN "first_response" fr ON fr."conversation_id" = fc."conversation_id"
WHERE c."id" = fc."conversation_id";
