-- row_counts: the numbers of app users, saved orders and live restaurants, kept by the triggers below.
CREATE TABLE IF NOT EXISTS "row_counts" (
	"name" text PRIMARY KEY NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Row counts kept by triggers: the dashboard reads row_counts instead of count(*) over millions of rows.
-- Statement-level triggers with transition tables add the rows a statement inserted and subtract those it
-- deleted, so a bulk insert of a million rows updates the counter once, not a million times.
CREATE OR REPLACE FUNCTION row_counts_all_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE delta bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO delta FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT -count(*) INTO delta FROM old_rows;
  ELSE
    UPDATE row_counts SET n = 0 WHERE name = TG_TABLE_NAME;
    RETURN NULL;
  END IF;
  IF delta <> 0 THEN
    UPDATE row_counts SET n = n + delta WHERE name = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION row_counts_live_restaurants() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE delta bigint := 0;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE row_counts SET n = 0 WHERE name = 'live_restaurants';
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    delta := delta + (SELECT count(*) FROM new_rows WHERE NOT is_deleted);
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    delta := delta - (SELECT count(*) FROM old_rows WHERE NOT is_deleted);
  END IF;
  IF delta <> 0 THEN
    UPDATE row_counts SET n = n + delta WHERE name = 'live_restaurants';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO row_counts (name, n) VALUES
  ('app_users', (SELECT count(*) FROM app_users)),
  ('orders', (SELECT count(*) FROM orders)),
  ('live_restaurants', (SELECT count(*) FROM restaurants WHERE NOT is_deleted))
ON CONFLICT (name) DO UPDATE SET n = excluded.n;
--> statement-breakpoint
CREATE TRIGGER app_users_count_ins AFTER INSERT ON app_users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_all_rows();
--> statement-breakpoint
CREATE TRIGGER app_users_count_del AFTER DELETE ON app_users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_all_rows();
--> statement-breakpoint
CREATE TRIGGER app_users_count_trunc AFTER TRUNCATE ON app_users FOR EACH STATEMENT EXECUTE FUNCTION row_counts_all_rows();
--> statement-breakpoint
CREATE TRIGGER orders_count_ins AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_all_rows();
--> statement-breakpoint
CREATE TRIGGER orders_count_del AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_all_rows();
--> statement-breakpoint
CREATE TRIGGER orders_count_trunc AFTER TRUNCATE ON orders FOR EACH STATEMENT EXECUTE FUNCTION row_counts_all_rows();
--> statement-breakpoint
CREATE TRIGGER restaurants_count_ins AFTER INSERT ON restaurants REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_live_restaurants();
--> statement-breakpoint
CREATE TRIGGER restaurants_count_upd AFTER UPDATE ON restaurants REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_live_restaurants();
--> statement-breakpoint
CREATE TRIGGER restaurants_count_del AFTER DELETE ON restaurants REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_live_restaurants();
--> statement-breakpoint
CREATE TRIGGER restaurants_count_trunc AFTER TRUNCATE ON restaurants FOR EACH STATEMENT EXECUTE FUNCTION row_counts_live_restaurants();
