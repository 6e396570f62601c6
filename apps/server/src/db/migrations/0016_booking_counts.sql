CREATE TABLE "booking_counts" (
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"measure" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"event_type_id" uuid NOT NULL,
	"status" text NOT NULL,
	"no_show" boolean NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "booking_counts_organization_id_user_id_measure_bucket_event_type_id_status_no_show_pk" PRIMARY KEY("organization_id","user_id","measure","bucket","event_type_id","status","no_show")
);
--> statement-breakpoint
CREATE TABLE "deal_owner_totals" (
	"stage_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"count" integer NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "deal_owner_totals_stage_id_owner_id_currency_pk" PRIMARY KEY("stage_id","owner_id","currency")
);
--> statement-breakpoint
DROP INDEX "bookings_organization_created_idx";--> statement-breakpoint
ALTER TABLE "deal_owner_totals" ADD CONSTRAINT "deal_owner_totals_stage_id_organization_id_pipeline_stages_id_organization_id_fk" FOREIGN KEY ("stage_id","organization_id") REFERENCES "public"."pipeline_stages"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_owner_totals_organization_idx" ON "deal_owner_totals" USING btree ("organization_id","owner_id");--> statement-breakpoint
CREATE INDEX "deal_stage_history_org_left_idx" ON "deal_stage_history" USING btree ("organization_id","left_at") WHERE "deal_stage_history"."left_at" is not null;--> statement-breakpoint
CREATE INDEX "bookings_organization_created_idx" ON "bookings" USING btree ("organization_id","created_at","start_at");--> statement-breakpoint
-- Hand-written from here: the triggers that keep booking_counts and deal_owner_totals exact, their backfills, and closed_at following a
-- stage whose kind changes.
-- A 15-minute UTC bucket: every zone's offset is a whole number of quarter hours, so a local day or hour is
-- a run of whole buckets.
CREATE FUNCTION "booking_bucket"(at timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT to_timestamp(floor(extract(epoch FROM at) / 900) * 900)
$$;
--> statement-breakpoint
-- The statement adding signed contributions to booking_counts: one upsert per statement, netted per key (a
-- write that moves no count writes nothing), in key order so two transactions lock the same rows in the same
-- order. Each trigger EXECUTEs it itself: transition tables are visible only in the trigger's own function.
CREATE FUNCTION "booking_counts_upsert"(contributions text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN format($sql$
    insert into booking_counts as t (organization_id, user_id, measure, bucket, event_type_id, status, no_show, n)
    select organization_id, user_id, measure, bucket, event_type_id, status, no_show, sum(n)::int
    from (%s) c
    group by 1, 2, 3, 4, 5, 6, 7
    having sum(n) <> 0
    order by 1, 2, 3, 4, 5, 6, 7
    on conflict (organization_id, user_id, measure, bucket, event_type_id, status, no_show) do update set n = t.n + excluded.n
  $sql$, contributions);
END
$$;
--> statement-breakpoint
-- A booking counts once for itself (the nil user) and once for each participant, when made and when it starts.
CREATE FUNCTION "booking_counts_bookings"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  part text := $p$
    select b.organization_id, u.user_id, m.measure, booking_bucket(m.at) as bucket, b.event_type_id, b.status, b.no_show, %s as n
    from %I b
    cross join lateral (values ('created', b.created_at), ('start', b.start_at)) m(measure, at)
    cross join lateral (select '00000000-0000-0000-0000-000000000000'::uuid as user_id
      union all select p.user_id from booking_participants p where p.booking_id = b.id) u
  $p$;
BEGIN
  EXECUTE booking_counts_upsert(CASE TG_OP
    WHEN 'INSERT' THEN format(part, '1', 'new_bookings')
    ELSE format(part, '1', 'new_bookings') || ' union all ' || format(part, '-1', 'old_bookings') END);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A deleted booking takes away everything it counted, while its participants and events are still there (they
-- go with it by cascade, and their own triggers then find no booking). Nothing to do when its organization
-- is going too.
CREATE FUNCTION "booking_counts_booking_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM organizations o WHERE o.id = OLD.organization_id) THEN
    EXECUTE booking_counts_upsert(format($c$
      select b.organization_id, u.user_id, m.measure, booking_bucket(m.at) as bucket, b.event_type_id, b.status, b.no_show, -1 as n
      from bookings b
      cross join lateral (values ('created', b.created_at), ('start', b.start_at)) m(measure, at)
      cross join lateral (select '00000000-0000-0000-0000-000000000000'::uuid as user_id
        union all select p.user_id from booking_participants p where p.booking_id = b.id) u
      where b.id = %L
      union all
      select b.organization_id, u.user_id, e.action, booking_bucket(e.created_at), '00000000-0000-0000-0000-000000000000'::uuid, '', false, -1
      from bookings b join booking_events e on e.booking_id = b.id
      cross join lateral (select '00000000-0000-0000-0000-000000000000'::uuid as user_id
        union all select p.user_id from booking_participants p where p.booking_id = b.id) u
      where b.id = %L and e.action in ('rescheduled', 'cancelled')
    $c$, OLD.id, OLD.id));
  END IF;
  RETURN OLD;
END
$$;
--> statement-breakpoint
-- A participant added or removed brings or takes away their share: the booking's and its changes'.
CREATE FUNCTION "booking_counts_participants"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  part text := $p$
    select b.organization_id, p.user_id, m.measure, booking_bucket(m.at) as bucket, b.event_type_id, b.status, b.no_show, %1$s as n
    from %2$I p join bookings b on b.id = p.booking_id
    cross join lateral (values ('created', b.created_at), ('start', b.start_at)) m(measure, at)
    union all
    select b.organization_id, p.user_id, e.action, booking_bucket(e.created_at), '00000000-0000-0000-0000-000000000000'::uuid, '', false, %1$s
    from %2$I p join bookings b on b.id = p.booking_id join booking_events e on e.booking_id = p.booking_id
    where e.action in ('rescheduled', 'cancelled')
  $p$;
BEGIN
  EXECUTE booking_counts_upsert(CASE TG_OP
    WHEN 'INSERT' THEN format(part, '1', 'new_rows')
    WHEN 'DELETE' THEN format(part, '-1', 'old_rows')
    ELSE format(part, '1', 'new_rows') || ' union all ' || format(part, '-1', 'old_rows') END);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A reschedule or cancellation counts when it was done, for the booking and for each participant.
CREATE FUNCTION "booking_counts_events"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  part text := $p$
    select b.organization_id, u.user_id, e.action as measure, booking_bucket(e.created_at) as bucket,
      '00000000-0000-0000-0000-000000000000'::uuid as event_type_id, '' as status, false as no_show, %1$s as n
    from %2$I e join bookings b on b.id = e.booking_id
    cross join lateral (select '00000000-0000-0000-0000-000000000000'::uuid as user_id
      union all select p.user_id from booking_participants p where p.booking_id = b.id) u
    where e.action in ('rescheduled', 'cancelled')
  $p$;
BEGIN
  EXECUTE booking_counts_upsert(CASE TG_OP
    WHEN 'INSERT' THEN format(part, '1', 'new_rows')
    WHEN 'DELETE' THEN format(part, '-1', 'old_rows')
    ELSE format(part, '1', 'new_rows') || ' union all ' || format(part, '-1', 'old_rows') END);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "bookings_counts_insert" AFTER INSERT ON "bookings" REFERENCING NEW TABLE AS new_bookings
  FOR EACH STATEMENT EXECUTE FUNCTION "booking_counts_bookings"();
--> statement-breakpoint
CREATE TRIGGER "bookings_counts_update" AFTER UPDATE ON "bookings" REFERENCING OLD TABLE AS old_bookings NEW TABLE AS new_bookings
  FOR EACH STATEMENT EXECUTE FUNCTION "booking_counts_bookings"();
--> statement-breakpoint
CREATE TRIGGER "bookings_counts_delete" BEFORE DELETE ON "bookings" FOR EACH ROW EXECUTE FUNCTION "booking_counts_booking_delete"();
--> statement-breakpoint
CREATE TRIGGER "booking_participants_counts_insert" AFTER INSERT ON "booking_participants" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "booking_counts_participants"();
--> statement-breakpoint
CREATE TRIGGER "booking_participants_counts_update" AFTER UPDATE ON "booking_participants"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "booking_counts_participants"();
--> statement-breakpoint
CREATE TRIGGER "booking_participants_counts_delete" AFTER DELETE ON "booking_participants" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "booking_counts_participants"();
--> statement-breakpoint
CREATE TRIGGER "booking_events_counts_insert" AFTER INSERT ON "booking_events" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "booking_counts_events"();
--> statement-breakpoint
CREATE TRIGGER "booking_events_counts_update" AFTER UPDATE ON "booking_events"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "booking_counts_events"();
--> statement-breakpoint
CREATE TRIGGER "booking_events_counts_delete" AFTER DELETE ON "booking_events" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "booking_counts_events"();
--> statement-breakpoint
-- The bookings made before this migration.
DO $do$ BEGIN EXECUTE booking_counts_upsert($c$
  select b.organization_id, u.user_id, m.measure, booking_bucket(m.at) as bucket, b.event_type_id, b.status, b.no_show, 1 as n
  from bookings b
  cross join lateral (values ('created', b.created_at), ('start', b.start_at)) m(measure, at)
  cross join lateral (select '00000000-0000-0000-0000-000000000000'::uuid as user_id
    union all select p.user_id from booking_participants p where p.booking_id = b.id) u
  union all
  select b.organization_id, u.user_id, e.action, booking_bucket(e.created_at), '00000000-0000-0000-0000-000000000000'::uuid, '', false, 1
  from bookings b join booking_events e on e.booking_id = b.id
  cross join lateral (select '00000000-0000-0000-0000-000000000000'::uuid as user_id
    union all select p.user_id from booking_participants p where p.booking_id = b.id) u
  where e.action in ('rescheduled', 'cancelled')
$c$); END $do$;
--> statement-breakpoint
-- A stage that becomes won or lost closes its deals (when they entered it, by their stay), one that becomes
-- open reopens them; a won deal keeps no lost reason.
CREATE FUNCTION "pipeline_stages_kind_closed_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "deals" d SET
    "closed_at" = CASE WHEN NEW."kind" = 'open' THEN NULL ELSE coalesce(d."closed_at", (
      SELECT max(h."entered_at") FROM "deal_stage_history" h WHERE h."deal_id" = d."id" AND h."stage_id" = NEW."id"), now()) END,
    "lost_reason" = CASE WHEN NEW."kind" = 'lost' THEN d."lost_reason" END
  WHERE d."stage_id" = NEW."id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "pipeline_stages_kind_closed_at" AFTER UPDATE OF "kind" ON "pipeline_stages" FOR EACH ROW
  WHEN (OLD."kind" IS DISTINCT FROM NEW."kind") EXECUTE FUNCTION "pipeline_stages_kind_closed_at"();
--> statement-breakpoint
-- deal_owner_totals: as deal_stage_totals (migration 0012), with the owner. One function for the three
-- statement triggers: rows a statement added count +1 and their amount, those it took away -1 and minus
-- theirs, netted per key and upserted in key order (no deadlock between two transactions).
CREATE FUNCTION "deal_owner_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added text := 'select stage_id, owner_id, organization_id, currency, 1 as n, amount from new_deals';
  removed text := 'select stage_id, owner_id, organization_id, currency, -1 as n, -amount as amount from old_deals';
BEGIN
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
CREATE TRIGGER "deals_owner_totals_insert" AFTER INSERT ON "deals" REFERENCING NEW TABLE AS new_deals
  FOR EACH STATEMENT EXECUTE FUNCTION "deal_owner_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "deals_owner_totals_update" AFTER UPDATE ON "deals" REFERENCING OLD TABLE AS old_deals NEW TABLE AS new_deals
  FOR EACH STATEMENT EXECUTE FUNCTION "deal_owner_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "deals_owner_totals_delete" AFTER DELETE ON "deals" REFERENCING OLD TABLE AS old_deals
  FOR EACH STATEMENT EXECUTE FUNCTION "deal_owner_totals_apply"();
--> statement-breakpoint
INSERT INTO "deal_owner_totals" ("stage_id", "owner_id", "organization_id", "currency", "count", "amount")
  SELECT "stage_id", "owner_id", "organization_id", "currency", count(*), sum("amount") FROM "deals" GROUP BY 1, 2, 3, 4;
