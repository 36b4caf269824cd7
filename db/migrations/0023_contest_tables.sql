CREATE TABLE "applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"programme_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"form_id" integer,
	"form_version" integer,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"file_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"form_id" integer NOT NULL,
	"version" integer NOT NULL,
	"components" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forms" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "postal_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"zip" text NOT NULL,
	"road" text NOT NULL,
	"road_en" text DEFAULT '' NOT NULL,
	"building" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"district" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "programmes" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"summary_en" text DEFAULT '' NOT NULL,
	"notice" text DEFAULT '' NOT NULL,
	"notice_en" text DEFAULT '' NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"category_en" text DEFAULT '' NOT NULL,
	"contact" text DEFAULT '' NOT NULL,
	"teacher" text DEFAULT '' NOT NULL,
	"teacher_en" text DEFAULT '' NOT NULL,
	"teacher_profile" text DEFAULT '' NOT NULL,
	"teacher_profile_en" text DEFAULT '' NOT NULL,
	"sessions" text DEFAULT '' NOT NULL,
	"form_id" integer,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"apply_from" timestamp with time zone,
	"apply_to" timestamp with time zone,
	"business_from" timestamp with time zone,
	"business_to" timestamp with time zone,
	"capacity" integer DEFAULT 0 NOT NULL,
	"fee" integer DEFAULT 0 NOT NULL,
	"public_list" integer DEFAULT 0 NOT NULL,
	"file_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_programme_id_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."programmes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_versions" ADD CONSTRAINT "form_versions_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programmes" ADD CONSTRAINT "programmes_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_programme_idx" ON "applications" USING btree ("programme_id","id");--> statement-breakpoint
CREATE INDEX "applications_programme_status_idx" ON "applications" USING btree ("programme_id","status","id");--> statement-breakpoint
CREATE INDEX "applications_user_idx" ON "applications" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_one_live_idx" ON "applications" USING btree ("programme_id","user_id") WHERE "applications"."status" <> 'cancelled';--> statement-breakpoint
CREATE UNIQUE INDEX "form_versions_form_version_idx" ON "form_versions" USING btree ("form_id","version");--> statement-breakpoint
CREATE INDEX "forms_updated_idx" ON "forms" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "postal_addresses_zip_idx" ON "postal_addresses" USING btree ("zip");--> statement-breakpoint
CREATE INDEX "programmes_kind_idx" ON "programmes" USING btree ("kind","id");--> statement-breakpoint
CREATE INDEX "programmes_kind_apply_idx" ON "programmes" USING btree ("kind","apply_to","id");