-- Custom SQL migration file, put your code below! ---- Issue 12: the management list's search of contests reads this trigram index (domain/common/search.ts).
CREATE INDEX IF NOT EXISTS "contests_search_trgm_idx" ON "contests" USING gin (("title" || ' ' || "title_en" || ' ' || "company" || ' ' || "company_en") gin_trgm_ops);
