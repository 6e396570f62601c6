CREATE TABLE "deal_stage_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"deal_id" uuid NOT NULL,
	"stage_id" uuid,
	"entered_at" timestamp with time zone NOT NULL,
	"left_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "deal_views" (
	"deal_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deal_views_deal_id_user_id_pk" PRIMARY KEY("deal_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "product_room_visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"visited_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"organization_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"rate" numeric(22, 10) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_organization_id_currency_pk" PRIMARY KEY("organization_id","currency"),
	CONSTRAINT "exchange_rates_rate_check" CHECK ("exchange_rates"."rate" > 0)
);
--> statement-breakpoint
CREATE TABLE "quotas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid,
	"team_id" uuid,
	"period" text NOT NULL,
	"start" date NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotas_subject_check" CHECK (("quotas"."user_id" is null) <> ("quotas"."team_id" is null)),
	CONSTRAINT "quotas_period_check" CHECK ("quotas"."period" in ('month', 'quarter')),
	CONSTRAINT "quotas_amount_check" CHECK ("quotas"."amount" >= 0),
	CONSTRAINT "quotas_currency_check" CHECK ("quotas"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "reporting_currencies" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"currency" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "no_show" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "lost_reason" text;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "origin_product_id" uuid;--> statement-breakpoint
ALTER TABLE "pipeline_stages" ADD COLUMN "probability" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "deal_stage_history" ADD CONSTRAINT "deal_stage_history_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_stage_history" ADD CONSTRAINT "deal_stage_history_stage_id_pipeline_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."pipeline_stages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_views" ADD CONSTRAINT "deal_views_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_views" ADD CONSTRAINT "deal_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_room_visits" ADD CONSTRAINT "product_room_visits_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotas" ADD CONSTRAINT "quotas_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotas" ADD CONSTRAINT "quotas_user_id_organization_id_users_id_organization_id_fk" FOREIGN KEY ("user_id","organization_id") REFERENCES "public"."users"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotas" ADD CONSTRAINT "quotas_team_id_organization_id_teams_id_organization_id_fk" FOREIGN KEY ("team_id","organization_id") REFERENCES "public"."teams"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reporting_currencies" ADD CONSTRAINT "reporting_currencies_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_stage_history_deal_idx" ON "deal_stage_history" USING btree ("deal_id","entered_at");--> statement-breakpoint
CREATE INDEX "deal_stage_history_org_entered_idx" ON "deal_stage_history" USING btree ("organization_id","entered_at");--> statement-breakpoint
CREATE INDEX "deal_stage_history_stage_idx" ON "deal_stage_history" USING btree ("stage_id","entered_at");--> statement-breakpoint
CREATE INDEX "product_room_visits_org_idx" ON "product_room_visits" USING btree ("organization_id","visited_at");--> statement-breakpoint
CREATE UNIQUE INDEX "quotas_user_key" ON "quotas" USING btree ("user_id","period","start") WHERE "quotas"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "quotas_team_key" ON "quotas" USING btree ("team_id","period","start") WHERE "quotas"."team_id" is not null;--> statement-breakpoint
CREATE INDEX "quotas_organization_idx" ON "quotas" USING btree ("organization_id","start");--> statement-breakpoint
CREATE INDEX "booking_events_action_idx" ON "booking_events" USING btree ("action","created_at");--> statement-breakpoint
CREATE INDEX "bookings_organization_created_idx" ON "bookings" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "deals_org_closed_idx" ON "deals" USING btree ("organization_id","closed_at") WHERE "deals"."closed_at" is not null;--> statement-breakpoint
CREATE INDEX "deals_org_origin_product_idx" ON "deals" USING btree ("organization_id","origin_product_id") WHERE "deals"."origin_product_id" is not null;--> statement-breakpoint
ALTER TABLE "pipeline_stages" ADD CONSTRAINT "pipeline_stages_probability_check" CHECK ("pipeline_stages"."probability" between 0 and 100);--> statement-breakpoint
-- Hand-written from here: probabilities, backfills and the triggers that keep closed_at and the stage history.
-- Existing stages get the usual probabilities: won 100, lost 0, open stages evenly between by position
-- (three open stages: 25, 50, 75).
UPDATE "pipeline_stages" s SET "probability" = CASE s."kind"
    WHEN 'won' THEN 100
    WHEN 'lost' THEN 0
    ELSE (100 * o.rank / (o.total + 1))::int
  END
FROM (
  SELECT "id",
    row_number() OVER (PARTITION BY "organization_id", "kind" ORDER BY "position") AS rank,
    count(*) OVER (PARTITION BY "organization_id", "kind") AS total
  FROM "pipeline_stages"
) o
WHERE o."id" = s."id";
--> statement-breakpoint
-- Each deal's stays, from its creation and its stage_changed activities (which name stages, not ids: a name
-- matches the organization's stage of that name, none if renamed since). The last stay is the deal's stage.
INSERT INTO "deal_stage_history" ("organization_id", "deal_id", "stage_id", "entered_at", "left_at")
SELECT d."organization_id", d."id",
  CASE WHEN e.next_at IS NULL THEN d."stage_id" ELSE (
    SELECT s."id" FROM "pipeline_stages" s
    WHERE s."organization_id" = d."organization_id" AND s."name" = e.stage_name
    ORDER BY s."position" LIMIT 1
  ) END,
  e.at, e.next_at
FROM "deals" d
CROSS JOIN LATERAL (
  SELECT x.at, x.stage_name, lead(x.at) OVER (ORDER BY x.at, x.ord) AS next_at
  FROM (
    SELECT d."created_at" AS at, 0 AS ord, coalesce(
      (SELECT a."data"->>'stage' FROM "deal_activities" a WHERE a."deal_id" = d."id" AND a."kind" = 'created' LIMIT 1),
      (SELECT a."data"->>'from' FROM "deal_activities" a WHERE a."deal_id" = d."id" AND a."kind" = 'stage_changed'
        ORDER BY a."created_at" LIMIT 1)
    ) AS stage_name
    UNION ALL
    SELECT a."created_at", 1, a."data"->>'to' FROM "deal_activities" a WHERE a."deal_id" = d."id" AND a."kind" = 'stage_changed'
  ) x
) e;
--> statement-breakpoint
-- A closed deal closed when it entered its won or lost stage: its last stay's start.
UPDATE "deals" d SET "closed_at" = (SELECT max(h."entered_at") FROM "deal_stage_history" h WHERE h."deal_id" = d."id")
FROM "pipeline_stages" s
WHERE s."id" = d."stage_id" AND s."kind" IN ('won', 'lost');
--> statement-breakpoint
-- Deals a product room's form opened: their 'created' activity says so, and their line names the product.
UPDATE "deals" d SET "origin_product_id" = l."product_id"
FROM "deal_lines" l, "deal_activities" a
WHERE l."deal_id" = d."id" AND a."deal_id" = d."id" AND a."kind" = 'created' AND a."data"->>'via' = 'product_room';
--> statement-breakpoint
-- closed_at follows the stage on every write of deals, whichever statement makes it: set when a deal enters
-- a won or lost stage (unless the statement sets it itself, as seeds of past deals do), cleared with the lost
-- reason when it is reopened; a won deal keeps no lost reason.
CREATE FUNCTION "deals_closed_at"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  stage_kind text;
BEGIN
  SELECT "kind" INTO stage_kind FROM "pipeline_stages" WHERE "id" = NEW."stage_id";
  IF stage_kind = 'open' THEN
    NEW."closed_at" := NULL;
    NEW."lost_reason" := NULL;
  ELSE
    IF TG_OP = 'INSERT' OR NEW."closed_at" IS NOT DISTINCT FROM OLD."closed_at" THEN
      NEW."closed_at" := coalesce(CASE WHEN TG_OP = 'INSERT' THEN NEW."closed_at" END, now());
    END IF;
    IF stage_kind = 'won' THEN
      NEW."lost_reason" := NULL;
    END IF;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- An insert that gives closed_at (a seed of past deals) is trusted and costs no lookup.
CREATE TRIGGER "deals_closed_at_insert" BEFORE INSERT ON "deals" FOR EACH ROW
  WHEN (NEW."closed_at" IS NULL) EXECUTE FUNCTION "deals_closed_at"();
--> statement-breakpoint
CREATE TRIGGER "deals_closed_at_update" BEFORE UPDATE OF "stage_id" ON "deals" FOR EACH ROW
  WHEN (OLD."stage_id" IS DISTINCT FROM NEW."stage_id") EXECUTE FUNCTION "deals_closed_at"();
--> statement-breakpoint
-- The stage history, one statement trigger per kind of write (transition tables: a bulk write is one insert):
-- a new deal's first stay starts at its creation; a stage change ends the open stay and starts the next.
CREATE FUNCTION "deal_stage_history_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "deal_stage_history" ("organization_id", "deal_id", "stage_id", "entered_at")
  SELECT "organization_id", "id", "stage_id", "created_at" FROM new_deals;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "deal_stage_history_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "deal_stage_history" h SET "left_at" = now()
  FROM new_deals n JOIN old_deals o ON o."id" = n."id"
  WHERE h."deal_id" = n."id" AND h."left_at" IS NULL AND o."stage_id" IS DISTINCT FROM n."stage_id";
  INSERT INTO "deal_stage_history" ("organization_id", "deal_id", "stage_id", "entered_at")
  SELECT n."organization_id", n."id", n."stage_id", now()
  FROM new_deals n JOIN old_deals o ON o."id" = n."id"
  WHERE o."stage_id" IS DISTINCT FROM n."stage_id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "deals_stage_history_insert" AFTER INSERT ON "deals" REFERENCING NEW TABLE AS new_deals
  FOR EACH STATEMENT EXECUTE FUNCTION "deal_stage_history_insert"();
--> statement-breakpoint
CREATE TRIGGER "deals_stage_history_update" AFTER UPDATE ON "deals" REFERENCING OLD TABLE AS old_deals NEW TABLE AS new_deals
  FOR EACH STATEMENT EXECUTE FUNCTION "deal_stage_history_update"();
