CREATE TABLE "action_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"title" text NOT NULL,
	"side" text NOT NULL,
	"owner_name" text DEFAULT '' NOT NULL,
	"due_date" date,
	"done" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "action_steps_side_check" CHECK ("action_steps"."side" in ('seller', 'buyer'))
);
--> statement-breakpoint
CREATE TABLE "salesroom_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "salesroom_link_opens" (
	"visit_id" uuid NOT NULL,
	"link_id" uuid NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "salesroom_link_opens_visit_id_link_id_opened_at_pk" PRIMARY KEY("visit_id","link_id","opened_at")
);
--> statement-breakpoint
CREATE TABLE "salesroom_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"title" text NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "salesroom_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"side" text NOT NULL,
	"author_name" text NOT NULL,
	"author_id" uuid,
	"visitor_email" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "salesroom_messages_side_check" CHECK ("salesroom_messages"."side" in ('buyer', 'seller'))
);
--> statement-breakpoint
CREATE TABLE "salesroom_visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"visitor_email" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seconds" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "salesrooms" (
	"deal_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"public_id" text NOT NULL,
	"title" text NOT NULL,
	"welcome" text DEFAULT '' NOT NULL,
	"video_url" text DEFAULT '' NOT NULL,
	"access" text DEFAULT 'link' NOT NULL,
	"invited_emails" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"show_pricing" boolean DEFAULT true NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "salesrooms_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "salesrooms_access_check" CHECK ("salesrooms"."access" in ('link', 'invited'))
);
--> statement-breakpoint
ALTER TABLE "action_steps" ADD CONSTRAINT "action_steps_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salesroom_codes" ADD CONSTRAINT "salesroom_codes_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salesroom_link_opens" ADD CONSTRAINT "salesroom_link_opens_visit_id_salesroom_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."salesroom_visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salesroom_link_opens" ADD CONSTRAINT "salesroom_link_opens_link_id_salesroom_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."salesroom_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salesroom_links" ADD CONSTRAINT "salesroom_links_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salesroom_messages" ADD CONSTRAINT "salesroom_messages_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salesroom_messages" ADD CONSTRAINT "salesroom_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salesroom_visits" ADD CONSTRAINT "salesroom_visits_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salesrooms" ADD CONSTRAINT "salesrooms_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "action_steps_deal_idx" ON "action_steps" USING btree ("deal_id","created_at");--> statement-breakpoint
CREATE INDEX "salesroom_codes_lookup_idx" ON "salesroom_codes" USING btree ("deal_id","email");--> statement-breakpoint
CREATE INDEX "salesroom_links_deal_idx" ON "salesroom_links" USING btree ("deal_id","created_at");--> statement-breakpoint
CREATE INDEX "salesroom_messages_deal_idx" ON "salesroom_messages" USING btree ("deal_id","created_at");--> statement-breakpoint
CREATE INDEX "salesroom_visits_deal_idx" ON "salesroom_visits" USING btree ("deal_id","started_at");--> statement-breakpoint
CREATE INDEX "salesrooms_organization_idx" ON "salesrooms" USING btree ("organization_id");