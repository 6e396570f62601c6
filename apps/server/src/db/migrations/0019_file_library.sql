CREATE TABLE "library_folders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "library_folders_name_key" UNIQUE NULLS NOT DISTINCT("organization_id","parent_id","name")
);
--> statement-breakpoint
CREATE TABLE "salesroom_page_views" (
	"visit_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"page" integer NOT NULL,
	"ms" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "salesroom_page_views_visit_id_document_id_page_pk" PRIMARY KEY("visit_id","document_id","page"),
	CONSTRAINT "salesroom_page_views_page_check" CHECK ("salesroom_page_views"."page" >= 1),
	CONSTRAINT "salesroom_page_views_ms_check" CHECK ("salesroom_page_views"."ms" >= 0)
);
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "in_library" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "folder_id" uuid;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "library_folders" ADD CONSTRAINT "library_folders_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_folders" ADD CONSTRAINT "library_folders_parent_id_library_folders_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."library_folders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salesroom_page_views" ADD CONSTRAINT "salesroom_page_views_visit_id_salesroom_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."salesroom_visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salesroom_page_views" ADD CONSTRAINT "salesroom_page_views_document_id_salesroom_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."salesroom_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "library_folders_parent_idx" ON "library_folders" USING btree ("organization_id","parent_id");--> statement-breakpoint
CREATE INDEX "salesroom_page_views_document_idx" ON "salesroom_page_views" USING btree ("document_id");--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_folder_id_library_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."library_folders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_library_idx" ON "files" USING btree ("organization_id","folder_id") WHERE "files"."in_library";--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_folder_in_library_check" CHECK ("files"."folder_id" is null or "files"."in_library");