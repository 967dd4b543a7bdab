ALTER TABLE "devices" ADD COLUMN "link_key" text DEFAULT translate(encode(decode(replace(gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/=', '-_') NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "link_key_rotated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "sessions_valid_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "totp_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "totp_recovery_hashes" jsonb;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "admin_token_revocations" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
DELETE FROM "orders" WHERE "app_user_id" IS NULL;--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_app_user_id_app_users_id_fk";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_app_user_id_app_users_id_fk" FOREIGN KEY ("app_user_id") REFERENCES "public"."app_users"("id") ON DELETE cascade ON UPDATE no action;
