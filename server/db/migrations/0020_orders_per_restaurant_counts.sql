-- Issue 35 / 26: the number of saved orders of each restaurant, kept in row_counts (name 'orders@<restaurant id>')
-- by a statement-level trigger as the whole table's is (0006): a manager's Orders list, and an admin's Orders of one
-- restaurant, then have an exact total in one primary-key read per restaurant, so their last page is read from the
-- other end of orders_restaurant_created_idx (docs/PERFORMANCE.md, section 3a). A saved order never moves to another
-- restaurant (no route changes orders.restaurant_id), so inserts, deletes (cascades too) and TRUNCATE keep it.
CREATE OR REPLACE FUNCTION row_counts_orders_by_restaurant() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM row_counts WHERE name LIKE 'orders@%';
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO row_counts (name, n)
      SELECT 'orders@' || restaurant_id, count(*) FROM new_rows GROUP BY restaurant_id ORDER BY restaurant_id
    ON CONFLICT (name) DO UPDATE SET n = row_counts.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE row_counts c SET n = c.n - d.k
      FROM (SELECT 'orders@' || restaurant_id AS name, count(*) AS k FROM old_rows GROUP BY restaurant_id) d
      WHERE c.name = d.name;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO row_counts (name, n)
  SELECT 'orders@' || restaurant_id, count(*) FROM orders GROUP BY restaurant_id
ON CONFLICT (name) DO UPDATE SET n = excluded.n;
--> statement-breakpoint
CREATE TRIGGER orders_restaurant_count_ins AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_orders_by_restaurant();
--> statement-breakpoint
CREATE TRIGGER orders_restaurant_count_del AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_orders_by_restaurant();
--> statement-breakpoint
CREATE TRIGGER orders_restaurant_count_trunc AFTER TRUNCATE ON orders FOR EACH STATEMENT EXECUTE FUNCTION row_counts_orders_by_restaurant();
