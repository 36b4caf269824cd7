CREATE TABLE "builder_sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer,
	"title" text NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"nodes" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_block_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"block_id" integer NOT NULL,
	"title" text NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"body_en" text DEFAULT '' NOT NULL,
	"changed_by" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_blocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"title" text NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"body_en" text DEFAULT '' NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ip_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"cidr" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"page_id" integer NOT NULL,
	"number" integer NOT NULL,
	"status" text NOT NULL,
	"trees" jsonb NOT NULL,
	"restored_from" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" integer,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "site_layouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"locale" text NOT NULL,
	"shell" text NOT NULL,
	"notice" text DEFAULT '' NOT NULL,
	"footer_note" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "format" text DEFAULT 'html' NOT NULL;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "og_image" text;--> statement-breakpoint
ALTER TABLE "builder_sections" ADD CONSTRAINT "builder_sections_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builder_sections" ADD CONSTRAINT "builder_sections_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_block_revisions" ADD CONSTRAINT "content_block_revisions_block_id_content_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."content_blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_block_revisions" ADD CONSTRAINT "content_block_revisions_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_blocks" ADD CONSTRAINT "content_blocks_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_blocks" ADD CONSTRAINT "content_blocks_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ip_rules" ADD CONSTRAINT "ip_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_versions" ADD CONSTRAINT "page_versions_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_versions" ADD CONSTRAINT "page_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_versions" ADD CONSTRAINT "page_versions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_layouts" ADD CONSTRAINT "site_layouts_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "builder_sections_site_idx" ON "builder_sections" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "content_block_revisions_block_idx" ON "content_block_revisions" USING btree ("block_id","id");--> statement-breakpoint
CREATE INDEX "content_blocks_site_idx" ON "content_blocks" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ip_rules_kind_cidr_idx" ON "ip_rules" USING btree ("kind","cidr");--> statement-breakpoint
CREATE UNIQUE INDEX "page_versions_number_idx" ON "page_versions" USING btree ("page_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "page_versions_draft_idx" ON "page_versions" USING btree ("page_id") WHERE "page_versions"."status" = 'draft';--> statement-breakpoint
CREATE UNIQUE INDEX "page_versions_published_idx" ON "page_versions" USING btree ("page_id") WHERE "page_versions"."status" = 'published';--> statement-breakpoint
CREATE UNIQUE INDEX "site_layouts_name_idx" ON "site_layouts" USING btree ("site_id","name","locale");