-- Where a deep page of a whole list begins (issue 50, docs/PERFORMANCE.md "Run 14"): the rows of each calendar day
-- (UTC) of app users' sign-ups and of saved orders, kept by statement-level triggers as row_counts is (0006, 0020):
-- 'app_users', 'orders' and 'orders@<restaurant id>'. The page at offset 5,000,000 of ten million orders newest first
-- is then found by summing at most a few thousand days' counts, and read from the start of its day: one day's rows
-- walked instead of five million (server/db/repositories/rowDays.ts). created_at is set when a row is written and
-- never changed, and a saved order never moves to another restaurant (no route changes either), so inserts,
-- deletes (cascades too) and TRUNCATE keep the counts.
CREATE TABLE IF NOT EXISTS "row_days" (
	"name" text NOT NULL,
	"day" date NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "row_days_pk" PRIMARY KEY ("name", "day")
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION row_days_app_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM row_days WHERE name = 'app_users';
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO row_days (name, day, n)
      SELECT 'app_users', (created_at AT TIME ZONE 'UTC')::date AS d, count(*) FROM new_rows GROUP BY d ORDER BY d
    ON CONFLICT (name, day) DO UPDATE SET n = row_days.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE row_days c SET n = c.n - d.k
      FROM (SELECT (created_at AT TIME ZONE 'UTC')::date AS day, count(*) AS k FROM old_rows GROUP BY 1) d
      WHERE c.name = 'app_users' AND c.day = d.day;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION row_days_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM row_days WHERE name = 'orders' OR name LIKE 'orders@%';
  ELSIF TG_OP = 'INSERT' THEN
    -- In the order of the keys, as every other writer takes them: two saves never wait on each other in a circle.
    INSERT INTO row_days (name, day, n)
      SELECT name, day, count(*) FROM (
        SELECT 'orders' AS name, (created_at AT TIME ZONE 'UTC')::date AS day FROM new_rows
        UNION ALL
        SELECT 'orders@' || restaurant_id, (created_at AT TIME ZONE 'UTC')::date FROM new_rows
      ) r GROUP BY name, day ORDER BY name, day
    ON CONFLICT (name, day) DO UPDATE SET n = row_days.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE row_days c SET n = c.n - d.k
      FROM (
        SELECT name, day, count(*) AS k FROM (
          SELECT 'orders' AS name, (created_at AT TIME ZONE 'UTC')::date AS day FROM old_rows
          UNION ALL
          SELECT 'orders@' || restaurant_id, (created_at AT TIME ZONE 'UTC')::date FROM old_rows
        ) r GROUP BY name, day
      ) d
      WHERE c.name = d.name AND c.day = d.day;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO row_days (name, day, n)
  SELECT 'app_users', (created_at AT TIME ZONE 'UTC')::date AS d, count(*) FROM app_users GROUP BY d
ON CONFLICT (name, day) DO UPDATE SET n = excluded.n;
--> statement-breakpoint
INSERT INTO row_days (name, day, n)
  SELECT 'orders', (created_at AT TIME ZONE 'UTC')::date AS d, count(*) FROM orders GROUP BY d
ON CONFLICT (name, day) DO UPDATE SET n = excluded.n;
--> statement-breakpoint
INSERT INTO row_days (name, day, n)
  SELECT 'orders@' || restaurant_id, (created_at AT TIME ZONE 'UTC')::date AS d, count(*) FROM orders GROUP BY restaurant_id, d
ON CONFLICT (name, day) DO UPDATE SET n = excluded.n;
--> statement-breakpoint
CREATE TRIGGER app_users_days_ins AFTER INSERT ON app_users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_days_app_users();
--> statement-breakpoint
CREATE TRIGGER app_users_days_del AFTER DELETE ON app_users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION row_days_app_users();
--> statement-breakpoint
CREATE TRIGGER app_users_days_trunc AFTER TRUNCATE ON app_users FOR EACH STATEMENT EXECUTE FUNCTION row_days_app_users();
--> statement-breakpoint
CREATE TRIGGER orders_days_ins AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_days_orders();
--> statement-breakpoint
CREATE TRIGGER orders_days_del AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION row_days_orders();
--> statement-breakpoint
CREATE TRIGGER orders_days_trunc AFTER TRUNCATE ON orders FOR EACH STATEMENT EXECUTE FUNCTION row_days_orders();
