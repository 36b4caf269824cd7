CREATE TABLE "award_results" (
	"award_id" integer PRIMARY KEY NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" integer
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"serial" text NOT NULL,
	"kind" text NOT NULL,
	"award_id" integer NOT NULL,
	"holder_id" integer NOT NULL,
	"entry_id" integer,
	"judge_id" integer,
	"rank" text,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "contest_counsels" (
	"id" serial PRIMARY KEY NOT NULL,
	"contest_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"opinion" text NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"answered_by" integer,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contest_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"contest_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"thumbnail_id" integer,
	"reference_id" integer,
	"attachment_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"host_comment" text DEFAULT '' NOT NULL,
	"rank" text,
	"place" integer,
	"withdrawn_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contest_payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"contest_id" integer NOT NULL,
	"entry_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"place" integer NOT NULL,
	"prize" integer NOT NULL,
	"tax" integer NOT NULL,
	"net" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contest_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"contest_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contests" (
	"id" serial PRIMARY KEY NOT NULL,
	"host_id" integer NOT NULL,
	"field" text NOT NULL,
	"sub_field" text DEFAULT '' NOT NULL,
	"detail_items" text DEFAULT '' NOT NULL,
	"title" text NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"company_en" text DEFAULT '' NOT NULL,
	"contact_email" text DEFAULT '' NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"summary_en" text DEFAULT '' NOT NULL,
	"request" text DEFAULT '' NOT NULL,
	"request_en" text DEFAULT '' NOT NULL,
	"commercial" boolean DEFAULT false NOT NULL,
	"logo_style" text,
	"website_style" text,
	"reference_sites" text DEFAULT '' NOT NULL,
	"reference_urls" text[] DEFAULT '{}'::text[] NOT NULL,
	"sns" text DEFAULT '' NOT NULL,
	"preferred_color" text DEFAULT '' NOT NULL,
	"style" text DEFAULT '' NOT NULL,
	"languages" text[] NOT NULL,
	"entry_restriction" text DEFAULT 'any' NOT NULL,
	"open_at" timestamp with time zone NOT NULL,
	"close_at" timestamp with time zone NOT NULL,
	"result_at" timestamp with time zone NOT NULL,
	"prize1" integer NOT NULL,
	"prize2" integer DEFAULT 0 NOT NULL,
	"prize3" integer DEFAULT 0 NOT NULL,
	"extend_count" integer DEFAULT 0 NOT NULL,
	"public" boolean DEFAULT true NOT NULL,
	"approval" text DEFAULT 'unpaid' NOT NULL,
	"reject_reason" text DEFAULT '' NOT NULL,
	"decided_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "criteria" (
	"id" serial PRIMARY KEY NOT NULL,
	"award_id" integer NOT NULL,
	"round" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"weight" integer DEFAULT 1 NOT NULL,
	"scale" integer DEFAULT 10 NOT NULL,
	"kind" text DEFAULT 'score' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "panel_judges" (
	"id" serial PRIMARY KEY NOT NULL,
	"award_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"affiliation" text DEFAULT '' NOT NULL,
	"position" text DEFAULT '' NOT NULL,
	"classification" text DEFAULT '' NOT NULL,
	"start_on" timestamp with time zone,
	"finish_on" timestamp with time zone,
	"excluded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pool_categories" (
	"pool_id" integer NOT NULL,
	"category" integer NOT NULL,
	CONSTRAINT "pool_categories_pool_id_category_pk" PRIMARY KEY("pool_id","category")
);
--> statement-breakpoint
CREATE TABLE "pool_judges" (
	"pool_id" integer NOT NULL,
	"judge_id" integer NOT NULL,
	"categories" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"reminded_at" timestamp with time zone,
	CONSTRAINT "pool_judges_pool_id_judge_id_pk" PRIMARY KEY("pool_id","judge_id")
);
--> statement-breakpoint
CREATE TABLE "score_receipts" (
	"judge_id" integer NOT NULL,
	"key" text NOT NULL,
	"score_id" integer NOT NULL,
	"version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "score_receipts_judge_id_key_pk" PRIMARY KEY("judge_id","key")
);
--> statement-breakpoint
CREATE TABLE "scores" (
	"id" serial PRIMARY KEY NOT NULL,
	"pool_id" integer NOT NULL,
	"entry_id" integer NOT NULL,
	"judge_id" integer NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"total" integer,
	"comment" text DEFAULT '' NOT NULL,
	"abstained" boolean DEFAULT false NOT NULL,
	"abstain_reason" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "award_results" ADD CONSTRAINT "award_results_award_id_awards_id_fk" FOREIGN KEY ("award_id") REFERENCES "public"."awards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "award_results" ADD CONSTRAINT "award_results_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_award_id_awards_id_fk" FOREIGN KEY ("award_id") REFERENCES "public"."awards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_holder_id_users_id_fk" FOREIGN KEY ("holder_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_judge_id_panel_judges_id_fk" FOREIGN KEY ("judge_id") REFERENCES "public"."panel_judges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_counsels" ADD CONSTRAINT "contest_counsels_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_counsels" ADD CONSTRAINT "contest_counsels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_counsels" ADD CONSTRAINT "contest_counsels_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_entries" ADD CONSTRAINT "contest_entries_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_entries" ADD CONSTRAINT "contest_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_entries" ADD CONSTRAINT "contest_entries_thumbnail_id_files_id_fk" FOREIGN KEY ("thumbnail_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_entries" ADD CONSTRAINT "contest_entries_reference_id_files_id_fk" FOREIGN KEY ("reference_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_payouts" ADD CONSTRAINT "contest_payouts_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_payouts" ADD CONSTRAINT "contest_payouts_entry_id_contest_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."contest_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_payouts" ADD CONSTRAINT "contest_payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_refunds" ADD CONSTRAINT "contest_refunds_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_refunds" ADD CONSTRAINT "contest_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_refunds" ADD CONSTRAINT "contest_refunds_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "criteria" ADD CONSTRAINT "criteria_award_id_awards_id_fk" FOREIGN KEY ("award_id") REFERENCES "public"."awards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "panel_judges" ADD CONSTRAINT "panel_judges_award_id_awards_id_fk" FOREIGN KEY ("award_id") REFERENCES "public"."awards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "panel_judges" ADD CONSTRAINT "panel_judges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_categories" ADD CONSTRAINT "pool_categories_pool_id_award_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."award_pools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_judges" ADD CONSTRAINT "pool_judges_pool_id_award_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."award_pools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_judges" ADD CONSTRAINT "pool_judges_judge_id_panel_judges_id_fk" FOREIGN KEY ("judge_id") REFERENCES "public"."panel_judges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_receipts" ADD CONSTRAINT "score_receipts_judge_id_panel_judges_id_fk" FOREIGN KEY ("judge_id") REFERENCES "public"."panel_judges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_receipts" ADD CONSTRAINT "score_receipts_score_id_scores_id_fk" FOREIGN KEY ("score_id") REFERENCES "public"."scores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scores" ADD CONSTRAINT "scores_pool_id_award_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."award_pools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scores" ADD CONSTRAINT "scores_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scores" ADD CONSTRAINT "scores_judge_id_panel_judges_id_fk" FOREIGN KEY ("judge_id") REFERENCES "public"."panel_judges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_serial_idx" ON "certificates" USING btree ("serial");--> statement-breakpoint
CREATE INDEX "certificates_holder_idx" ON "certificates" USING btree ("holder_id","issued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_entry_live_idx" ON "certificates" USING btree ("entry_id") WHERE "certificates"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "contest_counsels_contest_idx" ON "contest_counsels" USING btree ("contest_id","id");--> statement-breakpoint
CREATE INDEX "contest_entries_contest_idx" ON "contest_entries" USING btree ("contest_id","status","id");--> statement-breakpoint
CREATE INDEX "contest_entries_user_idx" ON "contest_entries" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "contest_entries_member_idx" ON "contest_entries" USING btree ("contest_id","user_id") WHERE "contest_entries"."status" = 'submitted';--> statement-breakpoint
CREATE UNIQUE INDEX "contest_entries_place_idx" ON "contest_entries" USING btree ("contest_id","place") WHERE "contest_entries"."place" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "contest_payouts_entry_idx" ON "contest_payouts" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "contest_payouts_user_idx" ON "contest_payouts" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "contest_payouts_contest_idx" ON "contest_payouts" USING btree ("contest_id","place");--> statement-breakpoint
CREATE UNIQUE INDEX "contest_refunds_contest_idx" ON "contest_refunds" USING btree ("contest_id");--> statement-breakpoint
CREATE INDEX "contests_list_idx" ON "contests" USING btree ("approval","id");--> statement-breakpoint
CREATE INDEX "contests_host_idx" ON "contests" USING btree ("host_id","id");--> statement-breakpoint
CREATE INDEX "contests_close_idx" ON "contests" USING btree ("approval","close_at");--> statement-breakpoint
CREATE INDEX "criteria_award_round_idx" ON "criteria" USING btree ("award_id","round","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "panel_judges_award_user_idx" ON "panel_judges" USING btree ("award_id","user_id");--> statement-breakpoint
CREATE INDEX "panel_judges_user_idx" ON "panel_judges" USING btree ("user_id","award_id");--> statement-breakpoint
CREATE INDEX "pool_judges_judge_idx" ON "pool_judges" USING btree ("judge_id");--> statement-breakpoint
CREATE UNIQUE INDEX "scores_pool_entry_judge_idx" ON "scores" USING btree ("pool_id","entry_id","judge_id");--> statement-breakpoint
CREATE INDEX "scores_pool_judge_idx" ON "scores" USING btree ("pool_id","judge_id");