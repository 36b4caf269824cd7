-- Issue 13 §5: the site search finds market products by their descriptions too — SEARCH_EXPRESSIONS.
-- market_products in domain/common/search.ts, character for character, as the pg_trgm index.
DROP INDEX IF EXISTS "market_products_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "market_products_search_trgm_idx" ON "market_products" USING gin (("title" || ' ' || "title_en" || ' ' || "summary" || ' ' || "summary_en" || ' ' || "description" || ' ' || "description_en") gin_trgm_ops);
