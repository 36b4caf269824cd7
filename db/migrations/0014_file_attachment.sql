ALTER TABLE "files" ADD COLUMN "attached_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "files_unattached_idx" ON "files" USING btree ("created_at") WHERE "files"."attached_at" is null;--> statement-breakpoint
-- Files stored before this migration count as attached (their records cannot be told apart here), except
-- uploads for areas that do not exist yet (boards, market, contests): nothing can hold those, so they turn
-- private and the sweep removes them.
UPDATE "files" SET "attached_at" = "created_at" WHERE "purpose" NOT IN ('board_photo', 'board_attachment', 'market_image', 'market_ip', 'contest_thumbnail', 'contest_image', 'contest_reference', 'contest_attachment');--> statement-breakpoint
UPDATE "files" SET "access" = 'owner' WHERE "attached_at" IS NULL;
