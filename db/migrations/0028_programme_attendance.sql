ALTER TABLE "applications" ADD COLUMN "attended" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "completed_at" timestamp with time zone;