ALTER TABLE "contest_refunds" ADD COLUMN "method" text DEFAULT 'cancel' NOT NULL;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "digested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "reminded_at" timestamp with time zone;