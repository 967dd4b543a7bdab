-- Issue 26: roles. Existing accounts keep role 'admin' (the column's default since 0000); a manager or staff
-- account is tied to restaurants here. An admin has no rows (it sees every restaurant).
UPDATE "admins" SET "role" = 'admin' WHERE "role" NOT IN ('admin', 'manager', 'staff');--> statement-breakpoint
ALTER TABLE "admins" ADD CONSTRAINT "admins_role_check" CHECK ("role" IN ('admin', 'manager', 'staff'));--> statement-breakpoint
CREATE TABLE "admin_restaurants" (
	"admin_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_restaurants_admin_id_restaurant_id_pk" PRIMARY KEY("admin_id","restaurant_id")
);--> statement-breakpoint
ALTER TABLE "admin_restaurants" ADD CONSTRAINT "admin_restaurants_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_restaurants" ADD CONSTRAINT "admin_restaurants_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_restaurants_restaurant_idx" ON "admin_restaurants" USING btree ("restaurant_id");--> statement-breakpoint
-- A manager's App Users: the customers with an order at their restaurants (orders by restaurant, then customer).
CREATE INDEX "orders_restaurant_user_idx" ON "orders" USING btree ("restaurant_id","app_user_id");
