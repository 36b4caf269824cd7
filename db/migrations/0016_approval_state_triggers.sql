-- users.approval_state (issue 22): the members list's state filter reads an index instead of deriving every
-- member's state. It is kept in the transaction of every change to what it derives from: a member's roles,
-- their membership changes, and whether a role needs approval. The rule is domain/member/management.ts's:
-- waiting (a role that needs approval, neither approved nor rejected, or a change awaiting a decision),
-- else rejected (a rejected role), else approved.
CREATE FUNCTION approval_state_of(uid integer) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN EXISTS (SELECT 1 FROM user_roles ur JOIN roles r ON r.code = ur.role_code
      WHERE ur.user_id = uid AND r.needs_approval AND NOT ur.approved AND NOT ur.rejected)
      OR EXISTS (SELECT 1 FROM membership_changes mc WHERE mc.user_id = uid AND mc.status = 'waiting')
    THEN 'waiting'
    WHEN EXISTS (SELECT 1 FROM user_roles ur WHERE ur.user_id = uid AND ur.rejected) THEN 'rejected'
    ELSE 'approved'
  END
$$;
--> statement-breakpoint
CREATE FUNCTION approval_state_refresh(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE users SET approval_state = approval_state_of(id)
  WHERE id = ANY(ids) AND approval_state IS DISTINCT FROM approval_state_of(id)
$$;
--> statement-breakpoint
-- For user_roles and membership_changes: the members the statement touched (one update per statement).
CREATE FUNCTION approval_state_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT user_id) INTO ids FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT user_id) INTO ids FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT user_id) INTO ids FROM (SELECT user_id FROM old_rows UNION SELECT user_id FROM new_rows) t;
  END IF;
  IF ids IS NOT NULL THEN PERFORM approval_state_refresh(ids); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A role that starts or stops needing approval changes the state of its members.
CREATE FUNCTION approval_state_roles_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids integer[];
BEGIN
  SELECT array_agg(DISTINCT ur.user_id) INTO ids FROM user_roles ur
  WHERE ur.role_code IN (SELECT n.code FROM new_rows n JOIN old_rows o ON o.code = n.code
    WHERE n.needs_approval IS DISTINCT FROM o.needs_approval);
  IF ids IS NOT NULL THEN PERFORM approval_state_refresh(ids); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER approval_state_roles_insert AFTER INSERT ON user_roles REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION approval_state_apply();
--> statement-breakpoint
CREATE TRIGGER approval_state_roles_update AFTER UPDATE ON user_roles REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION approval_state_apply();
--> statement-breakpoint
CREATE TRIGGER approval_state_roles_delete AFTER DELETE ON user_roles REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION approval_state_apply();
--> statement-breakpoint
CREATE TRIGGER approval_state_changes_insert AFTER INSERT ON membership_changes REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION approval_state_apply();
--> statement-breakpoint
CREATE TRIGGER approval_state_changes_update AFTER UPDATE ON membership_changes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION approval_state_apply();
--> statement-breakpoint
CREATE TRIGGER approval_state_changes_delete AFTER DELETE ON membership_changes REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION approval_state_apply();
--> statement-breakpoint
CREATE TRIGGER approval_state_needs_approval AFTER UPDATE ON roles REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION approval_state_roles_apply();
--> statement-breakpoint
-- The members there already.
UPDATE users SET approval_state = approval_state_of(id) WHERE approval_state IS DISTINCT FROM approval_state_of(id);
