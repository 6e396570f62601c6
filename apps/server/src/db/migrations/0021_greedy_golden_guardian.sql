DROP INDEX "deals_org_created_idx";--> statement-breakpoint
DROP INDEX "deals_owner_idx";--> statement-breakpoint
DROP INDEX "deals_org_closed_idx";--> statement-breakpoint
ALTER TABLE "product_room_visits" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
ALTER TABLE "product_room_visits" ADD CONSTRAINT "product_room_visits_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deals_org_created_idx" ON "deals" USING btree ("organization_id","created_at","id","owner_id","currency","amount");--> statement-breakpoint
CREATE INDEX "deals_owner_idx" ON "deals" USING btree ("owner_id","stage_id","organization_id","created_at","expected_close_date","updated_at","id");--> statement-breakpoint
CREATE INDEX "deals_org_closed_idx" ON "deals" USING btree ("organization_id","closed_at","stage_id","owner_id","currency","amount","created_at","lost_reason") WHERE "deals"."closed_at" is not null;--> statement-breakpoint
-- Hand-written from here. Visits made before this migration go to their room's owner as it is now (whom the
-- room books meetings with, if active, else the organization's first owner), as an inquiry made now would.
UPDATE "product_room_visits" v SET "owner_id" = coalesce(
  (SELECT u."id" FROM "products" p JOIN "event_types" et ON et."id" = p."room_event_type_id"
    JOIN "users" u ON u."id" = et."owner_id" AND u."organization_id" = p."organization_id" AND u."status" = 'active'
    WHERE p."id" = v."product_id"),
  (SELECT u."id" FROM "users" u WHERE u."organization_id" = v."organization_id" AND u."status" = 'active' AND u."role" = 'owner'
    ORDER BY u."created_at" LIMIT 1)
);
