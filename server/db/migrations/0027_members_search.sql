-- The Members list's search (issue 47, docs/PERFORMANCE.md "Members search"): each member row keeps its app user's
-- first name, last name and phone in one column, `search` ("+9665... first last"), with a trigram index of its
-- own. A search then names loyalty_members' columns only: for a common word ("sara", a tenth of the users) the
-- list's order is walked and each row checked on the row itself, for a rare one the trigram index answers; before,
-- every matching app user (100,000 for "sara") was read to make the set of ids the members were checked against.
-- Words are separated by a space, which no search word holds, so a word matches within one field as before.
-- Set when the row is made, followed when the app user's name or phone changes (Delete my data, an edit).
ALTER TABLE "loyalty_members" ADD COLUMN "search" text DEFAULT '' NOT NULL;
--> statement-breakpoint
-- The phone first, then the names, in lower case (searched with LIKE on the word in lower case: a third of ILIKE's
-- cost per row a walk checks), at most 512 characters: the copy is a key of a btree index below, which refuses
-- a key of more than about 2,700 bytes (a name that long would otherwise fail the save that makes the member).
CREATE OR REPLACE FUNCTION loyalty_member_search(first_name text, last_name text, phone text) RETURNS text
  LANGUAGE sql IMMUTABLE AS $$ SELECT lower(left(coalesce(phone, '') || ' ' || coalesce(first_name, '') || ' ' || coalesce(last_name, ''), 512)) $$;
--> statement-breakpoint
UPDATE "loyalty_members" m SET "search" = loyalty_member_search(u."first_name", u."last_name", u."phone")
  FROM "app_users" u WHERE u."id" = m."app_user_id";
--> statement-breakpoint
CREATE INDEX "loyalty_members_search_trgm" ON "loyalty_members" USING gin ("search" gin_trgm_ops);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION loyalty_members_copy_app_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT loyalty_member_search(u.first_name, u.last_name, u.phone) INTO NEW.search FROM app_users u WHERE u.id = NEW.app_user_id;
  NEW.search := coalesce(NEW.search, '');
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER loyalty_members_copy_app_user_ins BEFORE INSERT OR UPDATE OF app_user_id ON loyalty_members FOR EACH ROW
  EXECUTE FUNCTION loyalty_members_copy_app_user();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION loyalty_members_follow_app_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE loyalty_members SET search = loyalty_member_search(NEW.first_name, NEW.last_name, NEW.phone) WHERE app_user_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER app_users_loyalty_members_follow AFTER UPDATE OF first_name, last_name, phone ON app_users FOR EACH ROW
  WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name OR OLD.phone IS DISTINCT FROM NEW.phone)
  EXECUTE FUNCTION loyalty_members_follow_app_user();
--> statement-breakpoint
-- The Members list's walks, by last activity (its default order) or balance: a deep page's id pick (an admin's page
-- 2,000 walks 50,000 entries and checks each member's restaurant is live) and a search the planner answers by walking
-- the order and checking rows (a common name, or digits it cannot tell are rare: "0501" walks 19,000 members to find
-- 25). With the restaurant - and for the default order the search copy - in the index, those walks read the index
-- alone (index-only scans: page 2,000 in 15-24 ms, "0501" in 15-28 ms) instead of each member's row (55-600 ms and
-- 50-170 ms).
DROP INDEX IF EXISTS "loyalty_members_recent_idx";
--> statement-breakpoint
CREATE INDEX "loyalty_members_recent_idx" ON "loyalty_members" USING btree ("last_activity_at","id","restaurant_id","search") WHERE "left_at" IS NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS "loyalty_members_restaurant_recent_idx";
--> statement-breakpoint
CREATE INDEX "loyalty_members_restaurant_recent_idx" ON "loyalty_members" USING btree ("restaurant_id","last_activity_at","id","search") WHERE "left_at" IS NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS "loyalty_members_balance_idx";
--> statement-breakpoint
CREATE INDEX "loyalty_members_balance_idx" ON "loyalty_members" USING btree ("balance","id","restaurant_id") WHERE "left_at" IS NULL;
