CREATE TABLE "agreement_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agreement_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_type" text NOT NULL,
	"actor_name" text NOT NULL,
	"actor_email" text,
	"ip" text,
	"user_agent" text,
	"detail" text,
	"at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "agreement_events_kind_check" CHECK ("agreement_events"."kind" in ('created', 'sent', 'opened', 'signed', 'approved', 'declined', 'voided', 'expired', 'reminded', 'downloaded', 'completed')),
	CONSTRAINT "agreement_events_actor_check" CHECK ("agreement_events"."actor_type" in ('user', 'recipient', 'system'))
);
--> statement-breakpoint
CREATE TABLE "agreement_fields" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agreement_id" uuid NOT NULL,
	"recipient_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"page" integer NOT NULL,
	"x" double precision NOT NULL,
	"y" double precision NOT NULL,
	"width" double precision NOT NULL,
	"height" double precision NOT NULL,
	"required" boolean DEFAULT true NOT NULL,
	"value" text,
	CONSTRAINT "agreement_fields_type_check" CHECK ("agreement_fields"."type" in ('signature', 'initials', 'name', 'email', 'date', 'text', 'checkbox')),
	CONSTRAINT "agreement_fields_page_check" CHECK ("agreement_fields"."page" between 1 and 100),
	CONSTRAINT "agreement_fields_box_check" CHECK ("agreement_fields"."x" >= 0 and "agreement_fields"."y" >= 0 and "agreement_fields"."width" > 0 and "agreement_fields"."height" > 0 and "agreement_fields"."x" + "agreement_fields"."width" <= 1.000001 and "agreement_fields"."y" + "agreement_fields"."height" <= 1.000001)
);
--> statement-breakpoint
CREATE TABLE "agreement_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agreement_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"position" integer,
	"placeholder" text,
	"status" text DEFAULT 'not_sent' NOT NULL,
	"token_hash" text,
	"sent_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"decline_reason" text,
	"reminded_at" timestamp with time zone,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agreement_recipients_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "agreement_recipients_email_key" UNIQUE("agreement_id","email"),
	CONSTRAINT "agreement_recipients_id_agreement_key" UNIQUE("id","agreement_id"),
	CONSTRAINT "agreement_recipients_role_check" CHECK ("agreement_recipients"."role" in ('signer', 'approver', 'viewer', 'cc')),
	CONSTRAINT "agreement_recipients_placeholder_check" CHECK ("agreement_recipients"."placeholder" in ('client', 'owner')),
	CONSTRAINT "agreement_recipients_status_check" CHECK ("agreement_recipients"."status" in ('not_sent', 'sent', 'opened', 'signed', 'approved', 'declined')),
	CONSTRAINT "agreement_recipients_position_check" CHECK ("agreement_recipients"."position" >= 1),
	CONSTRAINT "agreement_recipients_token_check" CHECK (("agreement_recipients"."status" = 'not_sent') = ("agreement_recipients"."token_hash" is null)),
	CONSTRAINT "agreement_recipients_signed_role_check" CHECK ("agreement_recipients"."status" <> 'signed' or "agreement_recipients"."role" = 'signer'),
	CONSTRAINT "agreement_recipients_approved_role_check" CHECK ("agreement_recipients"."status" <> 'approved' or "agreement_recipients"."role" = 'approver'),
	CONSTRAINT "agreement_recipients_declined_role_check" CHECK ("agreement_recipients"."status" <> 'declined' or "agreement_recipients"."role" in ('signer', 'approver')),
	CONSTRAINT "agreement_recipients_signed_at_check" CHECK (("agreement_recipients"."status" in ('signed', 'approved')) = ("agreement_recipients"."signed_at" is not null)),
	CONSTRAINT "agreement_recipients_declined_at_check" CHECK (("agreement_recipients"."status" = 'declined') = ("agreement_recipients"."declined_at" is not null and "agreement_recipients"."decline_reason" is not null))
);
--> statement-breakpoint
CREATE TABLE "agreements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"deal_id" uuid,
	"owner_id" uuid NOT NULL,
	"title" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"template" boolean DEFAULT false NOT NULL,
	"signing_order" text DEFAULT 'parallel' NOT NULL,
	"expires_at" timestamp with time zone,
	"reminder_every_days" integer,
	"original_file_id" uuid NOT NULL,
	"original_sha256" text NOT NULL,
	"sealed_file_id" uuid,
	"sealed_sha256" text,
	"pages" jsonb NOT NULL,
	"void_reason" text,
	"sent_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agreements_status_check" CHECK ("agreements"."status" in ('draft', 'sent', 'completed', 'declined', 'voided', 'expired')),
	CONSTRAINT "agreements_signing_order_check" CHECK ("agreements"."signing_order" in ('parallel', 'sequential')),
	CONSTRAINT "agreements_template_draft_check" CHECK (not "agreements"."template" or "agreements"."status" = 'draft'),
	CONSTRAINT "agreements_sent_check" CHECK (("agreements"."status" = 'draft') = ("agreements"."sent_at" is null)),
	CONSTRAINT "agreements_completed_check" CHECK (("agreements"."status" = 'completed') = ("agreements"."completed_at" is not null)),
	CONSTRAINT "agreements_sealed_check" CHECK ("agreements"."sealed_file_id" is null or ("agreements"."status" = 'completed' and "agreements"."sealed_sha256" is not null)),
	CONSTRAINT "agreements_reminder_check" CHECK ("agreements"."reminder_every_days" between 1 and 30),
	CONSTRAINT "agreements_pages_check" CHECK (jsonb_array_length("agreements"."pages") between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "automation_rules" DROP CONSTRAINT "automation_rules_trigger_check";--> statement-breakpoint
ALTER TABLE "agreement_events" ADD CONSTRAINT "agreement_events_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_fields" ADD CONSTRAINT "agreement_fields_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_fields" ADD CONSTRAINT "agreement_fields_recipient_id_agreement_id_agreement_recipients_id_agreement_id_fk" FOREIGN KEY ("recipient_id","agreement_id") REFERENCES "public"."agreement_recipients"("id","agreement_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_recipients" ADD CONSTRAINT "agreement_recipients_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_owner_id_organization_id_users_id_organization_id_fk" FOREIGN KEY ("owner_id","organization_id") REFERENCES "public"."users"("id","organization_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_original_file_id_organization_id_files_id_organization_id_fk" FOREIGN KEY ("original_file_id","organization_id") REFERENCES "public"."files"("id","organization_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_sealed_file_id_organization_id_files_id_organization_id_fk" FOREIGN KEY ("sealed_file_id","organization_id") REFERENCES "public"."files"("id","organization_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agreement_events_agreement_idx" ON "agreement_events" USING btree ("agreement_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "agreement_events_completed_key" ON "agreement_events" USING btree ("agreement_id") WHERE "agreement_events"."kind" = 'completed';--> statement-breakpoint
CREATE INDEX "agreement_fields_agreement_idx" ON "agreement_fields" USING btree ("agreement_id","position");--> statement-breakpoint
CREATE INDEX "agreement_fields_recipient_idx" ON "agreement_fields" USING btree ("recipient_id");--> statement-breakpoint
CREATE INDEX "agreements_org_created_idx" ON "agreements" USING btree ("organization_id","template","created_at","id");--> statement-breakpoint
CREATE INDEX "agreements_deal_idx" ON "agreements" USING btree ("deal_id");--> statement-breakpoint
ALTER TABLE "automation_rules" ADD CONSTRAINT "automation_rules_trigger_check" CHECK ("automation_rules"."trigger" in ('product_form_submitted', 'booking_made', 'room_first_visited', 'agreement_completed'));