CREATE TABLE "external_contests" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"organiser" text NOT NULL,
	"organiser_en" text DEFAULT '' NOT NULL,
	"link" text NOT NULL,
	"start_on" date NOT NULL,
	"end_on" date NOT NULL,
	"prize" text DEFAULT '' NOT NULL,
	"prize_en" text DEFAULT '' NOT NULL,
	"poster_id" integer,
	"published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "external_contests" ADD CONSTRAINT "external_contests_poster_id_files_id_fk" FOREIGN KEY ("poster_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "external_contests_list_idx" ON "external_contests" USING btree ("published","end_on","id");