CREATE TABLE "organization_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"requested_by_id" uuid,
	"status" text DEFAULT 'queued' NOT NULL,
	"steps_done" integer DEFAULT 0 NOT NULL,
	"steps_total" integer DEFAULT 0 NOT NULL,
	"step" text,
	"storage_key" text,
	"size" bigint,
	"error_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "organization_exports_status_check" CHECK ("organization_exports"."status" in ('queued', 'running', 'ready', 'failed', 'expired')),
	CONSTRAINT "organization_exports_steps_check" CHECK ("organization_exports"."steps_done" >= 0 and "organization_exports"."steps_done" <= "organization_exports"."steps_total")
);
--> statement-breakpoint
ALTER TABLE "organization_exports" ADD CONSTRAINT "organization_exports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_exports" ADD CONSTRAINT "organization_exports_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organization_exports_org_idx" ON "organization_exports" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "organization_exports_one_active_key" ON "organization_exports" USING btree ("organization_id") WHERE "organization_exports"."status" in ('queued', 'running');