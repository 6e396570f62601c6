CREATE TABLE "deal_made_counts" (
	"organization_id" uuid NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"owner_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"n" integer NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "deal_made_counts_organization_id_bucket_owner_id_currency_pk" PRIMARY KEY("organization_id","bucket","owner_id","currency")
);
--> statement-breakpoint
CREATE TABLE "deal_stay_counts" (
	"organization_id" uuid NOT NULL,
	"measure" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"stage_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"n" integer NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "deal_stay_counts_organization_id_measure_bucket_stage_id_owner_id_currency_pk" PRIMARY KEY("organization_id","measure","bucket","stage_id","owner_id","currency")
);
--> statement-breakpoint
ALTER TABLE "deal_made_counts" ADD CONSTRAINT "deal_made_counts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_stay_counts" ADD CONSTRAINT "deal_stay_counts_stage_id_organization_id_pipeline_stages_id_organization_id_fk" FOREIGN KEY ("stage_id","organization_id") REFERENCES "public"."pipeline_stages"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deals_stage_expected_idx" ON "deals" USING btree ("stage_id","expected_close_date","organization_id","owner_id","currency","amount");--> statement-breakpoint
-- Hand-written from here: the triggers that keep deal_made_counts and deal_stay_counts exact, and their backfill.
-- As deal_close_counts (migration 0029): statement triggers with transition tables, the rows a statement added
-- counting +1 with their amount and those it took away -1, netted per key (a write that moves no count writes
-- nothing) and upserted in key order (no deadlock between two transactions). Rows of an organization being deleted
-- add nothing (its counts go with it by cascade).
CREATE FUNCTION "deal_made_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  part text := $p$
    select d.organization_id, booking_bucket(d.created_at) as bucket, d.owner_id, d.currency, %s as n, %s * d.amount as amount
    from %I d join organizations o on o.id = d.organization_id
  $p$;
  added text := format(part, '1', '1', 'new_deals');
  removed text := format(part, '-1', '-1', 'old_deals');
BEGIN
  EXECUTE format($sql$
    insert into deal_made_counts as t (organization_id, bucket, owner_id, currency, n, amount)
    select organization_id, bucket, owner_id, currency, sum(n), sum(amount)
    from (%s) change
    group by organization_id, bucket, owner_id, currency
    having sum(n) <> 0 or sum(amount) <> 0
    order by organization_id, bucket, owner_id, currency
    on conflict (organization_id, bucket, owner_id, currency) do update set n = t.n + excluded.n, amount = t.amount + excluded.amount
  $sql$, CASE TG_OP WHEN 'INSERT' THEN added WHEN 'DELETE' THEN removed ELSE added || ' union all ' || removed END);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "deals_made_counts_insert" AFTER INSERT ON "deals" REFERENCING NEW TABLE AS new_deals
  FOR EACH STATEMENT EXECUTE FUNCTION "deal_made_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "deals_made_counts_update" AFTER UPDATE ON "deals" REFERENCING OLD TABLE AS old_deals NEW TABLE AS new_deals
  FOR EACH STATEMENT EXECUTE FUNCTION "deal_made_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "deals_made_counts_delete" AFTER DELETE ON "deals" REFERENCING OLD TABLE AS old_deals
  FOR EACH STATEMENT EXECUTE FUNCTION "deal_made_counts_apply"();
--> statement-breakpoint
INSERT INTO "deal_made_counts" ("organization_id", "bucket", "owner_id", "currency", "n", "amount")
  SELECT "organization_id", booking_bucket("created_at"), "owner_id", "currency", count(*), sum("amount")
  FROM "deals" GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
-- deal_stay_counts: a stay counts once at the bucket it was entered and, once left, at the bucket it was left, with
-- its deal as the deal is now (owner, currency, amount) and its stage while the stage exists (a deleted stage's
-- counts go with it by cascade; its stays, left without a stage, count nowhere). So: a statement on
-- deal_stage_history adds its new stays and takes away its old ones, each with its deal now; a statement updating
-- deals moves the stays of the deals whose owner, currency or amount changed from the old key to the new one (its
-- trigger's name sorts before deals_stage_history_update, so it runs first: the stay that trigger ends or starts
-- is counted with the new deal row only once); a deleted deal takes its stays away before it goes (a row trigger:
-- once it is gone, its stays go by cascade and find no deal), unless its organization is going too.
CREATE FUNCTION "deal_stay_counts_upsert"(contributions text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN format($sql$
    insert into deal_stay_counts as t (organization_id, measure, bucket, stage_id, owner_id, currency, n, amount)
    select organization_id, measure, bucket, stage_id, owner_id, currency, sum(n), sum(amount)
    from (%s) change
    group by organization_id, measure, bucket, stage_id, owner_id, currency
    having sum(n) <> 0 or sum(amount) <> 0
    order by organization_id, measure, bucket, stage_id, owner_id, currency
    on conflict (organization_id, measure, bucket, stage_id, owner_id, currency)
      do update set n = t.n + excluded.n, amount = t.amount + excluded.amount
  $sql$, contributions);
END
$$;
--> statement-breakpoint
-- The signed contributions of the stays `stays` with their deals `deals` (table names or parenthesized selects).
CREATE FUNCTION "deal_stay_counts_part"(sign int, stays text, deals text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($p$
    select h.organization_id, m.measure, booking_bucket(m.at) as bucket, h.stage_id, d.owner_id, d.currency, %s as n,
      %s * d.amount as amount
    from %s h join %s d on d.id = h.deal_id join pipeline_stages s on s.id = h.stage_id
    cross join lateral (values ('entered', h.entered_at), ('left', h.left_at)) m(measure, at)
    where m.at is not null
  $p$, sign, sign, stays, deals)
$$;
--> statement-breakpoint
CREATE FUNCTION "deal_stay_counts_stays"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE deal_stay_counts_upsert(CASE TG_OP
    WHEN 'INSERT' THEN deal_stay_counts_part(1, 'new_stays', 'deals')
    WHEN 'DELETE' THEN deal_stay_counts_part(-1, 'old_stays', 'deals')
    ELSE deal_stay_counts_part(1, 'new_stays', 'deals') || ' union all ' || deal_stay_counts_part(-1, 'old_stays', 'deals') END);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "deal_stage_history_stay_counts_insert" AFTER INSERT ON "deal_stage_history" REFERENCING NEW TABLE AS new_stays
  FOR EACH STATEMENT EXECUTE FUNCTION "deal_stay_counts_stays"();
--> statement-breakpoint
CREATE TRIGGER "deal_stage_history_stay_counts_update" AFTER UPDATE ON "deal_stage_history"
  REFERENCING OLD TABLE AS old_stays NEW TABLE AS new_stays
  FOR EACH STATEMENT EXECUTE FUNCTION "deal_stay_counts_stays"();
--> statement-breakpoint
CREATE TRIGGER "deal_stage_history_stay_counts_delete" AFTER DELETE ON "deal_stage_history" REFERENCING OLD TABLE AS old_stays
  FOR EACH STATEMENT EXECUTE FUNCTION "deal_stay_counts_stays"();
--> statement-breakpoint
CREATE FUNCTION "deal_stay_counts_deals"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := $c$(select %s.* from new_deals n join old_deals o on o.id = n.id
    where (n.owner_id, n.currency, n.amount) is distinct from (o.owner_id, o.currency, o.amount))$c$;
BEGIN
  IF EXISTS (SELECT 1 FROM new_deals n JOIN old_deals o ON o.id = n.id
      WHERE (n.owner_id, n.currency, n.amount) IS DISTINCT FROM (o.owner_id, o.currency, o.amount)) THEN
    EXECUTE deal_stay_counts_upsert(
      deal_stay_counts_part(1, 'deal_stage_history', format(changed, 'n')) || ' union all ' ||
      deal_stay_counts_part(-1, 'deal_stage_history', format(changed, 'o')));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "deals_stage_counts_update" AFTER UPDATE ON "deals" REFERENCING OLD TABLE AS old_deals NEW TABLE AS new_deals
  FOR EACH STATEMENT EXECUTE FUNCTION "deal_stay_counts_deals"();
--> statement-breakpoint
CREATE FUNCTION "deal_stay_counts_deal_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Static SQL (its plan is kept for the session): a statement deleting many deals runs this once per deal.
  IF EXISTS (SELECT 1 FROM organizations o WHERE o.id = OLD.organization_id) THEN
    INSERT INTO deal_stay_counts AS t (organization_id, measure, bucket, stage_id, owner_id, currency, n, amount)
    SELECT h.organization_id, m.measure, booking_bucket(m.at), h.stage_id, OLD.owner_id, OLD.currency, -count(*), -count(*) * OLD.amount
    FROM deal_stage_history h JOIN pipeline_stages s ON s.id = h.stage_id
    CROSS JOIN LATERAL (VALUES ('entered', h.entered_at), ('left', h.left_at)) m(measure, at)
    WHERE h.deal_id = OLD.id AND m.at IS NOT NULL
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (organization_id, measure, bucket, stage_id, owner_id, currency)
      DO UPDATE SET n = t.n + excluded.n, amount = t.amount + excluded.amount;
  END IF;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "deals_stay_counts_delete" BEFORE DELETE ON "deals" FOR EACH ROW
  EXECUTE FUNCTION "deal_stay_counts_deal_delete"();
--> statement-breakpoint
INSERT INTO "deal_stay_counts" ("organization_id", "measure", "bucket", "stage_id", "owner_id", "currency", "n", "amount")
  SELECT h."organization_id", m."measure", booking_bucket(m."at"), h."stage_id", d."owner_id", d."currency", count(*), sum(d."amount")
  FROM "deal_stage_history" h JOIN "deals" d ON d."id" = h."deal_id" JOIN "pipeline_stages" s ON s."id" = h."stage_id"
  CROSS JOIN LATERAL (VALUES ('entered', h."entered_at"), ('left', h."left_at")) m("measure", "at")
  WHERE m."at" IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5, 6;
