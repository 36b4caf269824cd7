-- Custom SQL migration file, put your code below! ---- Issue 18: the market lists' keyword search (domain/common/search.ts SEARCH_EXPRESSIONS.market_products).
CREATE INDEX IF NOT EXISTS "market_products_search_trgm_idx" ON "market_products" USING gin (("title" || ' ' || "title_en" || ' ' || "summary" || ' ' || "summary_en") gin_trgm_ops);
