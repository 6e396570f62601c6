ALTER TABLE "deals" ADD COLUMN "contact_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written from here. First, deals' statement triggers return at once from an update that changes none of the
-- columns they count (a rename, a new position on the board, notes, the contact count below): each had netted such
-- an update to zero, but only after building and grouping its changes, about 2.5 ms for the six of them on every
-- edit of a deal (bench/README.md, deals). Their bodies are as they were, with the check in front; the stay
-- counts' function had its own check already.
CREATE OR REPLACE FUNCTION deal_stage_totals_apply()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
DECLARE
  added text := 'select stage_id, organization_id, currency, 1 as n, amount from new_deals';
  removed text := 'select stage_id, organization_id, currency, -1 as n, -amount as amount from old_deals';
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (SELECT 1 FROM new_deals n JOIN old_deals o ON o."id" = n."id" WHERE (n."stage_id", n."currency", n."amount") IS DISTINCT FROM (o."stage_id", o."currency", o."amount")) THEN
      RETURN NULL;
    END IF;
  END IF;
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
CREATE OR REPLACE FUNCTION deal_owner_totals_apply()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
DECLARE
  added text := 'select stage_id, owner_id, organization_id, currency, 1 as n, amount from new_deals';
  removed text := 'select stage_id, owner_id, organization_id, currency, -1 as n, -amount as amount from old_deals';
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (SELECT 1 FROM new_deals n JOIN old_deals o ON o."id" = n."id" WHERE (n."stage_id", n."owner_id", n."currency", n."amount") IS DISTINCT FROM (o."stage_id", o."owner_id", o."currency", o."amount")) THEN
      RETURN NULL;
    END IF;
  END IF;
  EXECUTE format($sql$
    insert into deal_owner_totals as t (stage_id, owner_id, organization_id, currency, count, amount)
    select stage_id, owner_id, organization_id, currency, sum(n), sum(amount)
    from (%s) change
    group by stage_id, owner_id, organization_id, currency
    having sum(n) <> 0 or sum(amount) <> 0
    order by stage_id, owner_id, currency
    on conflict (stage_id, owner_id, currency) do update set count = t.count + excluded.count, amount = t.amount + excluded.amount
  $sql$, CASE TG_OP WHEN 'INSERT' THEN added WHEN 'DELETE' THEN removed ELSE added || ' union all ' || removed END);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION deal_close_counts_apply()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
DECLARE
  part text := $p$
    select organization_id, booking_bucket(closed_at) as bucket, stage_id, owner_id, currency, lost_reason, %s as n,
      %s * amount as amount, %s * extract(epoch from closed_at - created_at) as cycle
    from %I where closed_at is not null
  $p$;
  added text := format(part, '1', '1', '1', 'new_deals');
  removed text := format(part, '-1', '-1', '-1', 'old_deals');
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (SELECT 1 FROM new_deals n JOIN old_deals o ON o."id" = n."id" WHERE (n."closed_at", n."stage_id", n."owner_id", n."currency", n."lost_reason", n."amount", n."created_at") IS DISTINCT FROM (o."closed_at", o."stage_id", o."owner_id", o."currency", o."lost_reason", o."amount", o."created_at")) THEN
      RETURN NULL;
    END IF;
  END IF;
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
CREATE OR REPLACE FUNCTION deal_made_counts_apply()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
DECLARE
  part text := $p$
    select d.organization_id, booking_bucket(d.created_at) as bucket, d.owner_id, d.currency, %s as n, %s * d.amount as amount
    from %I d join organizations o on o.id = d.organization_id
  $p$;
  added text := format(part, '1', '1', 'new_deals');
  removed text := format(part, '-1', '-1', 'old_deals');
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (SELECT 1 FROM new_deals n JOIN old_deals o ON o."id" = n."id" WHERE (n."created_at", n."owner_id", n."currency", n."amount") IS DISTINCT FROM (o."created_at", o."owner_id", o."currency", o."amount")) THEN
      RETURN NULL;
    END IF;
  END IF;
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
CREATE OR REPLACE FUNCTION deal_line_close_counts_deals()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (SELECT 1 FROM new_deals n JOIN old_deals o ON o."id" = n."id" WHERE (n."closed_at", n."stage_id", n."owner_id", n."currency") IS DISTINCT FROM (o."closed_at", o."stage_id", o."owner_id", o."currency")) THEN
      RETURN NULL;
    END IF;
  END IF;
  EXECUTE deal_line_close_counts_upsert(
    deal_line_close_counts_part(1, 'new_deals', 'deal_lines') || ' union all ' || deal_line_close_counts_part(-1, 'old_deals', 'deal_lines'));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION deal_stage_history_update()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (SELECT 1 FROM new_deals n JOIN old_deals o ON o."id" = n."id" WHERE n."stage_id" IS DISTINCT FROM o."stage_id") THEN
      RETURN NULL;
    END IF;
  END IF;
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
-- Then each deal’s number of contacts, kept on the deal so the board's 1,200 cards and the list's rows read it instead
-- of counting deal_contacts once per card. Statement triggers with transition tables: replacing a deal's contacts
-- or an import is one update of the deals it touched, whatever the number of rows.
-- Updating deals sets off their statement triggers, which return at once for a change of contact_count alone (above).
CREATE FUNCTION "deal_contact_counts_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "deals" d SET "contact_count" = d."contact_count" + c.n
  FROM (SELECT "deal_id", count(*)::int AS n FROM new_contacts GROUP BY "deal_id") c
  WHERE d."id" = c."deal_id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A deal's deletion removes its contacts by cascade, one statement per deal: the deal is gone by then, so the
-- guard spares deals' triggers an update that would find nothing.
CREATE FUNCTION "deal_contact_counts_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM old_contacts o JOIN "deals" d ON d."id" = o."deal_id") THEN
    UPDATE "deals" d SET "contact_count" = d."contact_count" - c.n
    FROM (SELECT "deal_id", count(*)::int AS n FROM old_contacts GROUP BY "deal_id") c
    WHERE d."id" = c."deal_id";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Nothing updates a contact link today (it is inserted or deleted); one that moved a link to another deal would
-- still be counted right.
CREATE FUNCTION "deal_contact_counts_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "deals" d SET "contact_count" = d."contact_count" + c.n
  FROM (
    SELECT "deal_id", sum(n)::int AS n
    FROM (SELECT "deal_id", 1 AS n FROM new_contacts UNION ALL SELECT "deal_id", -1 AS n FROM old_contacts) change
    GROUP BY "deal_id" HAVING sum(n) <> 0
  ) c
  WHERE d."id" = c."deal_id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
UPDATE "deals" d SET "contact_count" = c.n
FROM (SELECT "deal_id", count(*)::int AS n FROM "deal_contacts" GROUP BY "deal_id") c
WHERE d."id" = c."deal_id";
--> statement-breakpoint
CREATE TRIGGER "deal_contacts_count_insert" AFTER INSERT ON "deal_contacts" REFERENCING NEW TABLE AS new_contacts
  FOR EACH STATEMENT EXECUTE FUNCTION "deal_contact_counts_added"();
--> statement-breakpoint
CREATE TRIGGER "deal_contacts_count_delete" AFTER DELETE ON "deal_contacts" REFERENCING OLD TABLE AS old_contacts
  FOR EACH STATEMENT EXECUTE FUNCTION "deal_contact_counts_removed"();
--> statement-breakpoint
CREATE TRIGGER "deal_contacts_count_update" AFTER UPDATE ON "deal_contacts" REFERENCING OLD TABLE AS old_contacts NEW TABLE AS new_contacts
  FOR EACH STATEMENT EXECUTE FUNCTION "deal_contact_counts_moved"();
