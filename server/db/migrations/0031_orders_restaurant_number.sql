-- The Orders screen's search total within restaurants (issue 50, docs/PERFORMANCE.md "Run 13"): digits are counted
-- first as the order numbers that start with them, a range of an order-number index, and only when that part stays
-- under the cap are the numbers holding them anywhere walked. orders_number_idx serves the range across every
-- restaurant; this serves it within a manager's restaurants (or one an admin chose), read from the index alone.
CREATE INDEX IF NOT EXISTS "orders_restaurant_number_idx" ON "orders" USING btree ("restaurant_id","order_number");
