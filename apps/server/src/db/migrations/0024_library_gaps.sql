ALTER TABLE "agreements" ADD COLUMN "library_file_id" uuid;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "pages" integer;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_library_file_id_organization_id_files_id_organization_id_fk" FOREIGN KEY ("library_file_id","organization_id") REFERENCES "public"."files"("id","organization_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agreements_library_file_idx" ON "agreements" USING btree ("library_file_id") WHERE "agreements"."library_file_id" is not null;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_pages_check" CHECK ("files"."pages" is null or "files"."pages" >= 1);