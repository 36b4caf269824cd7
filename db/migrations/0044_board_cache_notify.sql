-- Pages show the boards live (the home pages' latest notices and upcoming events, builder pages' lists;
-- issue 13 §5): a post written, moved, hidden, deleted, approved or retitled, or any change to the events
-- schedule, tells every instance to drop its cached pages (channel site_cache, as in 0001). A view counted
-- or a password tried changes nothing shown and notifies nothing.
CREATE TRIGGER posts_cache_notify AFTER INSERT OR DELETE OR TRUNCATE ON posts
  FOR EACH STATEMENT EXECUTE FUNCTION notify_site_cache();
--> statement-breakpoint
CREATE TRIGGER posts_cache_notify_update AFTER UPDATE ON posts
  FOR EACH ROW WHEN (
    OLD.title IS DISTINCT FROM NEW.title OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.approval IS DISTINCT FROM NEW.approval OR OLD.board_id IS DISTINCT FROM NEW.board_id
    OR OLD.secret IS DISTINCT FROM NEW.secret OR OLD.post_from IS DISTINCT FROM NEW.post_from
    OR OLD.post_to IS DISTINCT FROM NEW.post_to OR OLD.pinned IS DISTINCT FROM NEW.pinned
    OR OLD.parent_id IS DISTINCT FROM NEW.parent_id
  )
  EXECUTE FUNCTION notify_site_cache();
--> statement-breakpoint
CREATE TRIGGER schedule_events_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON schedule_events
  FOR EACH STATEMENT EXECUTE FUNCTION notify_site_cache();
