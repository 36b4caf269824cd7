CREATE TABLE "award_judges" (
	"id" serial PRIMARY KEY NOT NULL,
	"award_id" integer NOT NULL,
	"name" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"affiliation" text DEFAULT '' NOT NULL,
	"affiliation_en" text DEFAULT '' NOT NULL,
	"position" text DEFAULT '' NOT NULL,
	"position_en" text DEFAULT '' NOT NULL,
	"category" integer,
	"photo_id" integer,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "award_pools" (
	"id" serial PRIMARY KEY NOT NULL,
	"award_id" integer NOT NULL,
	"kind" text NOT NULL,
	"start_at" timestamp with time zone,
	"finish_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "awards" (
	"id" serial PRIMARY KEY NOT NULL,
	"family" text NOT NULL,
	"year" integer NOT NULL,
	"title" text NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"poster_id" integer,
	"thumbnail_id" integer,
	"host" text DEFAULT '' NOT NULL,
	"host_en" text DEFAULT '' NOT NULL,
	"sponsor" text DEFAULT '' NOT NULL,
	"sponsor_en" text DEFAULT '' NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"subject_en" text DEFAULT '' NOT NULL,
	"place" text DEFAULT '' NOT NULL,
	"place_en" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"submit_from" timestamp with time zone,
	"submit_to" timestamp with time zone,
	"audit_at" timestamp with time zone,
	"pre_at" timestamp with time zone,
	"off_to" timestamp with time zone,
	"result_at" timestamp with time zone,
	"display_from" timestamp with time zone,
	"display_to" timestamp with time zone,
	"close_at" timestamp with time zone,
	"auditable" boolean DEFAULT false NOT NULL,
	"categories" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"award_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"exhibitor_type" text NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"school_type" text DEFAULT '' NOT NULL,
	"department" text DEFAULT '' NOT NULL,
	"designer_name" text NOT NULL,
	"designer_name_en" text DEFAULT '' NOT NULL,
	"designer_email" text DEFAULT '' NOT NULL,
	"designer_phone" text DEFAULT '' NOT NULL,
	"designer_affiliation" text DEFAULT '' NOT NULL,
	"sub_designers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"category" integer NOT NULL,
	"title" text NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"work_type" text NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"video_seconds" integer,
	"thumbnail_id" integer,
	"preview_id" integer,
	"detail_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"reference_id" integer,
	"attachment_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"agreed_rules_at" timestamp with time zone,
	"declared_not_prized_at" timestamp with time zone,
	"market_auto_register" boolean DEFAULT false NOT NULL,
	"commercial_image" boolean DEFAULT false NOT NULL,
	"fee" integer DEFAULT 0 NOT NULL,
	"display" boolean DEFAULT false NOT NULL,
	"rank" text,
	"nominee" boolean DEFAULT false NOT NULL,
	"submitted_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"provider" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" integer NOT NULL,
	"user_id" integer,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'ready' NOT NULL,
	"provider_tid" text,
	"approved_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"raw" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
ALTER TABLE "award_judges" ADD CONSTRAINT "award_judges_award_id_awards_id_fk" FOREIGN KEY ("award_id") REFERENCES "public"."awards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "award_judges" ADD CONSTRAINT "award_judges_photo_id_files_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "award_pools" ADD CONSTRAINT "award_pools_award_id_awards_id_fk" FOREIGN KEY ("award_id") REFERENCES "public"."awards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "awards" ADD CONSTRAINT "awards_poster_id_files_id_fk" FOREIGN KEY ("poster_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "awards" ADD CONSTRAINT "awards_thumbnail_id_files_id_fk" FOREIGN KEY ("thumbnail_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_award_id_awards_id_fk" FOREIGN KEY ("award_id") REFERENCES "public"."awards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_thumbnail_id_files_id_fk" FOREIGN KEY ("thumbnail_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_preview_id_files_id_fk" FOREIGN KEY ("preview_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_reference_id_files_id_fk" FOREIGN KEY ("reference_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "award_judges_award_idx" ON "award_judges" USING btree ("award_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "award_pools_award_kind_idx" ON "award_pools" USING btree ("award_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "awards_family_year_idx" ON "awards" USING btree ("family","year");--> statement-breakpoint
CREATE INDEX "entries_award_idx" ON "entries" USING btree ("award_id","category","id");--> statement-breakpoint
CREATE INDEX "entries_user_idx" ON "entries" USING btree ("user_id","award_id");--> statement-breakpoint
CREATE INDEX "entries_award_status_idx" ON "entries" USING btree ("award_id","status");--> statement-breakpoint
CREATE INDEX "payments_target_idx" ON "payments" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_award_id_awards_id_fk" FOREIGN KEY ("award_id") REFERENCES "public"."awards"("id") ON DELETE set null ON UPDATE no action;