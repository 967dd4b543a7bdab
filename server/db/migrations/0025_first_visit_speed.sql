-- Issue 50: a manager's first screen and the guestbook at 10,000,000 orders (docs/PERFORMANCE.md, section 3a).
--
-- 1. The distinct customers of each restaurant, kept in row_counts ('customers@<restaurant id>': the app users with
--    at least one saved order there) by a statement-level trigger on orders, as 0020 keeps 'orders@<id>'. A manager's
--    dashboard and App Users total read it instead of counting distinct customers over the restaurant's orders.
--    A pair (restaurant, app user) counts once its first order is there and stops once its last one goes. Right under
--    concurrent saves: a save locks its app user's row first (the upsert of saveOrderToAccount), so two saves of one
--    customer queue there and the second's trigger sees the first's order; the only deletions of saved orders are
--    those of their app user (Delete my data, an admin's deletion: both lock that row), so two deletions of one
--    pair's orders never run at once either. The trigger fires after 0020's (names in order), so every writer takes
--    the counters in one order: 'orders', the insights' rows, 'orders@<id>', then 'customers@<id>'.
CREATE OR REPLACE FUNCTION row_counts_customers_by_restaurant() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM row_counts WHERE name LIKE 'customers@%';
  ELSIF TG_OP = 'INSERT' THEN
    -- A pair is new when none of its orders is older than this statement (its other orders are not new_rows).
    INSERT INTO row_counts (name, n)
      SELECT 'customers@' || p.restaurant_id, count(*)
      FROM (SELECT restaurant_id, app_user_id, array_agg(id) AS ids FROM new_rows
            WHERE app_user_id IS NOT NULL GROUP BY restaurant_id, app_user_id) p
      WHERE NOT EXISTS (SELECT 1 FROM orders o
                        WHERE o.app_user_id = p.app_user_id AND o.restaurant_id = p.restaurant_id
                          AND o.id <> ALL (p.ids))
      GROUP BY p.restaurant_id ORDER BY p.restaurant_id
    ON CONFLICT (name) DO UPDATE SET n = row_counts.n + excluded.n;
  ELSIF TG_OP = 'UPDATE' THEN
    -- An order moved to another restaurant or app user (no route does; an operator might): a pair of new_rows is
    -- new when it was no pair of old_rows and has no order outside new_rows; a pair of old_rows is gone when no
    -- order of it is left. An update that moves no order writes nothing.
    IF NOT EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
                   WHERE (o.restaurant_id, o.app_user_id) IS DISTINCT FROM (n.restaurant_id, n.app_user_id)) THEN
      RETURN NULL;
    END IF;
    WITH olds AS (SELECT DISTINCT restaurant_id, app_user_id FROM old_rows WHERE app_user_id IS NOT NULL),
         news AS (SELECT restaurant_id, app_user_id, array_agg(id) AS ids FROM new_rows
                  WHERE app_user_id IS NOT NULL GROUP BY restaurant_id, app_user_id),
         d AS (
           SELECT p.restaurant_id, 1 AS k FROM news p
           WHERE NOT EXISTS (SELECT 1 FROM olds q WHERE q.restaurant_id = p.restaurant_id AND q.app_user_id = p.app_user_id)
             AND NOT EXISTS (SELECT 1 FROM orders o
                             WHERE o.app_user_id = p.app_user_id AND o.restaurant_id = p.restaurant_id
                               AND o.id <> ALL (p.ids))
           UNION ALL
           SELECT q.restaurant_id, -1 FROM olds q
           WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.app_user_id = q.app_user_id AND o.restaurant_id = q.restaurant_id))
    INSERT INTO row_counts (name, n)
      SELECT 'customers@' || restaurant_id, sum(k) FROM d
      GROUP BY restaurant_id HAVING sum(k) <> 0 ORDER BY restaurant_id
    ON CONFLICT (name) DO UPDATE SET n = row_counts.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    -- A pair is gone when no order of it is left.
    UPDATE row_counts c SET n = c.n - d.k
      FROM (SELECT 'customers@' || p.restaurant_id AS name, count(*) AS k
            FROM (SELECT DISTINCT restaurant_id, app_user_id FROM old_rows WHERE app_user_id IS NOT NULL) p
            WHERE NOT EXISTS (SELECT 1 FROM orders o
                              WHERE o.app_user_id = p.app_user_id AND o.restaurant_id = p.restaurant_id)
            GROUP BY p.restaurant_id) d
      WHERE c.name = d.name;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Recounts every restaurant's customers from the saved orders: this migration's backfill, and the benches after a
-- bulk load with the trigger off (bench/lib.ts bulkOrders).
CREATE OR REPLACE FUNCTION customers_recount() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Waits for the writers of orders in flight and keeps new ones out until this commits.
  LOCK TABLE orders IN SHARE MODE;
  DELETE FROM row_counts WHERE name LIKE 'customers@%';
  INSERT INTO row_counts (name, n)
    SELECT 'customers@' || restaurant_id, count(*)
    FROM (SELECT DISTINCT restaurant_id, app_user_id FROM orders WHERE app_user_id IS NOT NULL) p
    GROUP BY restaurant_id;
END $$;
--> statement-breakpoint
SELECT customers_recount();
--> statement-breakpoint
CREATE TRIGGER orders_restaurant_customers_ins AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_customers_by_restaurant();
--> statement-breakpoint
CREATE TRIGGER orders_restaurant_customers_upd AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_customers_by_restaurant();
--> statement-breakpoint
CREATE TRIGGER orders_restaurant_customers_del AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_customers_by_restaurant();
--> statement-breakpoint
CREATE TRIGGER orders_restaurant_customers_trunc AFTER TRUNCATE ON orders FOR EACH STATEMENT EXECUTE FUNCTION row_counts_customers_by_restaurant();
--> statement-breakpoint
-- 2. The consented guests of each restaurant ('consented@<restaurant id>'), kept by statement-level triggers on
--    guests: the guestbook's total is then exact when nothing but restaurants narrows it, and its last page is read
--    from the other end of its index. A keepGuest that changes no consent writes no counter.
CREATE OR REPLACE FUNCTION row_counts_consented_guests() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM row_counts WHERE name LIKE 'consented@%';
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO row_counts (name, n)
      SELECT 'consented@' || restaurant_id, count(*) FROM new_rows WHERE consented
      GROUP BY restaurant_id ORDER BY restaurant_id
    ON CONFLICT (name) DO UPDATE SET n = row_counts.n + excluded.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO row_counts (name, n)
      SELECT 'consented@' || restaurant_id, sum(k) FROM (
        SELECT restaurant_id, 1 AS k FROM new_rows WHERE consented
        UNION ALL SELECT restaurant_id, -1 FROM old_rows WHERE consented) x
      GROUP BY restaurant_id HAVING sum(k) <> 0 ORDER BY restaurant_id
    ON CONFLICT (name) DO UPDATE SET n = row_counts.n + excluded.n;
  ELSE
    UPDATE row_counts c SET n = c.n - d.k
      FROM (SELECT 'consented@' || restaurant_id AS name, count(*) AS k FROM old_rows WHERE consented
            GROUP BY restaurant_id) d
      WHERE c.name = d.name;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO row_counts (name, n)
  SELECT 'consented@' || restaurant_id, count(*) FROM guests WHERE consented GROUP BY restaurant_id
ON CONFLICT (name) DO UPDATE SET n = excluded.n;
--> statement-breakpoint
CREATE TRIGGER guests_consented_count_ins AFTER INSERT ON guests REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_consented_guests();
--> statement-breakpoint
CREATE TRIGGER guests_consented_count_upd AFTER UPDATE ON guests REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_consented_guests();
--> statement-breakpoint
CREATE TRIGGER guests_consented_count_del AFTER DELETE ON guests REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_consented_guests();
--> statement-breakpoint
CREATE TRIGGER guests_consented_count_trunc AFTER TRUNCATE ON guests FOR EACH STATEMENT EXECUTE FUNCTION row_counts_consented_guests();
--> statement-breakpoint
-- 3. The guestbook's name and phone sorts: the app user's first name and phone kept on each guest row (set when the
--    row is made, followed when the app user's change), so they sort from an index like the other columns.
ALTER TABLE "guests" ADD COLUMN "first_name" text;
--> statement-breakpoint
ALTER TABLE "guests" ADD COLUMN "phone" text DEFAULT '' NOT NULL;
--> statement-breakpoint
UPDATE "guests" g SET "first_name" = u."first_name", "phone" = u."phone" FROM "app_users" u WHERE u."id" = g."app_user_id";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION guests_copy_app_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT u.first_name, u.phone INTO NEW.first_name, NEW.phone FROM app_users u WHERE u.id = NEW.app_user_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER guests_copy_app_user_ins BEFORE INSERT ON guests FOR EACH ROW EXECUTE FUNCTION guests_copy_app_user();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION guests_follow_app_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE guests SET first_name = NEW.first_name, phone = NEW.phone WHERE app_user_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER app_users_guests_follow AFTER UPDATE OF first_name, phone ON app_users FOR EACH ROW
  WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.phone IS DISTINCT FROM NEW.phone)
  EXECUTE FUNCTION guests_follow_app_user();
--> statement-breakpoint
-- 4. Every sort of the guestbook an index walk over consented rows only (the list never shows another): per
--    restaurant (a manager's scope, an admin's restaurant filter: `restaurant_id = n`), and across restaurants (an
--    admin's), whose indexes end with restaurant_id so a deleted restaurant's rows are skipped without the heap
--    (the id before it already makes each entry unique: the order is the sort column's, then id).
DROP INDEX IF EXISTS "guests_last_visit_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "guests_first_visit_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "guests_visits_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "guests_spend_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "guests_all_last_visit_idx";
--> statement-breakpoint
CREATE INDEX "guests_last_visit_idx" ON "guests" USING btree ("restaurant_id","last_visit_at","id") WHERE "guests"."consented";
--> statement-breakpoint
CREATE INDEX "guests_first_visit_idx" ON "guests" USING btree ("restaurant_id","first_visit_at","id") WHERE "guests"."consented";
--> statement-breakpoint
CREATE INDEX "guests_visits_idx" ON "guests" USING btree ("restaurant_id","visits","id") WHERE "guests"."consented";
--> statement-breakpoint
CREATE INDEX "guests_spend_idx" ON "guests" USING btree ("restaurant_id","spend","id") WHERE "guests"."consented";
--> statement-breakpoint
CREATE INDEX "guests_average_ticket_idx" ON "guests" USING btree ("restaurant_id","average_ticket","id") WHERE "guests"."consented";
--> statement-breakpoint
CREATE INDEX "guests_first_name_idx" ON "guests" USING btree ("restaurant_id","first_name","id") WHERE "guests"."consented";
--> statement-breakpoint
CREATE INDEX "guests_phone_idx" ON "guests" USING btree ("restaurant_id","phone","id") WHERE "guests"."consented";
--> statement-breakpoint
CREATE INDEX "guests_all_last_visit_idx" ON "guests" USING btree ("last_visit_at","id","restaurant_id") WHERE "guests"."consented";
--> statement-breakpoint
CREATE INDEX "guests_all_first_visit_idx" ON "guests" USING btree ("first_visit_at","id","restaurant_id") WHERE "guests"."consented";
--> statement-breakpoint
CREATE INDEX "guests_all_visits_idx" ON "guests" USING btree ("visits","id","restaurant_id") WHERE "guests"."consented";
--> statement-breakpoint
CREATE INDEX "guests_all_spend_idx" ON "guests" USING btree ("spend","id","restaurant_id") WHERE "guests"."consented";
--> statement-breakpoint
CREATE INDEX "guests_all_average_ticket_idx" ON "guests" USING btree ("average_ticket","id","restaurant_id") WHERE "guests"."consented";
--> statement-breakpoint
CREATE INDEX "guests_all_first_name_idx" ON "guests" USING btree ("first_name","id","restaurant_id") WHERE "guests"."consented";
--> statement-breakpoint
CREATE INDEX "guests_all_phone_idx" ON "guests" USING btree ("phone","id","restaurant_id") WHERE "guests"."consented";
--> statement-breakpoint
-- A search of the guestbook reads the matching app users' consented rows by app user (repositories/guests.ts).
CREATE INDEX "guests_consented_user_idx" ON "guests" USING btree ("app_user_id","restaurant_id") WHERE "guests"."consented";
--> statement-breakpoint
-- 5. The receipt's logo from Specter's own origin (docs/ARCHITECTURE.md "The receipt's logo"): a copy of each
--    restaurant's http(s) logo, fetched after the restaurant is saved or synced (server/pos/logoCopy.ts), kept here
--    with its type and size, and served at restaurants.logo_copy (a path on this site) in place of the logo's own
--    address; a failed copy is kept as its error, tried again later. A new logo address drops the copy of the old
--    one in the same statement (the trigger below): the receipt shows the new address until its copy is made.
ALTER TABLE "restaurants" ADD COLUMN "logo_copy" text;
--> statement-breakpoint
CREATE TABLE "restaurant_logos" (
	"restaurant_id" integer PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"content_type" text,
	"width" integer,
	"height" integer,
	"bytes" bytea,
	"sha256" text,
	"error" text,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "restaurant_logos" ADD CONSTRAINT "restaurant_logos_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION restaurants_logo_copy_follows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.logo_copy := NULL;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER restaurants_logo_copy_follows BEFORE UPDATE OF logo ON restaurants FOR EACH ROW
  WHEN (OLD.logo IS DISTINCT FROM NEW.logo) EXECUTE FUNCTION restaurants_logo_copy_follows();
