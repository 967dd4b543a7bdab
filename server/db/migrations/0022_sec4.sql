-- Issue 48 (the fourth security review), accounts and secrets (docs/SECURITY.md).
-- Item 3: the wrong codes of an account's two-step sign-in, counted until a right one; past ADMIN_TOTP_LOCK_AFTER
-- the second step is locked until an admin resets it.
ALTER TABLE "admins" ADD COLUMN "totp_failures" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Item 5: a code's wrong guesses per client address ({"<keyed hash of the address>": n}): a stranger's guesses use up their own
-- budget of OTP_MAX_ATTEMPTS, never the customer's; `attempts` stays the code's total (OTP_CODE_MAX_ATTEMPTS).
ALTER TABLE "otp_challenges" ADD COLUMN "attempts_by_address" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
-- Item 8: no hint of a TOTP secret (its last 4 characters stood outside the sealed part: 20 of its 160 bits).
UPDATE "admins" SET "totp_secret" = regexp_replace("totp_secret", '^(sealed:v1:[^:]*:)[^:]*:', '\1:')
  WHERE "totp_secret" LIKE 'sealed:v1:%';
--> statement-breakpoint
-- Item 8: a POS token is found by an HMAC under TOKEN_KEY, not by its unsalted SHA-256 prefix: the old keys go now
-- (the start writes the new ones, server/db/tokenSeal.ts), with the call logs and health minutes filed under them.
UPDATE "restaurants" SET "token_key" = NULL;
--> statement-breakpoint
DELETE FROM "pos_call_log";
--> statement-breakpoint
DELETE FROM "pos_token_pauses";
--> statement-breakpoint
DELETE FROM "pos_call_minutes";
--> statement-breakpoint
-- Item 8 (hardening): a stopped or expired shared link's sealed copy is no longer needed; the live ones are sealed
-- again under TOKEN_KEY at start.
UPDATE "receipt_shares" SET "token_sealed" = '' WHERE "revoked_at" IS NOT NULL OR "expires_at" <= now();
