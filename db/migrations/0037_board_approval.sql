ALTER TABLE "boards" ADD COLUMN "approval_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "approval" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "reject_reason" text DEFAULT '' NOT NULL;