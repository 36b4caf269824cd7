-- Custom SQL migration file, put your code below! ---- Issue 13: the search expressions of domain/common/search.ts (SEARCH_EXPRESSIONS posts, pages, awards),
-- character for character, as pg_trgm GIN indexes (the extension comes from migration 0012).
CREATE INDEX "posts_search_trgm_idx" ON "posts" USING gin (("title" || ' ' || "plain" || ' ' || "writer_name") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "pages_search_trgm_idx" ON "pages" USING gin (("title" || ' ' || "title_en" || ' ' || "content" || ' ' || "content_en") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "awards_search_trgm_idx" ON "awards" USING gin (("title" || ' ' || "title_en" || ' ' || "description" || ' ' || "description_en") gin_trgm_ops);
