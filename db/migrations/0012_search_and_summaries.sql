-- Issue 22: search through pg_trgm, and the summaries of the statistics pages and role counts kept in the
-- transaction of every change by statement triggers (transition tables: one upsert per statement, so a
-- bulk change costs one grouped write, not one per row). TRUNCATE empties the summaries with their tables.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- The search expressions of domain/common/search.ts (SEARCH_EXPRESSIONS), character for character.
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin (("name" || ' ' || "name_en" || ' ' || "username" || ' ' || "email") gin_trgm_ops) WHERE "withdrawn_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "entries_search_trgm_idx" ON "entries" USING gin (("title" || ' ' || "title_en" || ' ' || "designer_name" || ' ' || "designer_name_en" || ' ' || "company") gin_trgm_ops);
--> statement-breakpoint
CREATE FUNCTION award_entry_stats_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO award_entry_stats AS s (award_id, category, status, exhibitor_type, entries, fees)
    SELECT award_id, category, status, exhibitor_type, count(*), coalesce(sum(fee), 0) FROM new_rows
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (award_id, category, status, exhibitor_type)
    DO UPDATE SET entries = s.entries + excluded.entries, fees = s.fees + excluded.fees;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO award_entry_stats AS s (award_id, category, status, exhibitor_type, entries, fees)
    SELECT award_id, category, status, exhibitor_type, -count(*), -coalesce(sum(fee), 0) FROM old_rows
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (award_id, category, status, exhibitor_type)
    DO UPDATE SET entries = s.entries + excluded.entries, fees = s.fees + excluded.fees;
  ELSE
    INSERT INTO award_entry_stats AS s (award_id, category, status, exhibitor_type, entries, fees)
    SELECT award_id, category, status, exhibitor_type, sum(n), sum(fee) FROM (
      SELECT award_id, category, status, exhibitor_type, -1 AS n, -fee::bigint AS fee FROM old_rows
      UNION ALL
      SELECT award_id, category, status, exhibitor_type, 1, fee::bigint FROM new_rows
    ) d
    GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 OR sum(fee) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (award_id, category, status, exhibitor_type)
    DO UPDATE SET entries = s.entries + excluded.entries, fees = s.fees + excluded.fees;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER award_entry_stats_insert AFTER INSERT ON entries REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION award_entry_stats_apply();
--> statement-breakpoint
CREATE TRIGGER award_entry_stats_update AFTER UPDATE ON entries REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION award_entry_stats_apply();
--> statement-breakpoint
CREATE TRIGGER award_entry_stats_delete AFTER DELETE ON entries REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION award_entry_stats_apply();
--> statement-breakpoint
-- Payments count for the award of the entry they pay (target_type 'award_entry').
CREATE FUNCTION award_payment_stats_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO award_payment_stats AS s (award_id, status, payments, amount)
    SELECT e.award_id, p.status, count(*), coalesce(sum(p.amount), 0) FROM new_rows p
    JOIN entries e ON p.target_type = 'award_entry' AND e.id = p.target_id
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (award_id, status) DO UPDATE SET payments = s.payments + excluded.payments, amount = s.amount + excluded.amount;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO award_payment_stats AS s (award_id, status, payments, amount)
    SELECT e.award_id, p.status, -count(*), -coalesce(sum(p.amount), 0) FROM old_rows p
    JOIN entries e ON p.target_type = 'award_entry' AND e.id = p.target_id
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (award_id, status) DO UPDATE SET payments = s.payments + excluded.payments, amount = s.amount + excluded.amount;
  ELSE
    INSERT INTO award_payment_stats AS s (award_id, status, payments, amount)
    SELECT e.award_id, d.status, sum(d.n), sum(d.amount) FROM (
      SELECT target_type, target_id, status, -1 AS n, -amount::bigint AS amount FROM old_rows
      UNION ALL
      SELECT target_type, target_id, status, 1, amount::bigint FROM new_rows
    ) d
    JOIN entries e ON d.target_type = 'award_entry' AND e.id = d.target_id
    GROUP BY 1, 2 HAVING sum(d.n) <> 0 OR sum(d.amount) <> 0 ORDER BY 1, 2
    ON CONFLICT (award_id, status) DO UPDATE SET payments = s.payments + excluded.payments, amount = s.amount + excluded.amount;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER award_payment_stats_insert AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION award_payment_stats_apply();
--> statement-breakpoint
CREATE TRIGGER award_payment_stats_update AFTER UPDATE ON payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION award_payment_stats_apply();
--> statement-breakpoint
CREATE TRIGGER award_payment_stats_delete AFTER DELETE ON payments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION award_payment_stats_apply();
--> statement-breakpoint
-- Role counts: a user_roles row counts while its member is live (not withdrawn). Members are never deleted
-- (withdrawal erases them in place), so a withdrawal or its reversal is an update of users.
CREATE FUNCTION user_role_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    INSERT INTO user_role_counts AS c (role_code, approved, rejected, members)
    SELECT r.role_code, r.approved, r.rejected, sum(CASE WHEN n.withdrawn_at IS NULL THEN 1 ELSE -1 END)
    FROM old_rows o JOIN new_rows n ON n.id = o.id AND (o.withdrawn_at IS NULL) <> (n.withdrawn_at IS NULL)
    JOIN user_roles r ON r.user_id = n.id
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (role_code, approved, rejected) DO UPDATE SET members = c.members + excluded.members;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO user_role_counts AS c (role_code, approved, rejected, members)
    SELECT r.role_code, r.approved, r.rejected, count(*) FROM new_rows r
    JOIN users u ON u.id = r.user_id AND u.withdrawn_at IS NULL
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (role_code, approved, rejected) DO UPDATE SET members = c.members + excluded.members;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO user_role_counts AS c (role_code, approved, rejected, members)
    SELECT r.role_code, r.approved, r.rejected, -count(*) FROM old_rows r
    JOIN users u ON u.id = r.user_id AND u.withdrawn_at IS NULL
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (role_code, approved, rejected) DO UPDATE SET members = c.members + excluded.members;
  ELSE
    INSERT INTO user_role_counts AS c (role_code, approved, rejected, members)
    SELECT d.role_code, d.approved, d.rejected, sum(d.n) FROM (
      SELECT user_id, role_code, approved, rejected, -1 AS n FROM old_rows
      UNION ALL
      SELECT user_id, role_code, approved, rejected, 1 FROM new_rows
    ) d
    JOIN users u ON u.id = d.user_id AND u.withdrawn_at IS NULL
    GROUP BY 1, 2, 3 HAVING sum(d.n) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (role_code, approved, rejected) DO UPDATE SET members = c.members + excluded.members;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_role_counts_insert AFTER INSERT ON user_roles REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_role_counts_apply();
--> statement-breakpoint
CREATE TRIGGER user_role_counts_update AFTER UPDATE ON user_roles REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_role_counts_apply();
--> statement-breakpoint
CREATE TRIGGER user_role_counts_delete AFTER DELETE ON user_roles REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION user_role_counts_apply();
--> statement-breakpoint
CREATE TRIGGER user_role_counts_withdraw AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_role_counts_apply();
--> statement-breakpoint
CREATE FUNCTION summaries_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'entries' THEN
    DELETE FROM award_entry_stats;
    DELETE FROM award_payment_stats;
  ELSIF TG_TABLE_NAME = 'payments' THEN
    DELETE FROM award_payment_stats;
  ELSE
    DELETE FROM user_role_counts;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER summaries_truncate AFTER TRUNCATE ON entries FOR EACH STATEMENT EXECUTE FUNCTION summaries_truncate();
--> statement-breakpoint
CREATE TRIGGER summaries_truncate AFTER TRUNCATE ON payments FOR EACH STATEMENT EXECUTE FUNCTION summaries_truncate();
--> statement-breakpoint
CREATE TRIGGER summaries_truncate AFTER TRUNCATE ON user_roles FOR EACH STATEMENT EXECUTE FUNCTION summaries_truncate();
--> statement-breakpoint
-- What is there already.
INSERT INTO award_entry_stats (award_id, category, status, exhibitor_type, entries, fees)
SELECT award_id, category, status, exhibitor_type, count(*), coalesce(sum(fee), 0) FROM entries GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO award_payment_stats (award_id, status, payments, amount)
SELECT e.award_id, p.status, count(*), coalesce(sum(p.amount), 0) FROM payments p
JOIN entries e ON p.target_type = 'award_entry' AND e.id = p.target_id GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO user_role_counts (role_code, approved, rejected, members)
SELECT r.role_code, r.approved, r.rejected, count(*) FROM user_roles r
JOIN users u ON u.id = r.user_id AND u.withdrawn_at IS NULL GROUP BY 1, 2, 3;
