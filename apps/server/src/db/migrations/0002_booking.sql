CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE TABLE "booking_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"action" text NOT NULL,
	"by" text NOT NULL,
	"from_start" timestamp with time zone,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_hosts" (
	"booking_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"blocked_from" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone NOT NULL,
	CONSTRAINT "booking_hosts_booking_id_user_id_pk" PRIMARY KEY("booking_id","user_id"),
	CONSTRAINT "booking_hosts_range_check" CHECK ("booking_hosts"."blocked_until" > "booking_hosts"."blocked_from")
);
--> statement-breakpoint
CREATE TABLE "booking_participants" (
	"booking_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "booking_participants_booking_id_user_id_pk" PRIMARY KEY("booking_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "booking_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uid" text NOT NULL,
	"organization_id" uuid NOT NULL,
	"event_type_id" uuid NOT NULL,
	"status" text NOT NULL,
	"title" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"attendee_name" text NOT NULL,
	"attendee_email" text NOT NULL,
	"attendee_phone" text,
	"attendee_time_zone" text NOT NULL,
	"notes" text,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"location_kind" text NOT NULL,
	"location_value" text,
	"cancel_reason" text,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_uid_unique" UNIQUE("uid"),
	CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('pending', 'accepted', 'cancelled', 'declined')),
	CONSTRAINT "bookings_time_check" CHECK ("bookings"."end_at" > "bookings"."start_at")
);
--> statement-breakpoint
CREATE TABLE "calendar_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"server_url" text NOT NULL,
	"username" text NOT NULL,
	"password_encrypted" text NOT NULL,
	"calendars" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"busy_calendar_urls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"write_calendar_url" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "calendar_writes" (
	"booking_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"object_url" text NOT NULL,
	"etag" text,
	CONSTRAINT "calendar_writes_booking_id_connection_id_pk" PRIMARY KEY("booking_id","connection_id")
);
--> statement-breakpoint
CREATE TABLE "event_type_hosts" (
	"event_type_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"weight" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "event_type_hosts_event_type_id_user_id_pk" PRIMARY KEY("event_type_id","user_id"),
	CONSTRAINT "event_type_hosts_weight_check" CHECK ("event_type_hosts"."weight" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "event_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"team_id" uuid,
	"kind" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"durations" jsonb NOT NULL,
	"location" jsonb NOT NULL,
	"buffer_before" integer DEFAULT 0 NOT NULL,
	"buffer_after" integer DEFAULT 0 NOT NULL,
	"minimum_notice" integer DEFAULT 0 NOT NULL,
	"booking_window" jsonb NOT NULL,
	"slot_interval" integer,
	"daily_limit" integer,
	"weekly_limit" integer,
	"requires_confirmation" boolean DEFAULT false NOT NULL,
	"questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"schedule_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_types_id_organization_key" UNIQUE("id","organization_id"),
	CONSTRAINT "event_types_kind_check" CHECK ("event_types"."kind" in ('personal', 'round_robin', 'collective')),
	CONSTRAINT "event_types_team_check" CHECK (("event_types"."kind" = 'personal') = ("event_types"."team_id" is null)),
	CONSTRAINT "event_types_buffers_check" CHECK ("event_types"."buffer_before" >= 0 and "event_types"."buffer_after" >= 0 and "event_types"."minimum_notice" >= 0)
);
--> statement-breakpoint
CREATE TABLE "public_handles" (
	"handle" text PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid,
	"team_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "public_handles_owner_check" CHECK (("public_handles"."user_id" is null) <> ("public_handles"."team_id" is null)),
	CONSTRAINT "public_handles_format_check" CHECK ("public_handles"."handle" ~ '^[a-z0-9]([a-z0-9-]{0,58}[a-z0-9])?$')
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"time_zone" text NOT NULL,
	"weekly_hours" jsonb NOT NULL,
	"overrides" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_hosts" ADD CONSTRAINT "booking_hosts_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_hosts" ADD CONSTRAINT "booking_hosts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_participants" ADD CONSTRAINT "booking_participants_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_participants" ADD CONSTRAINT "booking_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_settings" ADD CONSTRAINT "booking_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_event_type_id_organization_id_event_types_id_organization_id_fk" FOREIGN KEY ("event_type_id","organization_id") REFERENCES "public"."event_types"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_connections" ADD CONSTRAINT "calendar_connections_user_id_organization_id_users_id_organization_id_fk" FOREIGN KEY ("user_id","organization_id") REFERENCES "public"."users"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_writes" ADD CONSTRAINT "calendar_writes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_writes" ADD CONSTRAINT "calendar_writes_connection_id_calendar_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."calendar_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_type_hosts" ADD CONSTRAINT "event_type_hosts_event_type_id_organization_id_event_types_id_organization_id_fk" FOREIGN KEY ("event_type_id","organization_id") REFERENCES "public"."event_types"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_type_hosts" ADD CONSTRAINT "event_type_hosts_user_id_organization_id_users_id_organization_id_fk" FOREIGN KEY ("user_id","organization_id") REFERENCES "public"."users"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_types" ADD CONSTRAINT "event_types_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_types" ADD CONSTRAINT "event_types_owner_id_organization_id_users_id_organization_id_fk" FOREIGN KEY ("owner_id","organization_id") REFERENCES "public"."users"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_types" ADD CONSTRAINT "event_types_team_id_organization_id_teams_id_organization_id_fk" FOREIGN KEY ("team_id","organization_id") REFERENCES "public"."teams"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_handles" ADD CONSTRAINT "public_handles_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_handles" ADD CONSTRAINT "public_handles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_handles" ADD CONSTRAINT "public_handles_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_user_id_organization_id_users_id_organization_id_fk" FOREIGN KEY ("user_id","organization_id") REFERENCES "public"."users"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_events_booking_idx" ON "booking_events" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "booking_hosts_user_idx" ON "booking_hosts" USING btree ("user_id","blocked_from");--> statement-breakpoint
CREATE INDEX "booking_participants_user_idx" ON "booking_participants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "bookings_organization_start_idx" ON "bookings" USING btree ("organization_id","start_at");--> statement-breakpoint
CREATE INDEX "bookings_event_type_idx" ON "bookings" USING btree ("event_type_id","start_at");--> statement-breakpoint
CREATE INDEX "calendar_connections_user_idx" ON "calendar_connections" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "event_type_hosts_user_idx" ON "event_type_hosts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_types_personal_slug_key" ON "event_types" USING btree ("owner_id","slug") WHERE "event_types"."team_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "event_types_team_slug_key" ON "event_types" USING btree ("team_id","slug") WHERE "event_types"."team_id" is not null;--> statement-breakpoint
CREATE INDEX "event_types_organization_idx" ON "event_types" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "public_handles_user_key" ON "public_handles" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "public_handles_team_key" ON "public_handles" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "schedules_user_idx" ON "schedules" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "schedules_default_key" ON "schedules" USING btree ("user_id") WHERE "schedules"."is_default";--> statement-breakpoint
-- A host can never hold two overlapping bookings (buffers included), whatever the race between requests.
ALTER TABLE "booking_hosts" ADD CONSTRAINT "booking_hosts_no_overlap" EXCLUDE USING gist ("user_id" WITH =, tstzrange("blocked_from", "blocked_until") WITH &&);
