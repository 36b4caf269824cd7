-- Issue 22, keyword searches at 1,000,000 rows.
-- 1. The members' and entries' search text is stored, lower-cased, in a generated column: a row is then
--    tested with LIKE on one stored string instead of ILIKE on five joined and lower-cased for every row
--    (an index walk of 14,000 entries took 15–22 ms with ILIKE, 3–6 ms with LIKE). The trigram indexes are
--    rebuilt on it (pg_trgm folds case itself, so they find what they found before).
-- 2. Statistics of 1,000 samples on it: the planner estimated every pattern that no histogram entry holds at
--    its floor of 0.01 % of the rows, so a common name's 6,250 members were taken for 100 and all read and
--    sorted, instead of walking the list's order until a page is full.
-- 3. The lists' order indexes carry it, so that walk tests each row in the index alone (index-only).
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "search_text" text GENERATED ALWAYS AS (lower("name" || ' ' || "name_en" || ' ' || "username" || ' ' || "email")) STORED;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
DROP INDEX IF EXISTS "users_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ("search_text" gin_trgm_ops) WHERE "withdrawn_at" IS NULL;--> statement-breakpoint
DROP INDEX IF EXISTS "users_live_created_idx";--> statement-breakpoint
CREATE INDEX "users_live_created_idx" ON "users" ("created_at", "id") INCLUDE ("search_text") WHERE "withdrawn_at" IS NULL;--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN IF NOT EXISTS "search_text" text GENERATED ALWAYS AS (lower("title" || ' ' || "title_en" || ' ' || "designer_name" || ' ' || "designer_name_en" || ' ' || "company")) STORED;--> statement-breakpoint
ALTER TABLE "entries" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
DROP INDEX IF EXISTS "entries_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "entries_search_trgm_idx" ON "entries" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
DROP INDEX IF EXISTS "entries_award_id_idx";--> statement-breakpoint
CREATE INDEX "entries_award_id_idx" ON "entries" ("award_id", "id") INCLUDE ("search_text");--> statement-breakpoint
ANALYZE "users";--> statement-breakpoint
ANALYZE "entries";
