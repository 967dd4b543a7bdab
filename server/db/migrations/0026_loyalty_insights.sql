-- Issue 47's back-office (docs/ARCHITECTURE.md "Loyalty insights", docs/PERFORMANCE.md): the indexes of the Members
-- and Ledger lists, and loyalty's figures kept per day, so a period's insights read days x restaurants rows, never
-- the period's ledger entries or the members. Kept by triggers on loyalty_ledger, loyalty_members and the members'
-- visit days below, in the writer's own transaction: every path that writes the ledger or a member (a save, a
-- redeem, a return, the expiry, leaving, an adjustment, Delete my data, retention) keeps them exact.
--
-- The Members list: current members (left_at IS NULL) by last activity or balance, all restaurants or one.
CREATE INDEX "loyalty_members_recent_idx" ON "loyalty_members" USING btree ("last_activity_at","id") WHERE "left_at" IS NULL;--> statement-breakpoint
CREATE INDEX "loyalty_members_restaurant_recent_idx" ON "loyalty_members" USING btree ("restaurant_id","last_activity_at","id") WHERE "left_at" IS NULL;--> statement-breakpoint
CREATE INDEX "loyalty_members_balance_idx" ON "loyalty_members" USING btree ("balance","id") WHERE "left_at" IS NULL;--> statement-breakpoint
CREATE INDEX "loyalty_members_restaurant_balance_idx" ON "loyalty_members" USING btree ("restaurant_id","balance","id") WHERE "left_at" IS NULL;--> statement-breakpoint
-- The Ledger list, newest first: a restaurant's, a kind's, a restaurant's kind (a member's: loyalty_ledger_member_idx).
CREATE INDEX "loyalty_ledger_restaurant_idx" ON "loyalty_ledger" USING btree ("restaurant_id","id");--> statement-breakpoint
CREATE INDEX "loyalty_ledger_kind_idx" ON "loyalty_ledger" USING btree ("kind","id");--> statement-breakpoint
CREATE INDEX "loyalty_ledger_restaurant_kind_idx" ON "loyalty_ledger" USING btree ("restaurant_id","kind","id");--> statement-breakpoint
-- The business day's time zone of the kept rows (FUNNEL_TIME_ZONE): server/main.ts writes it at start when the
-- setting differs, and rebuilds the rows (loyalty_insights_rebuild) in the same transaction.
CREATE TABLE "loyalty_time_zone" (
	"only" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"zone" text NOT NULL,
	CONSTRAINT "loyalty_time_zone_one_ck" CHECK ("only")
);
--> statement-breakpoint
INSERT INTO "loyalty_time_zone" ("only", "zone") VALUES (true, 'Asia/Riyadh');--> statement-breakpoint
-- The ledger per restaurant, day, kind and currency: entries, the points given (gained, >= 0) and taken (lost,
-- <= 0), and for earns the receipts' totals. An earn's and a take-back's day is its receipt's business date
-- (orders.order_date, as the guestbook's insight_days) and its currency the receipt's; any other entry's day is its
-- time's date in the business time zone, currency ''.
CREATE TABLE "loyalty_ledger_days" (
	"restaurant_id" integer NOT NULL,
	"day" text NOT NULL,
	"kind" text NOT NULL,
	"currency" text DEFAULT '' NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL,
	"gained" bigint DEFAULT 0 NOT NULL,
	"lost" bigint DEFAULT 0 NOT NULL,
	"spend" numeric(20, 5) DEFAULT '0' NOT NULL,
	CONSTRAINT "loyalty_ledger_days_pk" PRIMARY KEY ("restaurant_id","day","kind","currency")
);
--> statement-breakpoint
-- A member's visit days at its restaurant: the business dates of its earning receipts (one row per day).
CREATE TABLE "loyalty_member_days" (
	"member_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"day" text NOT NULL,
	CONSTRAINT "loyalty_member_days_pk" PRIMARY KEY ("member_id","day")
);
--> statement-breakpoint
-- Those visit days as counted pairs, as insight_guest_days keeps the guests' (migration 0017): a member's days
-- d1 < d2 < ... are (d1, ''), (d2, d1), ...; the members active in [from, to] are the pairs with day in it and
-- prev_day < from.
CREATE TABLE "loyalty_active_pairs" (
	"restaurant_id" integer NOT NULL,
	"day" text NOT NULL,
	"prev_day" text NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "loyalty_active_pairs_pk" PRIMARY KEY ("restaurant_id","day","prev_day")
);
--> statement-breakpoint
-- Members joined and left per restaurant and day (their joined_at and left_at in the business time zone).
CREATE TABLE "loyalty_join_days" (
	"restaurant_id" integer NOT NULL,
	"day" text NOT NULL,
	"joined" integer DEFAULT 0 NOT NULL,
	"left" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "loyalty_join_days_pk" PRIMARY KEY ("restaurant_id","day")
);
--> statement-breakpoint
-- Per restaurant now: its members (not left) and their balances' sum (the points outstanding).
CREATE TABLE "loyalty_totals" (
	"restaurant_id" integer PRIMARY KEY NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	"outstanding" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "loyalty_ledger_days" ADD CONSTRAINT "loyalty_ledger_days_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_member_days" ADD CONSTRAINT "loyalty_member_days_member_id_loyalty_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."loyalty_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_active_pairs" ADD CONSTRAINT "loyalty_active_pairs_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_join_days" ADD CONSTRAINT "loyalty_join_days_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_totals" ADD CONSTRAINT "loyalty_totals_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Rebuilds every kept row from the ledger and the members: this migration's backfill, after a change of the time
-- zone (server/main.ts), and the benches after a bulk load (bench/loyaltySeed.ts).
CREATE OR REPLACE FUNCTION loyalty_insights_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE loyalty_ledger_days, loyalty_member_days, loyalty_active_pairs, loyalty_join_days, loyalty_totals
    IN SHARE ROW EXCLUSIVE MODE;
  -- The visit days' own trigger (below) stands aside: their pairs are counted here, all at once.
  PERFORM set_config('specter.loyalty_rebuild', 'on', true);
  DELETE FROM loyalty_ledger_days;
  DELETE FROM loyalty_active_pairs;
  DELETE FROM loyalty_member_days;
  DELETE FROM loyalty_join_days;
  DELETE FROM loyalty_totals;
  INSERT INTO loyalty_ledger_days (restaurant_id, day, kind, currency, entries, gained, lost, spend)
  SELECT l.restaurant_id,
    coalesce(CASE WHEN l.kind IN ('earn', 'take-back') THEN o.order_date END,
      to_char(l.created_at AT TIME ZONE z.zone, 'YYYY-MM-DD')),
    l.kind, CASE WHEN l.kind IN ('earn', 'take-back') THEN coalesce(o.currency, '') ELSE '' END,
    count(*)::int, coalesce(sum(greatest(l.points, 0)), 0), coalesce(sum(least(l.points, 0)), 0),
    coalesce(sum(l.spend) FILTER (WHERE l.kind = 'earn'), 0)
  FROM loyalty_ledger l CROSS JOIN loyalty_time_zone z
  JOIN restaurants r ON r.id = l.restaurant_id
  LEFT JOIN orders o ON o.id = l.order_id
  GROUP BY 1, 2, 3, 4;
  INSERT INTO loyalty_member_days (member_id, restaurant_id, day)
  SELECT DISTINCT l.member_id, l.restaurant_id,
    coalesce(o.order_date, to_char(l.created_at AT TIME ZONE z.zone, 'YYYY-MM-DD'))
  FROM loyalty_ledger l CROSS JOIN loyalty_time_zone z LEFT JOIN orders o ON o.id = l.order_id
  WHERE l.kind = 'earn';
  INSERT INTO loyalty_active_pairs (restaurant_id, day, prev_day, members)
  SELECT p.restaurant_id, p.day, p.prev_day, count(*)::int FROM (
    SELECT restaurant_id, day, coalesce(lag(day) OVER (PARTITION BY member_id ORDER BY day), '') AS prev_day
    FROM loyalty_member_days) p
  JOIN restaurants r ON r.id = p.restaurant_id
  GROUP BY 1, 2, 3;
  INSERT INTO loyalty_join_days (restaurant_id, day, joined, "left")
  SELECT restaurant_id, day, sum(joined)::int, sum(gone)::int FROM (
    SELECT m.restaurant_id, to_char(m.joined_at AT TIME ZONE z.zone, 'YYYY-MM-DD') AS day, 1 AS joined, 0 AS gone
    FROM loyalty_members m CROSS JOIN loyalty_time_zone z
    UNION ALL
    SELECT m.restaurant_id, to_char(m.left_at AT TIME ZONE z.zone, 'YYYY-MM-DD'), 0, 1
    FROM loyalty_members m CROSS JOIN loyalty_time_zone z WHERE m.left_at IS NOT NULL) j
  JOIN restaurants r ON r.id = j.restaurant_id
  GROUP BY 1, 2;
  INSERT INTO loyalty_totals (restaurant_id, members, outstanding)
  SELECT m.restaurant_id, (count(*) FILTER (WHERE m.left_at IS NULL))::int, coalesce(sum(m.balance), 0)
  FROM loyalty_members m JOIN restaurants r ON r.id = m.restaurant_id
  GROUP BY 1;
  PERFORM set_config('specter.loyalty_rebuild', 'off', true);
END $$;
--> statement-breakpoint
-- A statement's ledger entries written (INSERT) or removed (DELETE: Delete my data, retention; the ledger refuses
-- UPDATE): added to or taken from their days, rows reaching no entry deleted; an earn's visit day recorded. Rows
-- are written in key order, so two statements never take two rows' locks in opposite orders.
CREATE OR REPLACE FUNCTION loyalty_ledger_keep() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s integer := CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END;
BEGIN
  INSERT INTO loyalty_ledger_days AS d (restaurant_id, day, kind, currency, entries, gained, lost, spend)
  SELECT c.restaurant_id,
    coalesce(CASE WHEN c.kind IN ('earn', 'take-back') THEN o.order_date END,
      to_char(c.created_at AT TIME ZONE z.zone, 'YYYY-MM-DD')),
    c.kind, CASE WHEN c.kind IN ('earn', 'take-back') THEN coalesce(o.currency, '') ELSE '' END,
    s * count(*)::int, s * coalesce(sum(greatest(c.points, 0)), 0), s * coalesce(sum(least(c.points, 0)), 0),
    s * coalesce(sum(c.spend) FILTER (WHERE c.kind = 'earn'), 0)
  FROM changed c CROSS JOIN loyalty_time_zone z
  JOIN restaurants r ON r.id = c.restaurant_id
  LEFT JOIN orders o ON o.id = c.order_id
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (restaurant_id, day, kind, currency) DO UPDATE SET
    entries = d.entries + excluded.entries,
    gained = d.gained + excluded.gained,
    lost = d.lost + excluded.lost,
    spend = d.spend + excluded.spend;
  IF s = 1 THEN
    INSERT INTO loyalty_member_days (member_id, restaurant_id, day)
    SELECT DISTINCT c.member_id, c.restaurant_id,
      coalesce(o.order_date, to_char(c.created_at AT TIME ZONE z.zone, 'YYYY-MM-DD'))
    FROM changed c CROSS JOIN loyalty_time_zone z LEFT JOIN orders o ON o.id = c.order_id
    WHERE c.kind = 'earn'
    ORDER BY 1, 3
    ON CONFLICT DO NOTHING;
  ELSE
    DELETE FROM loyalty_ledger_days d
    WHERE d.entries = 0 AND d.restaurant_id IN (SELECT DISTINCT restaurant_id FROM changed);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER loyalty_ledger_keep_ins AFTER INSERT ON loyalty_ledger REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION loyalty_ledger_keep();
--> statement-breakpoint
CREATE TRIGGER loyalty_ledger_keep_del AFTER DELETE ON loyalty_ledger REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION loyalty_ledger_keep();
--> statement-breakpoint
-- A statement's visit days written (an earn on a new day) or removed (a member deleted): for the members it
-- touched, their pairs before (their days now, without the rows just written, with the rows just removed) and
-- after (their days now) are counted, and the difference added. Writers of one member already queue on its row
-- (every movement locks it first: db/repositories/loyalty.ts), so each reads what the one before committed.
-- The pairs of these restaurants counted again from their members' visit days (a statement of very many days).
CREATE OR REPLACE FUNCTION loyalty_pairs_rebuild(rids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE loyalty_active_pairs IN SHARE ROW EXCLUSIVE MODE;
  DELETE FROM loyalty_active_pairs WHERE restaurant_id = ANY (rids);
  INSERT INTO loyalty_active_pairs (restaurant_id, day, prev_day, members)
  SELECT p.restaurant_id, p.day, p.prev_day, count(*)::int FROM (
    SELECT restaurant_id, day, coalesce(lag(day) OVER (PARTITION BY member_id ORDER BY day), '') AS prev_day
    FROM loyalty_member_days WHERE restaurant_id = ANY (rids)) p
  JOIN restaurants r ON r.id = p.restaurant_id
  GROUP BY 1, 2, 3;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION loyalty_member_days_keep() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  removing boolean := TG_OP = 'DELETE';
  zero jsonb;
BEGIN
  IF current_setting('specter.loyalty_rebuild', true) = 'on' THEN
    RETURN NULL;
  END IF;
  -- A statement of very many days (a bulk load, a restaurant's members deleted at once): its restaurants' pairs are
  -- counted again from scratch, rather than member by member.
  IF (SELECT count(*) FROM changed) > 10000 THEN
    PERFORM loyalty_pairs_rebuild(array(SELECT DISTINCT restaurant_id FROM changed));
    RETURN NULL;
  END IF;
  WITH touched AS (SELECT DISTINCT member_id FROM changed),
  now_days AS (
    SELECT m.member_id, m.restaurant_id, m.day FROM loyalty_member_days m JOIN touched t ON t.member_id = m.member_id),
  before_days AS (
    SELECT n.member_id, n.restaurant_id, n.day FROM now_days n
    WHERE removing OR NOT EXISTS (SELECT 1 FROM changed c WHERE c.member_id = n.member_id AND c.day = n.day)
    UNION ALL
    SELECT c.member_id, c.restaurant_id, c.day FROM changed c WHERE removing),
  pairs AS (
    SELECT restaurant_id, day, coalesce(lag(day) OVER (PARTITION BY member_id ORDER BY day), '') AS prev_day, 1 AS n
    FROM now_days
    UNION ALL
    SELECT restaurant_id, day, coalesce(lag(day) OVER (PARTITION BY member_id ORDER BY day), ''), -1
    FROM before_days),
  net AS (
    SELECT p.restaurant_id, p.day, p.prev_day, sum(p.n)::int AS n FROM pairs p
    JOIN restaurants r ON r.id = p.restaurant_id
    GROUP BY 1, 2, 3 HAVING sum(p.n) <> 0),
  put AS (
    INSERT INTO loyalty_active_pairs AS a (restaurant_id, day, prev_day, members)
    SELECT restaurant_id, day, prev_day, n FROM net ORDER BY 1, 2, 3
    ON CONFLICT (restaurant_id, day, prev_day) DO UPDATE SET members = a.members + excluded.members
    RETURNING a.restaurant_id, a.day, a.prev_day, a.members)
  SELECT jsonb_agg(jsonb_build_array(restaurant_id, day, prev_day)) INTO zero FROM put WHERE members = 0;
  -- Pairs no member has any more (a statement cannot delete the rows its own upsert changed: a second one does).
  IF zero IS NOT NULL THEN
    DELETE FROM loyalty_active_pairs a USING jsonb_array_elements(zero) k
    WHERE a.restaurant_id = (k->>0)::int AND a.day = k->>1 AND a.prev_day = k->>2 AND a.members = 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER loyalty_member_days_keep_ins AFTER INSERT ON loyalty_member_days REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION loyalty_member_days_keep();
--> statement-breakpoint
CREATE TRIGGER loyalty_member_days_keep_del AFTER DELETE ON loyalty_member_days REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION loyalty_member_days_keep();
--> statement-breakpoint
-- Members: a statement's members written or removed (joined, left, and their balances); a member's row changed
-- (a balance moved, a member left or came back): its old counts taken away and its new ones added.
CREATE OR REPLACE FUNCTION loyalty_members_apply(rows_ jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zero jsonb;
BEGIN
  WITH m AS (
    SELECT (x->>'restaurant_id')::int AS restaurant_id, (x->>'joined_at')::timestamptz AS joined_at,
      (x->>'left_at')::timestamptz AS left_at, (x->>'balance')::bigint AS balance, (x->>'s')::int AS s
    FROM jsonb_array_elements(rows_) x),
  days AS (
    SELECT m.restaurant_id, to_char(m.joined_at AT TIME ZONE z.zone, 'YYYY-MM-DD') AS day, m.s AS joined, 0 AS gone
    FROM m CROSS JOIN loyalty_time_zone z
    UNION ALL
    SELECT m.restaurant_id, to_char(m.left_at AT TIME ZONE z.zone, 'YYYY-MM-DD'), 0, m.s
    FROM m CROSS JOIN loyalty_time_zone z WHERE m.left_at IS NOT NULL),
  net AS (
    SELECT d.restaurant_id, d.day, sum(d.joined)::int AS joined, sum(d.gone)::int AS gone FROM days d
    JOIN restaurants r ON r.id = d.restaurant_id
    GROUP BY 1, 2 HAVING sum(d.joined) <> 0 OR sum(d.gone) <> 0),
  put AS (
    INSERT INTO loyalty_join_days AS j (restaurant_id, day, joined, "left")
    SELECT restaurant_id, day, joined, gone FROM net ORDER BY 1, 2
    ON CONFLICT (restaurant_id, day) DO UPDATE SET joined = j.joined + excluded.joined, "left" = j."left" + excluded."left"
    RETURNING j.restaurant_id, j.day, j.joined, j."left")
  SELECT jsonb_agg(jsonb_build_array(restaurant_id, day)) INTO zero FROM put WHERE joined = 0 AND "left" = 0;
  IF zero IS NOT NULL THEN
    DELETE FROM loyalty_join_days j USING jsonb_array_elements(zero) k
    WHERE j.restaurant_id = (k->>0)::int AND j.day = k->>1 AND j.joined = 0 AND j."left" = 0;
  END IF;
  INSERT INTO loyalty_totals AS t (restaurant_id, members, outstanding)
  SELECT m.restaurant_id, sum(CASE WHEN m.left_at IS NULL THEN m.s ELSE 0 END)::int, sum(m.s * m.balance)
  FROM (
    SELECT (x->>'restaurant_id')::int AS restaurant_id, (x->>'left_at')::timestamptz AS left_at,
      (x->>'balance')::bigint AS balance, (x->>'s')::int AS s
    FROM jsonb_array_elements(rows_) x) m
  JOIN restaurants r ON r.id = m.restaurant_id
  GROUP BY 1 ORDER BY 1
  ON CONFLICT (restaurant_id) DO UPDATE SET
    members = t.members + excluded.members, outstanding = t.outstanding + excluded.outstanding;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION loyalty_members_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM loyalty_members_apply((
    SELECT coalesce(jsonb_agg(jsonb_build_object('restaurant_id', c.restaurant_id, 'joined_at', c.joined_at,
      'left_at', c.left_at, 'balance', c.balance, 's', CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END)), '[]'::jsonb)
    FROM changed c));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION loyalty_member_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The common change (an earn, a redeem, a return, an expiry): only the balance moved, one row of the totals.
  IF OLD.restaurant_id = NEW.restaurant_id AND OLD.joined_at IS NOT DISTINCT FROM NEW.joined_at
    AND OLD.left_at IS NOT DISTINCT FROM NEW.left_at THEN
    INSERT INTO loyalty_totals AS t (restaurant_id, members, outstanding)
    SELECT r.id, 0, NEW.balance - OLD.balance FROM restaurants r WHERE r.id = NEW.restaurant_id
    ON CONFLICT (restaurant_id) DO UPDATE SET outstanding = t.outstanding + excluded.outstanding;
    RETURN NULL;
  END IF;
  PERFORM loyalty_members_apply(jsonb_build_array(
    jsonb_build_object('restaurant_id', OLD.restaurant_id, 'joined_at', OLD.joined_at, 'left_at', OLD.left_at,
      'balance', OLD.balance, 's', -1),
    jsonb_build_object('restaurant_id', NEW.restaurant_id, 'joined_at', NEW.joined_at, 'left_at', NEW.left_at,
      'balance', NEW.balance, 's', 1)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER loyalty_members_keep_ins AFTER INSERT ON loyalty_members REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION loyalty_members_keep();
--> statement-breakpoint
CREATE TRIGGER loyalty_members_keep_del AFTER DELETE ON loyalty_members REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION loyalty_members_keep();
--> statement-breakpoint
CREATE TRIGGER loyalty_members_keep_upd AFTER UPDATE ON loyalty_members FOR EACH ROW
  WHEN (OLD.balance IS DISTINCT FROM NEW.balance OR OLD.left_at IS DISTINCT FROM NEW.left_at
    OR OLD.joined_at IS DISTINCT FROM NEW.joined_at OR OLD.restaurant_id IS DISTINCT FROM NEW.restaurant_id)
  EXECUTE FUNCTION loyalty_member_changed();
--> statement-breakpoint
-- The backfill: every existing entry and member.
SELECT loyalty_insights_rebuild();
