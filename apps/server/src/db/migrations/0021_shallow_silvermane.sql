ALTER TABLE "product_room_visits" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
ALTER TABLE "product_room_visits" ADD CONSTRAINT "product_room_visits_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Hand-written from here. Visits made before this migration go to their room's owner as it is now (whom the
-- room books meetings with, if active, else the organization's first owner), as an inquiry made now would.
UPDATE "product_room_visits" v SET "owner_id" = coalesce(
  (SELECT u."id" FROM "products" p JOIN "event_types" et ON et."id" = p."room_event_type_id"
    JOIN "users" u ON u."id" = et."owner_id" AND u."organization_id" = p."organization_id" AND u."status" = 'active'
    WHERE p."id" = v."product_id"),
  (SELECT u."id" FROM "users" u WHERE u."organization_id" = v."organization_id" AND u."status" = 'active' AND u."role" = 'owner'
    ORDER BY u."created_at" LIMIT 1)
);
