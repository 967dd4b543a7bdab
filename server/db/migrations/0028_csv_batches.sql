-- The ledger's CSV at size (issue 47, docs/PERFORMANCE.md "A manager's CSVs"): each batch of an export is a walk of an
-- index from where the last one ended, so a batch reads its own entries and no more.
-- A date range's ledger file goes in time order, then id: entries written in one transaction share its time (the
-- daily expiry writes thousands at once), and with the id in the index such a run is read in order, not sorted whole.
DROP INDEX IF EXISTS "loyalty_ledger_created_idx";
--> statement-breakpoint
CREATE INDEX "loyalty_ledger_created_idx" ON "loyalty_ledger" USING btree ("created_at","id");
