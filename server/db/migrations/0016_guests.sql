CREATE TABLE "guest_consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"phone" text NOT NULL,
	"wording_version" integer NOT NULL,
	"consented_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guests" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"app_user_id" integer NOT NULL,
	"consented" boolean DEFAULT false NOT NULL,
	"first_visit_at" timestamp with time zone NOT NULL,
	"last_visit_at" timestamp with time zone NOT NULL,
	"first_visit_on" text NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"spend" numeric(16, 5) DEFAULT '0' NOT NULL,
	"average_ticket" numeric(16, 5) DEFAULT '0' NOT NULL,
	"currency" text DEFAULT '' NOT NULL,
	"favourite_item" text,
	"top_branch" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "guest_consents" ADD CONSTRAINT "guest_consents_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guests" ADD CONSTRAINT "guests_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guests" ADD CONSTRAINT "guests_app_user_id_app_users_id_fk" FOREIGN KEY ("app_user_id") REFERENCES "public"."app_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "guest_consents_uq" ON "guest_consents" USING btree ("phone","restaurant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "guests_restaurant_user_uq" ON "guests" USING btree ("restaurant_id","app_user_id");--> statement-breakpoint
CREATE INDEX "guests_user_idx" ON "guests" USING btree ("app_user_id");--> statement-breakpoint
CREATE INDEX "guests_last_visit_idx" ON "guests" USING btree ("restaurant_id","last_visit_at","id");--> statement-breakpoint
CREATE INDEX "guests_first_visit_idx" ON "guests" USING btree ("restaurant_id","first_visit_at","id");--> statement-breakpoint
CREATE INDEX "guests_visits_idx" ON "guests" USING btree ("restaurant_id","visits","id");--> statement-breakpoint
CREATE INDEX "guests_spend_idx" ON "guests" USING btree ("restaurant_id","spend","id");--> statement-breakpoint
CREATE INDEX "guests_all_last_visit_idx" ON "guests" USING btree ("last_visit_at","id");--> statement-breakpoint
CREATE INDEX "orders_user_restaurant_idx" ON "orders" USING btree ("app_user_id","restaurant_id");--> statement-breakpoint
CREATE INDEX "orders_restaurant_date_idx" ON "orders" USING btree ("restaurant_id","order_date");--> statement-breakpoint
-- Existing saved orders: one guest row per app user per restaurant, built once here (nobody has consented yet).
INSERT INTO "guests" ("restaurant_id", "app_user_id", "first_visit_at", "last_visit_at", "first_visit_on", "visits", "spend", "average_ticket", "currency", "favourite_item", "top_branch")
SELECT o."restaurant_id", o."app_user_id", min(o."created_at"), max(o."created_at"), min(o."order_date"), count(*)::int,
  sum(o."total_price"), sum(o."total_price") / count(*),
  (array_agg(o."currency" ORDER BY o."created_at" DESC, o."id" DESC))[1],
  (SELECT i."item_name" FROM "order_items" i JOIN "orders" o2 ON o2."id" = i."order_id"
    WHERE o2."app_user_id" = o."app_user_id" AND o2."restaurant_id" = o."restaurant_id"
    GROUP BY i."item_name" ORDER BY sum(i."item_quantity") DESC, i."item_name" LIMIT 1),
  (SELECT o3."branch_name" FROM "orders" o3
    WHERE o3."app_user_id" = o."app_user_id" AND o3."restaurant_id" = o."restaurant_id"
    GROUP BY o3."branch_name" ORDER BY count(*) DESC, max(o3."created_at") DESC, o3."branch_name" LIMIT 1)
FROM "orders" o WHERE o."app_user_id" IS NOT NULL
GROUP BY o."restaurant_id", o."app_user_id";
