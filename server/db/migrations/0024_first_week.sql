-- Issue 49, "the owner reads money right" (docs/ARCHITECTURE.md "The guestbook", "The dashboard's period"): every
-- sum of money is per currency, so the per-day rows the insights and the dashboard read (insight_days, migration
-- 0017) are kept per currency too. A restaurant's orders carry their POS's currency (orders.currency); a group
-- with a Saudi and an Egyptian business must never see riyals and pounds added together.
--
-- insight_days gains `currency` in its key; the trigger's change rows carry it; the three functions are those of
-- 0017 with the currency added where insight_days is written (the guests' pairs do not depend on it); then every
-- restaurant's rows are rebuilt from its saved orders.
ALTER TABLE "insight_days" ADD COLUMN "currency" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "insight_days" DROP CONSTRAINT "insight_days_pk";
--> statement-breakpoint
ALTER TABLE "insight_days" ADD CONSTRAINT "insight_days_pk" PRIMARY KEY ("restaurant_id", "day", "branch_name", "currency");
--> statement-breakpoint
-- The dashboard's period over every restaurant (an admin) reads insight_days by day.
CREATE INDEX "insight_days_day_idx" ON "insight_days" USING btree ("day");
--> statement-breakpoint
ALTER TYPE "insight_change" ADD ATTRIBUTE "currency" text;
--> statement-breakpoint
-- Rebuilds the three tables from the saved orders (insight_days now per currency too): for the given restaurants, or all (null). Used by this
-- migration's backfill, by the trigger for a statement of very many rows, and by the benches after a bulk load.
CREATE OR REPLACE FUNCTION insights_rebuild(rids integer[] DEFAULT NULL) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Waits for every writer in flight (they hold ROW EXCLUSIVE), and keeps new ones out until this commits.
  LOCK TABLE insight_days, insight_guest_days, insight_branch_guest_days IN SHARE ROW EXCLUSIVE MODE;
  DELETE FROM insight_days WHERE rids IS NULL OR restaurant_id = ANY (rids);
  DELETE FROM insight_guest_days WHERE rids IS NULL OR restaurant_id = ANY (rids);
  DELETE FROM insight_branch_guest_days WHERE rids IS NULL OR restaurant_id = ANY (rids);
  INSERT INTO insight_days (restaurant_id, day, branch_name, currency, receipts, spend)
  SELECT o.restaurant_id, o.order_date, o.branch_name, o.currency, count(*)::int, sum(o.total_price)
  FROM orders o JOIN restaurants r ON r.id = o.restaurant_id
  WHERE rids IS NULL OR o.restaurant_id = ANY (rids)
  GROUP BY 1, 2, 3, 4;
  INSERT INTO insight_guest_days (restaurant_id, day, prev_day, guests)
  SELECT restaurant_id, day, prev_day, count(*)::int FROM (
    SELECT restaurant_id, day,
      coalesce(lag(day) OVER (PARTITION BY restaurant_id, app_user_id ORDER BY day), '') AS prev_day
    FROM (SELECT DISTINCT o.restaurant_id, o.app_user_id, o.order_date AS day
      FROM orders o JOIN restaurants r ON r.id = o.restaurant_id
      WHERE o.app_user_id IS NOT NULL AND (rids IS NULL OR o.restaurant_id = ANY (rids))) d
  ) p GROUP BY 1, 2, 3;
  INSERT INTO insight_branch_guest_days (restaurant_id, branch_name, day, prev_day, guests)
  SELECT restaurant_id, branch_name, day, prev_day, count(*)::int FROM (
    SELECT restaurant_id, branch_name, day,
      coalesce(lag(day) OVER (PARTITION BY restaurant_id, branch_name, app_user_id ORDER BY day), '') AS prev_day
    FROM (SELECT DISTINCT o.restaurant_id, o.branch_name, o.app_user_id, o.order_date AS day
      FROM orders o JOIN restaurants r ON r.id = o.restaurant_id
      WHERE o.app_user_id IS NOT NULL AND (rids IS NULL OR o.restaurant_id = ANY (rids))) d
  ) p GROUP BY 1, 2, 3, 4;
END $$;
--> statement-breakpoint
-- Applies one statement's changed saved orders to the three tables.
-- Receipts and spend are added (an upsert per restaurant, day and branch). The pairs of visit days depend on
-- each touched guest's other visits, so they are recomputed for those guests only - before (their orders now,
-- without the rows just written, with the rows just removed) and after (their orders now) - and the difference
-- is added. Two writers of one guest queue on a transaction lock of that guest taken before reading their
-- orders, so the second sees the first's committed orders; a statement touching more than 1,000 guests (a bulk
-- load) takes the tables instead (SHARE ROW EXCLUSIVE, which every writer's ROW EXCLUSIVE waits for).
CREATE OR REPLACE FUNCTION insights_apply(ch insight_change[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  touched integer;
  zr integer[];
  zb text[];
  zd text[];
  zp text[];
  zc text[];
BEGIN
  -- Rows of a restaurant being deleted (its cascade) are not kept: its rows go with it.
  ch := array(SELECT c FROM unnest(ch) c WHERE EXISTS (SELECT 1 FROM restaurants r WHERE r.id = c.restaurant_id));
  IF cardinality(ch) = 0 THEN
    RETURN;
  END IF;

  WITH up AS (
    INSERT INTO insight_days AS t (restaurant_id, day, branch_name, currency, receipts, spend)
    SELECT c.restaurant_id, c.day, c.branch_name, c.currency, sum(c.sign)::int, sum(c.sign * c.total_price)
    FROM unnest(ch) c GROUP BY 1, 2, 3, 4
    HAVING sum(c.sign) <> 0 OR sum(c.sign * c.total_price) <> 0
    ON CONFLICT (restaurant_id, day, branch_name, currency)
      DO UPDATE SET receipts = t.receipts + excluded.receipts, spend = t.spend + excluded.spend
    RETURNING t.restaurant_id, t.day, t.branch_name, t.currency, t.receipts
  )
  SELECT array_agg(restaurant_id), array_agg(day), array_agg(branch_name), array_agg(currency) INTO zr, zd, zb, zc
  FROM up WHERE receipts = 0;
  IF zr IS NOT NULL THEN
    DELETE FROM insight_days t USING unnest(zr, zd, zb, zc) AS z(r, d, b, c)
    WHERE t.restaurant_id = z.r AND t.day = z.d AND t.branch_name = z.b AND t.currency = z.c AND t.receipts = 0;
  END IF;

  SELECT count(*) INTO touched
  FROM (SELECT DISTINCT c.restaurant_id, c.app_user_id FROM unnest(ch) c WHERE c.app_user_id IS NOT NULL) g;
  IF touched = 0 THEN
    RETURN;
  ELSIF touched > 1000 THEN
    LOCK TABLE insight_guest_days, insight_branch_guest_days IN SHARE ROW EXCLUSIVE MODE;
  ELSE
    LOCK TABLE insight_guest_days, insight_branch_guest_days IN ROW EXCLUSIVE MODE;
    PERFORM pg_advisory_xact_lock(k) FROM (
      SELECT DISTINCT hashtextextended('insight guest ' || c.restaurant_id || ' ' || c.app_user_id, 0) AS k
      FROM unnest(ch) c WHERE c.app_user_id IS NOT NULL ORDER BY 1
    ) l;
  END IF;

  -- The touched guests' visit days at each restaurant, before and after, as pairs (day, previous day).
  WITH g AS (
    SELECT DISTINCT c.restaurant_id, c.app_user_id FROM unnest(ch) c WHERE c.app_user_id IS NOT NULL
  ), written AS (
    SELECT c.id FROM unnest(ch) c WHERE c.sign > 0
  ), now_rows AS (
    SELECT o.id, o.restaurant_id, o.app_user_id, o.branch_name, o.order_date AS day
    FROM g JOIN orders o ON o.app_user_id = g.app_user_id AND o.restaurant_id = g.restaurant_id
  ), before_rows AS (
    SELECT n.restaurant_id, n.app_user_id, n.branch_name, n.day FROM now_rows n
    WHERE NOT EXISTS (SELECT 1 FROM written w WHERE w.id = n.id)
    UNION ALL
    SELECT c.restaurant_id, c.app_user_id, c.branch_name, c.day FROM unnest(ch) c
    WHERE c.sign < 0 AND c.app_user_id IS NOT NULL
  ), pairs AS (
    SELECT restaurant_id, day, coalesce(lag(day) OVER (PARTITION BY restaurant_id, app_user_id ORDER BY day), '') AS prev_day, 1 AS n
    FROM (SELECT DISTINCT restaurant_id, app_user_id, day FROM now_rows) a
    UNION ALL
    SELECT restaurant_id, day, coalesce(lag(day) OVER (PARTITION BY restaurant_id, app_user_id ORDER BY day), '') AS prev_day, -1 AS n
    FROM (SELECT DISTINCT restaurant_id, app_user_id, day FROM before_rows) b
  ), up AS (
    INSERT INTO insight_guest_days AS t (restaurant_id, day, prev_day, guests)
    SELECT restaurant_id, day, prev_day, sum(n)::int FROM pairs GROUP BY 1, 2, 3 HAVING sum(n) <> 0
    ON CONFLICT (restaurant_id, day, prev_day) DO UPDATE SET guests = t.guests + excluded.guests
    RETURNING t.restaurant_id, t.day, t.prev_day, t.guests
  )
  SELECT array_agg(restaurant_id), array_agg(day), array_agg(prev_day) INTO zr, zd, zp FROM up WHERE guests = 0;
  IF zr IS NOT NULL THEN
    DELETE FROM insight_guest_days t USING unnest(zr, zd, zp) AS z(r, d, p)
    WHERE t.restaurant_id = z.r AND t.day = z.d AND t.prev_day = z.p AND t.guests = 0;
  END IF;

  -- The same per branch.
  WITH g AS (
    SELECT DISTINCT c.restaurant_id, c.app_user_id FROM unnest(ch) c WHERE c.app_user_id IS NOT NULL
  ), written AS (
    SELECT c.id FROM unnest(ch) c WHERE c.sign > 0
  ), now_rows AS (
    SELECT o.id, o.restaurant_id, o.app_user_id, o.branch_name, o.order_date AS day
    FROM g JOIN orders o ON o.app_user_id = g.app_user_id AND o.restaurant_id = g.restaurant_id
  ), before_rows AS (
    SELECT n.restaurant_id, n.app_user_id, n.branch_name, n.day FROM now_rows n
    WHERE NOT EXISTS (SELECT 1 FROM written w WHERE w.id = n.id)
    UNION ALL
    SELECT c.restaurant_id, c.app_user_id, c.branch_name, c.day FROM unnest(ch) c
    WHERE c.sign < 0 AND c.app_user_id IS NOT NULL
  ), pairs AS (
    SELECT restaurant_id, branch_name, day,
      coalesce(lag(day) OVER (PARTITION BY restaurant_id, branch_name, app_user_id ORDER BY day), '') AS prev_day, 1 AS n
    FROM (SELECT DISTINCT restaurant_id, branch_name, app_user_id, day FROM now_rows) a
    UNION ALL
    SELECT restaurant_id, branch_name, day,
      coalesce(lag(day) OVER (PARTITION BY restaurant_id, branch_name, app_user_id ORDER BY day), '') AS prev_day, -1 AS n
    FROM (SELECT DISTINCT restaurant_id, branch_name, app_user_id, day FROM before_rows) b
  ), up AS (
    INSERT INTO insight_branch_guest_days AS t (restaurant_id, branch_name, day, prev_day, guests)
    SELECT restaurant_id, branch_name, day, prev_day, sum(n)::int FROM pairs GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0
    ON CONFLICT (restaurant_id, branch_name, day, prev_day) DO UPDATE SET guests = t.guests + excluded.guests
    RETURNING t.restaurant_id, t.branch_name, t.day, t.prev_day, t.guests
  )
  SELECT array_agg(restaurant_id), array_agg(branch_name), array_agg(day), array_agg(prev_day) INTO zr, zb, zd, zp
  FROM up WHERE guests = 0;
  IF zr IS NOT NULL THEN
    DELETE FROM insight_branch_guest_days t USING unnest(zr, zb, zd, zp) AS z(r, b, d, p)
    WHERE t.restaurant_id = z.r AND t.branch_name = z.b AND t.day = z.d AND t.prev_day = z.p AND t.guests = 0;
  END IF;
END $$;
--> statement-breakpoint
-- The trigger: a statement's written and removed saved orders (an update is both, when it changed what the
-- insights sum); a statement of more than 50,000 rows rebuilds its restaurants from their orders instead.
CREATE OR REPLACE FUNCTION insights_keep() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ch insight_change[];
  rids integer[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM insight_days;
    DELETE FROM insight_guest_days;
    DELETE FROM insight_branch_guest_days;
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    IF (SELECT count(*) FROM new_rows) > 50000 THEN
      rids := array(SELECT DISTINCT restaurant_id FROM new_rows);
    ELSE
      ch := array(SELECT (n.id, n.restaurant_id, n.app_user_id, n.branch_name, n.order_date, n.total_price, 1, n.currency)::insight_change
        FROM new_rows n);
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    IF (SELECT count(*) FROM old_rows) > 50000 THEN
      rids := array(SELECT DISTINCT restaurant_id FROM old_rows);
    ELSE
      ch := array(SELECT (o.id, o.restaurant_id, o.app_user_id, o.branch_name, o.order_date, o.total_price, -1, o.currency)::insight_change
        FROM old_rows o);
    END IF;
  ELSE
    IF (SELECT count(*) FROM new_rows) > 50000 THEN
      rids := array(SELECT restaurant_id FROM new_rows UNION SELECT restaurant_id FROM old_rows);
    ELSE
      ch := array(
        SELECT x FROM new_rows n JOIN old_rows o ON o.id = n.id
        CROSS JOIN LATERAL (VALUES
          ((n.id, n.restaurant_id, n.app_user_id, n.branch_name, n.order_date, n.total_price, 1, n.currency)::insight_change),
          ((o.id, o.restaurant_id, o.app_user_id, o.branch_name, o.order_date, o.total_price, -1, o.currency)::insight_change)) v(x)
        WHERE (n.restaurant_id, n.app_user_id, n.branch_name, n.order_date, n.total_price, n.currency)
          IS DISTINCT FROM (o.restaurant_id, o.app_user_id, o.branch_name, o.order_date, o.total_price, o.currency));
    END IF;
  END IF;
  IF rids IS NOT NULL THEN
    PERFORM insights_rebuild(rids);
  ELSE
    PERFORM insights_apply(ch);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The backfill: every saved order again, now per currency.
SELECT insights_rebuild();
