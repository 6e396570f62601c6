CREATE TABLE "routing_forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"fields" jsonb NOT NULL,
	"no_booking_delay" integer DEFAULT 15,
	"published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "routing_forms_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "routing_outcomes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"form_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"conditions" jsonb NOT NULL,
	"action" jsonb NOT NULL,
	"deal_stage_id" uuid,
	"fallback" boolean DEFAULT false NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "routing_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"form_id" uuid NOT NULL,
	"outcome_id" uuid,
	"answers" jsonb NOT NULL,
	"email" text,
	"decision" jsonb NOT NULL,
	"routed_user_id" uuid,
	"booking_id" uuid,
	"deal_id" uuid,
	"fingerprint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "attributes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "routing_forms" ADD CONSTRAINT "routing_forms_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routing_forms" ADD CONSTRAINT "routing_forms_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routing_outcomes" ADD CONSTRAINT "routing_outcomes_form_id_routing_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."routing_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routing_outcomes" ADD CONSTRAINT "routing_outcomes_deal_stage_id_pipeline_stages_id_fk" FOREIGN KEY ("deal_stage_id") REFERENCES "public"."pipeline_stages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routing_responses" ADD CONSTRAINT "routing_responses_form_id_routing_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."routing_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routing_responses" ADD CONSTRAINT "routing_responses_outcome_id_routing_outcomes_id_fk" FOREIGN KEY ("outcome_id") REFERENCES "public"."routing_outcomes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routing_responses" ADD CONSTRAINT "routing_responses_routed_user_id_users_id_fk" FOREIGN KEY ("routed_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routing_responses" ADD CONSTRAINT "routing_responses_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routing_responses" ADD CONSTRAINT "routing_responses_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routing_responses" ADD CONSTRAINT "routing_responses_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "routing_forms_organization_idx" ON "routing_forms" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "routing_outcomes_form_idx" ON "routing_outcomes" USING btree ("form_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "routing_outcomes_one_fallback" ON "routing_outcomes" USING btree ("form_id") WHERE "routing_outcomes"."fallback";--> statement-breakpoint
CREATE INDEX "routing_responses_form_idx" ON "routing_responses" USING btree ("form_id","created_at");--> statement-breakpoint
CREATE INDEX "routing_responses_fingerprint_idx" ON "routing_responses" USING btree ("fingerprint","created_at");--> statement-breakpoint
CREATE INDEX "routing_responses_booking_idx" ON "routing_responses" USING btree ("booking_id");