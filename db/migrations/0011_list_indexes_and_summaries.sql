CREATE TABLE "award_entry_stats" (
	"award_id" integer NOT NULL,
	"category" integer NOT NULL,
	"status" text NOT NULL,
	"exhibitor_type" text NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL,
	"fees" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "award_entry_stats_award_id_category_status_exhibitor_type_pk" PRIMARY KEY("award_id","category","status","exhibitor_type")
);
--> statement-breakpoint
CREATE TABLE "award_payment_stats" (
	"award_id" integer NOT NULL,
	"status" text NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "award_payment_stats_award_id_status_pk" PRIMARY KEY("award_id","status")
);
--> statement-breakpoint
CREATE TABLE "user_role_counts" (
	"role_code" text NOT NULL,
	"approved" boolean NOT NULL,
	"rejected" boolean NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "user_role_counts_role_code_approved_rejected_pk" PRIMARY KEY("role_code","approved","rejected")
);
--> statement-breakpoint
DROP INDEX "entries_award_status_idx";--> statement-breakpoint
CREATE INDEX "entries_award_id_idx" ON "entries" USING btree ("award_id","id");--> statement-breakpoint
CREATE INDEX "membership_changes_user_created_idx" ON "membership_changes" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "membership_changes_waiting_idx" ON "membership_changes" USING btree ("user_id") WHERE "membership_changes"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payments_status_created_idx" ON "payments" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "user_roles_role_idx" ON "user_roles" USING btree ("role_code","user_id");--> statement-breakpoint
CREATE INDEX "user_roles_undecided_idx" ON "user_roles" USING btree ("user_id") WHERE not "user_roles"."approved" and not "user_roles"."rejected";--> statement-breakpoint
CREATE INDEX "user_roles_rejected_idx" ON "user_roles" USING btree ("user_id") WHERE "user_roles"."rejected";--> statement-breakpoint
CREATE INDEX "users_live_created_idx" ON "users" USING btree ("created_at","id") WHERE "users"."withdrawn_at" is null;--> statement-breakpoint
CREATE INDEX "entries_award_status_idx" ON "entries" USING btree ("award_id","status","id");