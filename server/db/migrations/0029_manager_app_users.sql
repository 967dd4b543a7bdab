-- A manager's App Users in sign-up order (issue 50, docs/PERFORMANCE.md "A manager's App Users"): its list is the
-- customers who said yes to its restaurant, newest sign-up first. Walked from the app users' sign-up index, each
-- probed for a yes, or from the restaurant's consenting guests joined to every app user and sorted, page 2,000
-- (50,000 customers in) cost 460-790 ms at 1,000,000 app users. Each guest row now keeps its app user's sign-up time,
-- and one index over the consenting rows gives a restaurant's customers in that order: the page's ids come from
-- the index alone.
ALTER TABLE "guests" ADD COLUMN IF NOT EXISTS "user_created_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
UPDATE "guests" g SET "user_created_at" = u."created_at" FROM "app_users" u WHERE u."id" = g."app_user_id";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION guests_copy_app_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT u.first_name, u.phone, u.created_at INTO NEW.first_name, NEW.phone, NEW.user_created_at
    FROM app_users u WHERE u.id = NEW.app_user_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION guests_follow_app_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE guests SET first_name = NEW.first_name, phone = NEW.phone, user_created_at = NEW.created_at
    WHERE app_user_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS app_users_guests_follow ON app_users;
--> statement-breakpoint
CREATE TRIGGER app_users_guests_follow AFTER UPDATE OF first_name, phone, created_at ON app_users FOR EACH ROW
  WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.phone IS DISTINCT FROM NEW.phone
    OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION guests_follow_app_user();
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "guests_user_created_idx" ON "guests" USING btree ("restaurant_id","user_created_at","app_user_id") WHERE "guests"."consented";
