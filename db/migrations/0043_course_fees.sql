ALTER TABLE "applications" ADD COLUMN "fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "pay_due" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "applications_pay_due_idx" ON "applications" USING btree ("pay_due") WHERE "applications"."paid_at" is null and "applications"."pay_due" is not null;