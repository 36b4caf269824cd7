-- Custom SQL migration file, put your code below! ---- Issue 19: the job and share lists keyword search (domain/common/search.ts SEARCH_EXPRESSIONS job_postings, resumes, shares).
CREATE INDEX IF NOT EXISTS "job_postings_search_trgm_idx" ON "job_postings" USING gin (("title" || ' ' || "title_en" || ' ' || "company" || ' ' || "company_en") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "resumes_search_trgm_idx" ON "resumes" USING gin (("title" || ' ' || "title_en" || ' ' || "introduction") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "shares_search_trgm_idx" ON "shares" USING gin (("talent" || ' ' || "talent_en" || ' ' || "institution" || ' ' || "target") gin_trgm_ops);
