CREATE TABLE "designer_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"show_prizes" boolean DEFAULT false NOT NULL,
	"show_products" boolean DEFAULT false NOT NULL,
	"show_resume" boolean DEFAULT false NOT NULL,
	"show_donations" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"posting_id" integer NOT NULL,
	"resume_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'applied' NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_postings" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"company" text NOT NULL,
	"company_en" text DEFAULT '' NOT NULL,
	"company_type" text NOT NULL,
	"worker_num" text NOT NULL,
	"logo_id" integer,
	"contact" text DEFAULT '' NOT NULL,
	"title" text NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"occupation" text NOT NULL,
	"duties" text DEFAULT '' NOT NULL,
	"duties_en" text DEFAULT '' NOT NULL,
	"region" text NOT NULL,
	"education" text NOT NULL,
	"career" text NOT NULL,
	"salary" bigint DEFAULT 0 NOT NULL,
	"salary_type" text NOT NULL,
	"employ_type" text NOT NULL,
	"holiday_type" text NOT NULL,
	"work_hour" text NOT NULL,
	"welfare" text DEFAULT '' NOT NULL,
	"preferences" text DEFAULT '' NOT NULL,
	"severance" boolean DEFAULT true NOT NULL,
	"insurance" text[] DEFAULT '{}'::text[] NOT NULL,
	"apply_method" text NOT NULL,
	"papers" text DEFAULT '' NOT NULL,
	"hire_count" integer DEFAULT 1 NOT NULL,
	"close_on" date NOT NULL,
	"status" text DEFAULT 'recruiting' NOT NULL,
	"application_count" integer DEFAULT 0 NOT NULL,
	"reminded_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resumes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"gender" text NOT NULL,
	"occupation" text NOT NULL,
	"region" text NOT NULL,
	"career" text NOT NULL,
	"education" text NOT NULL,
	"employ_type" text NOT NULL,
	"portfolio_url" text DEFAULT '' NOT NULL,
	"introduction" text DEFAULT '' NOT NULL,
	"introduction_en" text DEFAULT '' NOT NULL,
	"desired_pay" bigint DEFAULT 0 NOT NULL,
	"desired_pay_type" text DEFAULT 'Y' NOT NULL,
	"photo_id" integer,
	"status" text DEFAULT 'looking' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "share_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"share_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"contact" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'applied' NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shares" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"talent" text NOT NULL,
	"talent_en" text DEFAULT '' NOT NULL,
	"field" text NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"times" text DEFAULT '' NOT NULL,
	"target" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"image_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"institution" text DEFAULT '' NOT NULL,
	"region" text NOT NULL,
	"approved_number" integer NOT NULL,
	"accepted_count" integer DEFAULT 0 NOT NULL,
	"application_count" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'inactive' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "designer_profiles" ADD CONSTRAINT "designer_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_posting_id_job_postings_id_fk" FOREIGN KEY ("posting_id") REFERENCES "public"."job_postings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_resume_id_resumes_id_fk" FOREIGN KEY ("resume_id") REFERENCES "public"."resumes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_postings" ADD CONSTRAINT "job_postings_company_id_users_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_postings" ADD CONSTRAINT "job_postings_logo_id_files_id_fk" FOREIGN KEY ("logo_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resumes" ADD CONSTRAINT "resumes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resumes" ADD CONSTRAINT "resumes_photo_id_files_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_applications" ADD CONSTRAINT "share_applications_share_id_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_applications" ADD CONSTRAINT "share_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_applications_once_idx" ON "job_applications" USING btree ("posting_id","resume_id");--> statement-breakpoint
CREATE INDEX "job_applications_posting_idx" ON "job_applications" USING btree ("posting_id","id");--> statement-breakpoint
CREATE INDEX "job_applications_user_idx" ON "job_applications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "job_applications_resume_idx" ON "job_applications" USING btree ("resume_id");--> statement-breakpoint
CREATE INDEX "job_postings_list_idx" ON "job_postings" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "job_postings_region_idx" ON "job_postings" USING btree ("status","region","id");--> statement-breakpoint
CREATE INDEX "job_postings_occupation_idx" ON "job_postings" USING btree ("status","occupation","id");--> statement-breakpoint
CREATE INDEX "job_postings_career_idx" ON "job_postings" USING btree ("status","career","id");--> statement-breakpoint
CREATE INDEX "job_postings_type_idx" ON "job_postings" USING btree ("status","employ_type","id");--> statement-breakpoint
CREATE INDEX "job_postings_close_idx" ON "job_postings" USING btree ("status","close_on");--> statement-breakpoint
CREATE INDEX "job_postings_company_idx" ON "job_postings" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "resumes_user_idx" ON "resumes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "resumes_list_idx" ON "resumes" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "resumes_region_idx" ON "resumes" USING btree ("status","region","id");--> statement-breakpoint
CREATE INDEX "resumes_occupation_idx" ON "resumes" USING btree ("status","occupation","id");--> statement-breakpoint
CREATE INDEX "resumes_career_idx" ON "resumes" USING btree ("status","career","id");--> statement-breakpoint
CREATE INDEX "resumes_type_idx" ON "resumes" USING btree ("status","employ_type","id");--> statement-breakpoint
CREATE UNIQUE INDEX "share_applications_once_idx" ON "share_applications" USING btree ("share_id","user_id") WHERE "share_applications"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "share_applications_share_idx" ON "share_applications" USING btree ("share_id","id");--> statement-breakpoint
CREATE INDEX "share_applications_user_idx" ON "share_applications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "shares_list_idx" ON "shares" USING btree ("type","status","id");--> statement-breakpoint
CREATE INDEX "shares_region_idx" ON "shares" USING btree ("type","region","id");--> statement-breakpoint
CREATE INDEX "shares_field_idx" ON "shares" USING btree ("type","field","id");--> statement-breakpoint
CREATE INDEX "shares_user_idx" ON "shares" USING btree ("user_id","id");