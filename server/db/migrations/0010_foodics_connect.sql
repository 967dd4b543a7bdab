ALTER TABLE "restaurants" ADD COLUMN "token_key" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "pos_business_name" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "connected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "connected_by" integer;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "sync_ok_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "last_order_ref" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "last_order_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "last_order_via" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "pos_error" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "pos_error_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "pos_refused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "restaurants" ADD CONSTRAINT "restaurants_connected_by_admins_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "restaurants_token_key_idx" ON "restaurants" USING btree ("token_key");--> statement-breakpoint
-- A restaurant synced without error before this migration: its last successful sync is that one.
UPDATE "restaurants" SET "sync_ok_at" = "synced_at" WHERE "synced_at" IS NOT NULL AND "sync_error" IS NULL;--> statement-breakpoint
CREATE TABLE "foodics_oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"admin_id" integer NOT NULL,
	"restaurant_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);--> statement-breakpoint
ALTER TABLE "foodics_oauth_states" ADD CONSTRAINT "foodics_oauth_states_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "foodics_oauth_states" ADD CONSTRAINT "foodics_oauth_states_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "pos_call_minutes" (
	"token_key" text NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "pos_call_minutes_token_key_minute_pk" PRIMARY KEY("token_key","minute")
);--> statement-breakpoint
CREATE TABLE "pos_webhook_hours" (
	"restaurant_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"events" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "pos_webhook_hours_restaurant_id_hour_pk" PRIMARY KEY("restaurant_id","hour")
);--> statement-breakpoint
ALTER TABLE "pos_webhook_hours" ADD CONSTRAINT "pos_webhook_hours_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;
