CREATE TABLE "mail_folders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"role" text NOT NULL,
	"path" text NOT NULL,
	"uid_validity" bigint,
	"last_uid" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "mail_folders_account_role_key" UNIQUE("account_id","role")
);
--> statement-breakpoint
ALTER TABLE "mail_folders" ADD CONSTRAINT "mail_folders_account_id_mail_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."mail_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written: how far each mailbox had read INBOX moves to its folder row, so no mailbox reads INBOX anew.
INSERT INTO "mail_folders" ("account_id", "role", "path", "uid_validity", "last_uid")
SELECT "id", 'inbox', 'INBOX', "uid_validity", "last_uid" FROM "mail_accounts" WHERE "uid_validity" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_accounts" DROP COLUMN "uid_validity";--> statement-breakpoint
ALTER TABLE "mail_accounts" DROP COLUMN "last_uid";