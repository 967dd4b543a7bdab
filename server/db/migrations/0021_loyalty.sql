-- Issue 47: loyalty (docs/ARCHITECTURE.md, "Loyalty: how points are kept right"). A restaurant's program (off until
-- turned on), its rewards (a code is unique per restaurant and never reused: deleted rewards keep theirs), its
-- members (a restaurant x an app user: the balance, the lifetime points, the fraction of a point carried to the next
-- receipt) and the ledger of every movement. The ledger is append-only: a trigger refuses UPDATE and DELETE of its
-- rows unless the transaction set specter.ledger_erase (Delete my data, an app user deleted in the back-office,
-- retention). A balance never goes below zero (a CHECK).
CREATE TABLE "loyalty_programs" (
	"restaurant_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"points_per_unit" numeric(12, 6) DEFAULT '1' NOT NULL,
	"min_spend" numeric(16, 5) DEFAULT '0' NOT NULL,
	"expiry_days" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_rewards" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"code" text NOT NULL,
	"name_en" text NOT NULL,
	"name_ar" text NOT NULL,
	"cost" integer NOT NULL,
	"kind" text NOT NULL,
	"value" numeric(16, 5) NOT NULL,
	"max_discount" numeric(16, 5),
	"product_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_rewards_cost_ck" CHECK ("cost" > 0),
	CONSTRAINT "loyalty_rewards_kind_ck" CHECK ("kind" IN ('amount', 'percent', 'products'))
);
--> statement-breakpoint
CREATE TABLE "loyalty_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"app_user_id" integer NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"lifetime_points" integer DEFAULT 0 NOT NULL,
	"carried" numeric(24, 12) DEFAULT '0' NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"left_at" timestamp with time zone,
	CONSTRAINT "loyalty_members_balance_ck" CHECK ("balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "loyalty_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"kind" text NOT NULL,
	"points" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"value" numeric(30, 12),
	"spend" numeric(16, 5),
	"order_id" integer,
	"pos_order_id" text,
	"reward_id" integer,
	"reward_code" text,
	"business_reference" text,
	"branch_id" text,
	"user_id" text,
	"pos_date" text,
	"admin_id" integer,
	"reason" text,
	"reverses" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_ledger_kind_ck" CHECK ("kind" IN ('earn', 'redeem', 'take-back', 'give-back', 'expire', 'adjust'))
);
--> statement-breakpoint
ALTER TABLE "loyalty_programs" ADD CONSTRAINT "loyalty_programs_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_rewards" ADD CONSTRAINT "loyalty_rewards_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_members" ADD CONSTRAINT "loyalty_members_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_members" ADD CONSTRAINT "loyalty_members_app_user_id_app_users_id_fk" FOREIGN KEY ("app_user_id") REFERENCES "public"."app_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_ledger" ADD CONSTRAINT "loyalty_ledger_member_id_loyalty_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."loyalty_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_ledger" ADD CONSTRAINT "loyalty_ledger_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A code names one reward of a restaurant for ever (deleted rewards keep theirs), whatever its case.
CREATE UNIQUE INDEX "loyalty_rewards_code_uq" ON "loyalty_rewards" USING btree ("restaurant_id",lower("code"));--> statement-breakpoint
-- The rewards a member can afford, cheapest first (the adapter's "best reward" without a code).
CREATE INDEX "loyalty_rewards_restaurant_cost_idx" ON "loyalty_rewards" USING btree ("restaurant_id","cost") WHERE "deleted_at" IS NULL;--> statement-breakpoint
-- One member per restaurant and app user: the adapter finds it by the phone's app user (app_users_phone_uq).
CREATE UNIQUE INDEX "loyalty_members_restaurant_user_uq" ON "loyalty_members" USING btree ("restaurant_id","app_user_id");--> statement-breakpoint
CREATE INDEX "loyalty_members_user_idx" ON "loyalty_members" USING btree ("app_user_id");--> statement-breakpoint
-- The daily expiry: balances idle the longest first, per restaurant.
CREATE INDEX "loyalty_members_expiry_idx" ON "loyalty_members" USING btree ("restaurant_id","last_activity_at") WHERE "balance" > 0 AND "left_at" IS NULL;--> statement-breakpoint
-- A member's history, newest first.
CREATE INDEX "loyalty_ledger_member_idx" ON "loyalty_ledger" USING btree ("member_id","id");--> statement-breakpoint
-- A receipt earns once.
CREATE UNIQUE INDEX "loyalty_ledger_earn_uq" ON "loyalty_ledger" USING btree ("restaurant_id","pos_order_id") WHERE "kind" = 'earn';--> statement-breakpoint
-- Foodics retries a redeem: the same (business reference, order, reward code) takes points once.
CREATE UNIQUE INDEX "loyalty_ledger_redeem_uq" ON "loyalty_ledger" USING btree ("business_reference","pos_order_id","reward_code") WHERE "kind" = 'redeem';--> statement-breakpoint
-- An entry is reversed (taken back, given back) once.
CREATE UNIQUE INDEX "loyalty_ledger_reverses_uq" ON "loyalty_ledger" USING btree ("reverses") WHERE "reverses" IS NOT NULL;--> statement-breakpoint
-- A returned order's entries (its earn, the rewards redeemed on it).
CREATE INDEX "loyalty_ledger_order_idx" ON "loyalty_ledger" USING btree ("restaurant_id","pos_order_id") WHERE "pos_order_id" IS NOT NULL;--> statement-breakpoint
-- A restaurant's ledger by time (the back-office's ledger and figures), and retention by age.
CREATE INDEX "loyalty_ledger_restaurant_created_idx" ON "loyalty_ledger" USING btree ("restaurant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "loyalty_ledger_created_idx" ON "loyalty_ledger" USING btree ("created_at");--> statement-breakpoint
CREATE OR REPLACE FUNCTION loyalty_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('specter.ledger_erase', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'loyalty_ledger is append-only: % refused', TG_OP USING ERRCODE = 'P0001', HINT = 'only Delete my data and retention may delete its rows';
END $$;
--> statement-breakpoint
CREATE TRIGGER loyalty_ledger_append_only BEFORE UPDATE OR DELETE ON loyalty_ledger FOR EACH ROW EXECUTE FUNCTION loyalty_ledger_append_only();
