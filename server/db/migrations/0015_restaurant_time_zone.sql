-- A restaurant's own time zone (IANA name, e.g. Africa/Cairo): the offset its CSV times carry. Null: the app's
-- FUNNEL_TIME_ZONE (docs/API.md, Exports).
ALTER TABLE "restaurants" ADD COLUMN IF NOT EXISTS "time_zone" text;
