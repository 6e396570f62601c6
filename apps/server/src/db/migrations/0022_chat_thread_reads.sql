CREATE TABLE "chat_thread_reads" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"parent_id" uuid NOT NULL,
	"last_read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_thread_reads_user_id_kind_parent_id_pk" PRIMARY KEY("user_id","kind","parent_id")
);
--> statement-breakpoint
ALTER TABLE "chat_thread_reads" ADD CONSTRAINT "chat_thread_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written backfill: every existing member has read every existing deal, client and room thread up to now,
-- so the new unread counts start with what arrives after this release, not with the team's whole history.
INSERT INTO "chat_thread_reads" ("user_id", "kind", "parent_id", "last_read_at")
SELECT u."id", 'deal', d."id", now() FROM "users" u JOIN "deals" d ON d."organization_id" = u."organization_id"
WHERE EXISTS (SELECT 1 FROM "deal_messages" m WHERE m."deal_id" = d."id")
UNION ALL
SELECT u."id", 'client', c."id", now() FROM "users" u JOIN "clients" c ON c."organization_id" = u."organization_id"
WHERE EXISTS (SELECT 1 FROM "client_messages" m WHERE m."client_id" = c."id")
UNION ALL
SELECT u."id", 'room', d."id", now() FROM "users" u JOIN "deals" d ON d."organization_id" = u."organization_id"
WHERE EXISTS (SELECT 1 FROM "salesroom_messages" m WHERE m."deal_id" = d."id");
