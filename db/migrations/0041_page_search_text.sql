ALTER TABLE "pages" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "search_text_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Issue 15: the site search reads a builder page's published text (search_text, search_text_en, kept by
-- publishing) instead of its old HTML columns — SEARCH_EXPRESSIONS.pages in domain/common/search.ts,
-- character for character, as the pg_trgm index.
DROP INDEX IF EXISTS "pages_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "pages_search_trgm_idx" ON "pages" USING gin (("title" || ' ' || "title_en" || ' ' || (case when "format" = 'builder' then "search_text" || ' ' || "search_text_en" else "content" || ' ' || "content_en" end)) gin_trgm_ops);--> statement-breakpoint
-- Pages published with the builder before this migration: the text properties of their published trees
-- (the fields domain/builder/search-text.ts reads, tags of rich text dropped). Publishing again rewrites it.
UPDATE "pages" SET
  "search_text" = coalesce((SELECT string_agg(regexp_replace(x #>> '{}', '<[^>]*>', ' ', 'g'), ' ') FROM "page_versions" v,
    jsonb_path_query(v."trees"->'ko', 'strict $.**.props.keyvalue() ? (@.key like_regex "^(text|html|alt|caption|label|address|title|items|header|rows)$").value.** ? (@.type() == "string")') AS x
    WHERE v."page_id" = "pages"."id" AND v."status" = 'published'), ''),
  "search_text_en" = coalesce((SELECT string_agg(regexp_replace(x #>> '{}', '<[^>]*>', ' ', 'g'), ' ') FROM "page_versions" v,
    jsonb_path_query(coalesce(v."trees"->'en', '[]'::jsonb), 'strict $.**.props.keyvalue() ? (@.key like_regex "^(text|html|alt|caption|label|address|title|items|header|rows)$").value.** ? (@.type() == "string")') AS x
    WHERE v."page_id" = "pages"."id" AND v."status" = 'published'), '')
WHERE "format" = 'builder';
