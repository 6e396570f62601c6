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
CREATE TABLE "deal_line_close_counts" (
	"organization_id" uuid NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"stage_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"product_id" uuid NOT NULL,
	"n" integer NOT NULL,
	"units" bigint NOT NULL,
	"revenue" bigint NOT NULL,
	CONSTRAINT "deal_line_close_counts_organization_id_bucket_stage_id_owner_id_currency_product_id_pk" PRIMARY KEY("organization_id","bucket","stage_id","owner_id","currency","product_id")
);
--> statement-breakpoint
ALTER TABLE "deal_close_counts" ADD CONSTRAINT "deal_close_counts_stage_id_organization_id_pipeline_stages_id_organization_id_fk" FOREIGN KEY ("stage_id","organization_id") REFERENCES "public"."pipeline_stages"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_line_close_counts" ADD CONSTRAINT "deal_line_close_counts_stage_id_organization_id_pipeline_stages_id_organization_id_fk" FOREIGN KEY ("stage_id","organization_id") REFERENCES "public"."pipeline_stages"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
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
--> statement-breakpoint
-- Hand-written from here: the triggers that keep deal_line_close_counts exact, and its backfill. A row counts
-- the current lines of the closed deals of its key. So: a statement on deal_lines adds its new lines and takes
-- away its old ones, each with the deal it belongs to now; a statement updating deals adds each deal's lines
-- with its new row and takes them away with its old one (an update that moves no closed deal nets to nothing and
-- writes nothing). A deleted deal takes its lines away before it goes (a row trigger: once it is gone, its lines
-- go by cascade and find no deal), unless its organization is going too. A deal is made before its lines, so
-- inserting deals changes nothing. Netted per key and upserted in key order (no deadlock between transactions).
CREATE FUNCTION "deal_line_close_counts_upsert"(contributions text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN format($sql$
    insert into deal_line_close_counts as t (organization_id, bucket, stage_id, owner_id, currency, product_id, n, units, revenue)
    select organization_id, bucket, stage_id, owner_id, currency, product_id, sum(n), sum(units), sum(revenue)
    from (%s) change
    group by organization_id, bucket, stage_id, owner_id, currency, product_id
    having sum(n) <> 0 or sum(units) <> 0 or sum(revenue) <> 0
    order by organization_id, bucket, stage_id, owner_id, currency, product_id
    on conflict (organization_id, bucket, stage_id, owner_id, currency, product_id)
      do update set n = t.n + excluded.n, units = t.units + excluded.units, revenue = t.revenue + excluded.revenue
  $sql$, contributions);
END
$$;
--> statement-breakpoint
CREATE FUNCTION "deal_line_close_counts_part"(sign int, deals text, lines text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($p$
    select d.organization_id, booking_bucket(d.closed_at) as bucket, d.stage_id, d.owner_id, d.currency, l.product_id,
      %s as n, %s * l.quantity::bigint as units, %s * l.quantity::bigint * l.unit_price as revenue
    from %I d join %I l on l.deal_id = d.id where d.closed_at is not null
  $p$, sign, sign, sign, deals, lines)
$$;
--> statement-breakpoint
CREATE FUNCTION "deal_line_close_counts_lines"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE deal_line_close_counts_upsert(CASE TG_OP
    WHEN 'INSERT' THEN deal_line_close_counts_part(1, 'deals', 'new_lines')
    WHEN 'DELETE' THEN deal_line_close_counts_part(-1, 'deals', 'old_lines')
    ELSE deal_line_close_counts_part(1, 'deals', 'new_lines') || ' union all ' || deal_line_close_counts_part(-1, 'deals', 'old_lines') END);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "deal_lines_close_counts_insert" AFTER INSERT ON "deal_lines" REFERENCING NEW TABLE AS new_lines
  FOR EACH STATEMENT EXECUTE FUNCTION "deal_line_close_counts_lines"();
--> statement-breakpoint
CREATE TRIGGER "deal_lines_close_counts_update" AFTER UPDATE ON "deal_lines" REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines
  FOR EACH STATEMENT EXECUTE FUNCTION "deal_line_close_counts_lines"();
--> statement-breakpoint
CREATE TRIGGER "deal_lines_close_counts_delete" AFTER DELETE ON "deal_lines" REFERENCING OLD TABLE AS old_lines
  FOR EACH STATEMENT EXECUTE FUNCTION "deal_line_close_counts_lines"();
--> statement-breakpoint
CREATE FUNCTION "deal_line_close_counts_deals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE deal_line_close_counts_upsert(
    deal_line_close_counts_part(1, 'new_deals', 'deal_lines') || ' union all ' || deal_line_close_counts_part(-1, 'old_deals', 'deal_lines'));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "deals_line_close_counts_update" AFTER UPDATE ON "deals" REFERENCING OLD TABLE AS old_deals NEW TABLE AS new_deals
  FOR EACH STATEMENT EXECUTE FUNCTION "deal_line_close_counts_deals"();
--> statement-breakpoint
CREATE FUNCTION "deal_line_close_counts_deal_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.closed_at IS NOT NULL AND EXISTS (SELECT 1 FROM organizations o WHERE o.id = OLD.organization_id) THEN
    EXECUTE deal_line_close_counts_upsert(format($c$
      select d.organization_id, booking_bucket(d.closed_at) as bucket, d.stage_id, d.owner_id, d.currency, l.product_id,
        -1 as n, -l.quantity::bigint as units, -l.quantity::bigint * l.unit_price as revenue
      from deals d join deal_lines l on l.deal_id = d.id where d.id = %L
    $c$, OLD.id));
  END IF;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "deals_line_close_counts_delete" BEFORE DELETE ON "deals" FOR EACH ROW
  EXECUTE FUNCTION "deal_line_close_counts_deal_delete"();
--> statement-breakpoint
INSERT INTO "deal_line_close_counts" ("organization_id", "bucket", "stage_id", "owner_id", "currency", "product_id", "n", "units", "revenue")
  SELECT d."organization_id", booking_bucket(d."closed_at"), d."stage_id", d."owner_id", d."currency", l."product_id", count(*),
    sum(l."quantity"), sum(l."quantity"::bigint * l."unit_price")
  FROM "deals" d JOIN "deal_lines" l ON l."deal_id" = d."id" WHERE d."closed_at" IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6;

