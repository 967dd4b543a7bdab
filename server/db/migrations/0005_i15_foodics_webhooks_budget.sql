CREATE TABLE "pos_call_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_key" text NOT NULL,
	"at" timestamp (6) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pos_receipts" (
	"restaurant_id" integer NOT NULL,
	"device_id" text NOT NULL,
	"orders" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pos_receipts_restaurant_id_device_id_pk" PRIMARY KEY("restaurant_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "pos_token_pauses" (
	"token_key" text PRIMARY KEY NOT NULL,
	"until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pos_webhook_events" (
	"key" text PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "pos_business_ref" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "webhook_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pos_receipts" ADD CONSTRAINT "pos_receipts_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pos_call_log_token_at_idx" ON "pos_call_log" USING btree ("token_key","at");--> statement-breakpoint
CREATE INDEX "restaurants_pos_business_ref_idx" ON "restaurants" USING btree ("pos_business_ref");