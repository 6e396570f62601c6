ALTER TABLE "deals" ADD COLUMN "summary_head" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "summary_tail" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Hand-written from here. A deal's DealSummary as JSON text, in two halves around its owner's name and avatar
-- (users' columns, joined when read), written on every insert and update of the deal: the board reads up to 1,200
-- cards at once, many times for each write of one, and writing them out on every read was most of its statement
-- (bench/README.md, deals). Key for key in DealSummary's order, as presentSummary writes it (board.test.ts compares
-- each card with the list's summary of the same deal): strings through to_json, which escapes them and writes
-- dates as ISO whatever the session's DateStyle; timestamps as JavaScript's toISOString writes them (UTC,
-- milliseconds truncated). Named to fire after deals_closed_at_* (a stage change's closed_at and lost_reason):
-- BEFORE triggers fire in name order.
CREATE FUNCTION "deals_summary_json"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."summary_head" := '{"id":"' || NEW."id" || '","name":' || to_json(NEW."name")::text
    || ',"company":' || to_json(NEW."company")::text || ',"owner":{"id":"' || NEW."owner_id" || '","name":';
  NEW."summary_tail" := '},"stageId":"' || NEW."stage_id" || '","amount":' || NEW."amount"
    || ',"currency":' || to_json(NEW."currency")::text
    || ',"expectedCloseDate":' || coalesce(to_json(NEW."expected_close_date")::text, 'null')
    || ',"contactCount":' || NEW."contact_count"
    || ',"closedAt":' || coalesce('"' || to_char(NEW."closed_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"', 'null')
    || ',"lostReason":' || coalesce(to_json(NEW."lost_reason")::text, 'null')
    || ',"createdAt":"' || to_char(NEW."created_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    || '","updatedAt":"' || to_char(NEW."updated_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"}';
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "deals_summary_json" BEFORE INSERT OR UPDATE ON "deals" FOR EACH ROW EXECUTE FUNCTION "deals_summary_json"();
--> statement-breakpoint
-- Every deal's halves written once (the trigger does it); deals' statement triggers return at once, as no counted column changes.
UPDATE "deals" SET "summary_head" = '';
