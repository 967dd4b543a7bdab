ALTER TABLE "otp_challenges" ADD COLUMN "restaurant_id" integer;--> statement-breakpoint
ALTER TABLE "otp_challenges" ADD COLUMN "device_id" text;--> statement-breakpoint
ALTER TABLE "otp_challenges" ADD COLUMN "pos_order_id" text;--> statement-breakpoint
ALTER TABLE "pos_orders" ADD COLUMN "status" integer DEFAULT 4 NOT NULL;--> statement-breakpoint
ALTER TABLE "pos_orders" ADD COLUMN "closed_at" timestamp with time zone;