-- The award pages are cached like every public page: a change to an award, its pools or judges, or to
-- what the public sees of an entry, tells every instance to drop its caches (channel site_cache, as in
-- 0001). Entries change often while submissions are open; only changes the public pages show notify.
CREATE TRIGGER awards_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON awards
  FOR EACH STATEMENT EXECUTE FUNCTION notify_site_cache();
--> statement-breakpoint
CREATE TRIGGER award_pools_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON award_pools
  FOR EACH STATEMENT EXECUTE FUNCTION notify_site_cache();
--> statement-breakpoint
CREATE TRIGGER award_judges_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON award_judges
  FOR EACH STATEMENT EXECUTE FUNCTION notify_site_cache();
--> statement-breakpoint
CREATE TRIGGER entries_cache_notify_delete AFTER DELETE OR TRUNCATE ON entries
  FOR EACH STATEMENT EXECUTE FUNCTION notify_site_cache();
--> statement-breakpoint
CREATE TRIGGER entries_cache_notify_update AFTER UPDATE ON entries
  FOR EACH ROW WHEN (
    OLD.display IS DISTINCT FROM NEW.display OR OLD.rank IS DISTINCT FROM NEW.rank
    OR OLD.nominee IS DISTINCT FROM NEW.nominee OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.title IS DISTINCT FROM NEW.title OR OLD.title_en IS DISTINCT FROM NEW.title_en
    OR OLD.description IS DISTINCT FROM NEW.description OR OLD.category IS DISTINCT FROM NEW.category
    OR OLD.thumbnail_id IS DISTINCT FROM NEW.thumbnail_id OR OLD.preview_id IS DISTINCT FROM NEW.preview_id
    OR OLD.detail_ids IS DISTINCT FROM NEW.detail_ids
  )
  EXECUTE FUNCTION notify_site_cache();
