ALTER TABLE "restaurants" ADD COLUMN "zatca_phase" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "legal_name" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "pos_legal_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vat" jsonb;--> statement-breakpoint
ALTER TABLE "funnel_daily" ADD COLUMN "shared_opens" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TABLE "receipt_shares" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"token_sealed" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "receipt_shares" ADD CONSTRAINT "receipt_shares_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "receipt_shares_token_uq" ON "receipt_shares" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "receipt_shares_order_idx" ON "receipt_shares" USING btree ("order_id");
