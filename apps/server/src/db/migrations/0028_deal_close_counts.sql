CREATE TABLE "deal_close_counts" (
	"organization_id" uuid NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"stage_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"lost_reason" text,
	"n" integer NOT NULL,
	"amount" bigint NOT NULL,
	"cycle" numeric NOT NULL,
	CONSTRAINT "deal_close_counts_key" UNIQUE NULLS NOT DISTINCT("organization_id","bucket","stage_id","owner_id","currency","lost_reason")
);
--> statement-breakpoint
ALTER TABLE "deal_close_counts" ADD CONSTRAINT "deal_close_counts_stage_id_organization_id_pipeline_stages_id_organization_id_fk" FOREIGN KEY ("stage_id","organization_id") REFERENCES "public"."pipeline_stages"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written from here: the triggers that keep deal_close_counts exact, and its backfill. As deal_owner_totals
-- (migration 0016): one function for the three statement triggers on deals; the closed rows a statement added
-- count +1 with their amount and cycle, those it took away -1 and minus theirs, netted per key (an update that
-- moves no closed deal writes nothing) and upserted in key order (no deadlock between two transactions). Triggers
-- rather than the services: deals are written from several modules (deals, imports, automations, the stage kind
-- trigger of migration 0016, demo data) and by hand-written SQL, and a trigger misses none of them.
CREATE FUNCTION "deal_close_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  part text := $p$
    select organization_id, booking_bucket(closed_at) as bucket, stage_id, owner_id, currency, lost_reason, %s as n,
      %s * amount as amount, %s * extract(epoch from closed_at - created_at) as cycle
    from %I where closed_at is not null
  $p$;
  added text := format(part, '1', '1', '1', 'new_deals');
  removed text := format(part, '-1', '-1', '-1', 'old_deals');
BEGIN
  EXECUTE format($sql$
    insert into deal_close_counts as t (organization_id, bucket, stage_id, owner_id, currency, lost_reason, n, amount, cycle)
    select organization_id, bucket, stage_id, owner_id, currency, lost_reason, sum(n), sum(amount), sum(cycle)
    from (%s) change
    group by organization_id, bucket, stage_id, owner_id, currency, lost_reason
    having sum(n) <> 0 or sum(amount) <> 0 or sum(cycle) <> 0
    order by organization_id, bucket, stage_id, owner_id, currency, lost_reason
    on conflict (organization_id, bucket, stage_id, owner_id, currency, lost_reason)
      do update set n = t.n + excluded.n, amount = t.amount + excluded.amount, cycle = t.cycle + excluded.cycle
  $sql$, CASE TG_OP WHEN 'INSERT' THEN added WHEN 'DELETE' THEN removed ELSE added || ' union all ' || removed END);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "deals_close_counts_insert" AFTER INSERT ON "deals" REFERENCING NEW TABLE AS new_deals
  FOR EACH STATEMENT EXECUTE FUNCTION "deal_close_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "deals_close_counts_update" AFTER UPDATE ON "deals" REFERENCING OLD TABLE AS old_deals NEW TABLE AS new_deals
  FOR EACH STATEMENT EXECUTE FUNCTION "deal_close_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "deals_close_counts_delete" AFTER DELETE ON "deals" REFERENCING OLD TABLE AS old_deals
  FOR EACH STATEMENT EXECUTE FUNCTION "deal_close_counts_apply"();
--> statement-breakpoint
INSERT INTO "deal_close_counts" ("organization_id", "bucket", "stage_id", "owner_id", "currency", "lost_reason", "n", "amount", "cycle")
  SELECT "organization_id", booking_bucket("closed_at"), "stage_id", "owner_id", "currency", "lost_reason", count(*), sum("amount"),
    sum(extract(epoch FROM "closed_at" - "created_at"))
  FROM "deals" WHERE "closed_at" IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6;
