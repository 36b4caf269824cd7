-- Content blocks and site layouts show on public pages: a change drops every instance's caches (0001).
CREATE TRIGGER content_blocks_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON content_blocks
  FOR EACH STATEMENT EXECUTE FUNCTION notify_site_cache();
--> statement-breakpoint
CREATE TRIGGER site_layouts_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON site_layouts
  FOR EACH STATEMENT EXECUTE FUNCTION notify_site_cache();
