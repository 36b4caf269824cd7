-- Custom SQL migration file, put your code below! ---- The award entry wizard moves onto the wizard-draft kit: a new entry's draft belongs to its award
-- (kind award_entry), an edit's draft to the entry (kind award_entry_edit).
INSERT INTO "wizard_drafts" ("user_id", "kind", "ref", "data", "step", "updated_at")
SELECT "user_id",
       CASE WHEN "entry_id" = 0 THEN 'award_entry' ELSE 'award_entry_edit' END,
       CASE WHEN "entry_id" = 0 THEN "award_id" ELSE "entry_id" END,
       "data", "step", "updated_at"
FROM "entry_drafts"
ON CONFLICT ("user_id", "kind", "ref") DO NOTHING;
