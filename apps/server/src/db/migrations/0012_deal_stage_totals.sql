CREATE TABLE "deal_stage_totals" (
	"stage_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"count" integer NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "deal_stage_totals_stage_id_currency_pk" PRIMARY KEY("stage_id","currency")
);
--> statement-breakpoint
ALTER TABLE "deal_stage_totals" ADD CONSTRAINT "deal_stage_totals_stage_id_organization_id_pipeline_stages_id_organization_id_fk" FOREIGN KEY ("stage_id","organization_id") REFERENCES "public"."pipeline_stages"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The board's column totals, kept by the database on every write of deals so the board reads six rows instead
-- of aggregating every deal. Statement triggers with transition tables: a bulk write (a stage's deals moved
-- when it is deleted, a seed) is one aggregate, and each statement upserts its changes ordered by
-- (stage_id, currency), so two transactions lock the same totals rows in the same order and cannot deadlock.
-- One function for the three triggers: the rows a statement added count +1 and their amount, those it took
-- away -1 and minus theirs; a change that moves nothing (a rename, a new position) nets to zero and writes nothing.
CREATE FUNCTION "deal_stage_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added text := 'select stage_id, organization_id, currency, 1 as n, amount from new_deals';
  removed text := 'select stage_id, organization_id, currency, -1 as n, -amount as amount from old_deals';
BEGIN
  -- Dynamic, since an INSERT trigger has no old_deals to name and a DELETE trigger no new_deals.
  EXECUTE format($sql$
    insert into deal_stage_totals as t (stage_id, organization_id, currency, count, amount)
    select stage_id, organization_id, currency, sum(n), sum(amount)
    from (%s) change
    group by stage_id, organization_id, currency
    having sum(n) <> 0 or sum(amount) <> 0
    order by stage_id, currency
    on conflict (stage_id, currency) do update set count = t.count + excluded.count, amount = t.amount + excluded.amount
  $sql$, CASE TG_OP WHEN 'INSERT' THEN added WHEN 'DELETE' THEN removed ELSE added || ' union all ' || removed END);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "deals_totals_insert" AFTER INSERT ON "deals" REFERENCING NEW TABLE AS new_deals
  FOR EACH STATEMENT EXECUTE FUNCTION "deal_stage_totals_apply"();
--> statement-breakpoint
-- Every update statement (PostgreSQL allows no column list beside transition tables); one that changes no
-- stage, amount or currency nets to zero and writes nothing.
CREATE TRIGGER "deals_totals_update" AFTER UPDATE ON "deals"
  REFERENCING OLD TABLE AS old_deals NEW TABLE AS new_deals
  FOR EACH STATEMENT EXECUTE FUNCTION "deal_stage_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "deals_totals_delete" AFTER DELETE ON "deals" REFERENCING OLD TABLE AS old_deals
  FOR EACH STATEMENT EXECUTE FUNCTION "deal_stage_totals_apply"();
--> statement-breakpoint
INSERT INTO "deal_stage_totals" ("stage_id", "organization_id", "currency", "count", "amount")
  SELECT "stage_id", "organization_id", "currency", count(*), sum("amount") FROM "deals" GROUP BY 1, 2, 3;
