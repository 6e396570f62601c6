ALTER TABLE "webhook_attempts" ADD COLUMN "error_kind" text;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_error_kind_check" CHECK ("webhook_attempts"."error_kind" in ('timeout', 'network', 'refused', 'redirect', 'http_status'));--> statement-breakpoint
-- Hand-written backfill: the attempts logged before this column, classified by the English text the server wrote
-- for each kind (deliveries.ts). A failed attempt whose text matches none stays without a kind.
UPDATE "webhook_attempts" SET "error_kind" = CASE
  WHEN "error" = 'Redirects are not followed' THEN 'redirect'
  WHEN "error" LIKE 'The endpoint answered %' THEN 'http_status'
  WHEN "error" LIKE 'No answer within %' THEN 'timeout'
  WHEN "error" LIKE '%is a private or local network address%' THEN 'refused'
  WHEN "error" LIKE 'Could not connect: %' THEN 'network'
END
WHERE "error" IS NOT NULL;
