CREATE TABLE "funnel_daily" (
	"restaurant_id" integer NOT NULL,
	"device_id" text NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"codes" integer DEFAULT 0 NOT NULL,
	"saves" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "funnel_marks" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "vat_number" text;--> statement-breakpoint
ALTER TABLE "funnel_daily" ADD CONSTRAINT "funnel_daily_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "funnel_daily_uq" ON "funnel_daily" USING btree ("restaurant_id","device_id","day");--> statement-breakpoint
CREATE INDEX "funnel_daily_day_idx" ON "funnel_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "funnel_marks_expires_idx" ON "funnel_marks" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "orders_restaurant_created_idx" ON "orders" USING btree ("restaurant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_number_trgm" ON "orders" USING gin ("order_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_order_date_idx" ON "orders" USING btree ("order_date");