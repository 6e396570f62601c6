-- A page of a deal's, client's or room's thread is the rows of one parent below a cursor (created_at, id), latest first
-- (db/thread-page.ts): with the id in each index, that range in that order is one index scan, with no sort.
DROP INDEX "client_messages_client_idx";--> statement-breakpoint
DROP INDEX "deal_messages_deal_idx";--> statement-breakpoint
DROP INDEX "salesroom_messages_deal_idx";--> statement-breakpoint
CREATE INDEX "client_messages_client_idx" ON "client_messages" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "deal_messages_deal_idx" ON "deal_messages" USING btree ("deal_id","created_at","id");--> statement-breakpoint
CREATE INDEX "salesroom_messages_deal_idx" ON "salesroom_messages" USING btree ("deal_id","created_at","id");