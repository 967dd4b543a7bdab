CREATE TABLE "activity" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"admin_id" integer,
	"admin_email" text,
	"kind" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"target_label" text,
	"detail" jsonb,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "push_key_hash" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "push_key_rotated_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "activity_at_idx" ON "activity" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "activity_admin_idx" ON "activity" USING btree ("admin_id","at");--> statement-breakpoint
CREATE INDEX "activity_kind_idx" ON "activity" USING btree ("kind","at");