-- Issues 48 (item 4) and 49 ("Connecting Foodics, for real"): one Foodics business, one till, one POS order belong
-- to one restaurant only, and the database says so (docs/POS.md, "One business, one restaurant"):
--   restaurants_foodics_business_uq  a Foodics business (its reference, GET /whoami) is connected to one live restaurant;
--   devices_foodics_till_uq          a Foodics till (its POS id) is a live till of one restaurant;
--   orders_foodics_order_uq          a Foodics order (its POS id) is saved once, at one restaurant.
-- Foodics' ids are its own UUIDs, the same whichever restaurant reads them; a Specter POS names its tills and orders
-- itself, per restaurant (its push key), so for it the rule stays per restaurant (devices_pos_uq, orders_pos_uq).
-- Which system a till or an order came from is `pos_system`, copied from its restaurant when the row is inserted
-- (pos_system_of_restaurant below), so every writer - the sync, a save, a test's fixture - is held to it.
--
-- Rows that break the rule already (one business connected twice before this migration) are settled so that
-- nothing a customer or a restaurant holds is deleted:
--   * restaurants: the first restaurant connected to a business keeps it; a later one keeps its name, tills' history
--     and saved orders, loses the business reference (no webhook reaches it) and says why in its sync_error, which
--     the back-office shows on its page and in the list ("reconnect that one, or delete this one");
--   * tills: a Foodics till live in several restaurants stays live in the restaurant that keeps the business (else
--     the oldest) and is marked removed in the others (their printed QR codes answer "Restaurant not found", as a
--     till removed at the POS does);
--   * saved orders: the first save of a Foodics order holds it; a later save of the same order at another restaurant
--     stays in its customer's receipts and in Orders, marked `pos_system = 'Foodics (duplicate)'`, outside the rule.
-- A deleted restaurant's tills are removed with it (a restaurant's delete now removes them), so deleting the second
-- copy of a business frees its tills for the first.
ALTER TABLE "devices" ADD COLUMN "pos_system" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pos_system" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "qr_sheet_printed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "first_receipt_at" timestamp with time zone;--> statement-breakpoint
CREATE OR REPLACE FUNCTION pos_system_of_restaurant() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.pos_system IS NULL THEN
    SELECT system_type INTO NEW.pos_system FROM restaurants WHERE id = NEW.restaurant_id;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER devices_pos_system BEFORE INSERT ON "devices" FOR EACH ROW EXECUTE FUNCTION pos_system_of_restaurant();--> statement-breakpoint
CREATE TRIGGER orders_pos_system BEFORE INSERT ON "orders" FOR EACH ROW EXECUTE FUNCTION pos_system_of_restaurant();--> statement-breakpoint
UPDATE "devices" d SET "pos_system" = r."system_type" FROM "restaurants" r WHERE r."id" = d."restaurant_id";--> statement-breakpoint
UPDATE "orders" o SET "pos_system" = r."system_type" FROM "restaurants" r WHERE r."id" = o."restaurant_id";--> statement-breakpoint
-- One live Foodics restaurant per business: the first connected keeps it.
WITH ranked AS (
  SELECT "id", row_number() OVER (PARTITION BY "pos_business_ref" ORDER BY "id") AS n
  FROM "restaurants"
  WHERE "system_type" = 'Foodics' AND NOT "is_deleted" AND "pos_business_ref" IS NOT NULL
)
UPDATE "restaurants" r
SET "pos_business_ref" = NULL,
    "sync_error" = 'This Foodics business is already connected to another restaurant here: reconnect that one instead'
FROM ranked WHERE r."id" = ranked."id" AND ranked.n > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "restaurants_foodics_business_uq" ON "restaurants" USING btree ("pos_business_ref")
  WHERE "system_type" = 'Foodics' AND NOT "is_deleted" AND "pos_business_ref" IS NOT NULL;--> statement-breakpoint
-- A deleted restaurant's branches and tills go with it.
UPDATE "devices" d SET "removed_at" = coalesce(r."deleted_at", now())
FROM "restaurants" r WHERE r."id" = d."restaurant_id" AND r."is_deleted" AND d."removed_at" IS NULL;--> statement-breakpoint
UPDATE "branches" b SET "removed_at" = coalesce(r."deleted_at", now())
FROM "restaurants" r WHERE r."id" = b."restaurant_id" AND r."is_deleted" AND b."removed_at" IS NULL;--> statement-breakpoint
-- One restaurant per live Foodics till: the restaurant that keeps the business, else the oldest.
WITH ranked AS (
  SELECT d."id", row_number() OVER (
    PARTITION BY d."device_id" ORDER BY (r."pos_business_ref" IS NULL), d."restaurant_id", d."id"
  ) AS n
  FROM "devices" d JOIN "restaurants" r ON r."id" = d."restaurant_id"
  WHERE d."pos_system" = 'Foodics' AND d."removed_at" IS NULL
)
UPDATE "devices" d SET "removed_at" = now() FROM ranked WHERE d."id" = ranked."id" AND ranked.n > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "devices_foodics_till_uq" ON "devices" USING btree ("device_id")
  WHERE "pos_system" = 'Foodics' AND "removed_at" IS NULL;--> statement-breakpoint
-- One save per Foodics order: the first holds it; a later one at another restaurant is kept, marked.
WITH ranked AS (
  SELECT "id", row_number() OVER (PARTITION BY "pos_order_id" ORDER BY "created_at", "id") AS n
  FROM "orders" WHERE "pos_system" = 'Foodics'
)
UPDATE "orders" o SET "pos_system" = 'Foodics (duplicate)' FROM ranked WHERE o."id" = ranked."id" AND ranked.n > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_foodics_order_uq" ON "orders" USING btree ("pos_order_id") WHERE "pos_system" = 'Foodics';--> statement-breakpoint
-- "Connect Foodics" approvals that wait for the admin's answer (docs/POS.md): the business is connected to another
-- restaurant already, or a reconnect would change a restaurant's business. The token is sealed (TOKEN_KEY), the
-- id kept as its SHA-256, single use, as long as a round trip may take.
CREATE TABLE "foodics_pending_connects" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"admin_id" integer NOT NULL,
	"kind" text NOT NULL,
	"restaurant_id" integer NOT NULL,
	"started_for" integer,
	"token" text NOT NULL,
	"business_name" text NOT NULL,
	"business_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
ALTER TABLE "foodics_pending_connects" ADD CONSTRAINT "foodics_pending_connects_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "foodics_pending_connects" ADD CONSTRAINT "foodics_pending_connects_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "foodics_pending_connects" ADD CONSTRAINT "foodics_pending_connects_started_for_restaurants_id_fk" FOREIGN KEY ("started_for") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;
