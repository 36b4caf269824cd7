-- Any change to what a rendered public page shows tells every app instance to drop its caches
-- (domain/site/directory.ts listens on this channel).
CREATE OR REPLACE FUNCTION notify_site_cache() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('site_cache', TG_TABLE_NAME);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER sites_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sites
  FOR EACH STATEMENT EXECUTE FUNCTION notify_site_cache();
--> statement-breakpoint
CREATE TRIGGER domains_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON domains
  FOR EACH STATEMENT EXECUTE FUNCTION notify_site_cache();
--> statement-breakpoint
CREATE TRIGGER menus_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON menus
  FOR EACH STATEMENT EXECUTE FUNCTION notify_site_cache();
--> statement-breakpoint
CREATE TRIGGER pages_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON pages
  FOR EACH STATEMENT EXECUTE FUNCTION notify_site_cache();
--> statement-breakpoint
CREATE TRIGGER texts_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON texts
  FOR EACH STATEMENT EXECUTE FUNCTION notify_site_cache();
