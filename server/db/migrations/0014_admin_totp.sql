-- The TOTP second factor (docs/SECURITY.md, "Two-step sign-in"): the time step of the last code accepted, so a
-- code is good once (RFC 6238, section 5.2).
ALTER TABLE "admins" ADD COLUMN "totp_last_step" bigint;
