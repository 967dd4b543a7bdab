-- The App Users and guestbook searches (issue 50, docs/PERFORMANCE.md "Run 10"): a word of a name matched three ILIKEs a
-- row (first name, last name, phone), and a common one ("sara", a tenth of the users) was first counted up to 5,001
-- matches by walking the table checking them (47 ms at 1,000,000 users). Each app user now has its "phone first
-- last" in lower case in one column the database computes (as loyalty_members.search of migration 0027, without a
-- trigger: a stored generated column), with its own trigram index: a word is one LIKE on it, which the index serves
-- as it served ILIKE. Words are split on spaces, which the column puts between the fields, so a word still matches
-- within one field.
ALTER TABLE "app_users" ADD COLUMN IF NOT EXISTS "search" text GENERATED ALWAYS AS (lower(left(coalesce("phone", '') || ' ' || coalesce("first_name", '') || ' ' || coalesce("last_name", ''), 512))) STORED NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "app_users_search_trgm" ON "app_users" USING gin ("search" gin_trgm_ops);
