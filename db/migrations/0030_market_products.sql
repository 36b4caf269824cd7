CREATE TABLE "market_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL,
	"type" text NOT NULL,
	"category" text NOT NULL,
	"title" text NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"summary_en" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"thumbnail_id" integer,
	"image_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"ip_file_id" integer,
	"rights_number" text DEFAULT '' NOT NULL,
	"application_date" date,
	"price" bigint NOT NULL,
	"award_flag" boolean DEFAULT false NOT NULL,
	"entry_id" integer,
	"request_count" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"reject_reason" text DEFAULT '' NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"sold_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"buyer_id" integer NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"contact" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"forwarded_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "market_products" ADD CONSTRAINT "market_products_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_products" ADD CONSTRAINT "market_products_thumbnail_id_files_id_fk" FOREIGN KEY ("thumbnail_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_products" ADD CONSTRAINT "market_products_ip_file_id_files_id_fk" FOREIGN KEY ("ip_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_products" ADD CONSTRAINT "market_products_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_products" ADD CONSTRAINT "market_products_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_requests" ADD CONSTRAINT "market_requests_product_id_market_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."market_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_requests" ADD CONSTRAINT "market_requests_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "market_products_list_idx" ON "market_products" USING btree ("type","status","id");--> statement-breakpoint
CREATE INDEX "market_products_price_idx" ON "market_products" USING btree ("type","status","price","id");--> statement-breakpoint
CREATE INDEX "market_products_category_idx" ON "market_products" USING btree ("type","status","category","id");--> statement-breakpoint
CREATE INDEX "market_products_award_idx" ON "market_products" USING btree ("type","status","id") WHERE "market_products"."award_flag";--> statement-breakpoint
CREATE INDEX "market_products_seller_idx" ON "market_products" USING btree ("seller_id","id");--> statement-breakpoint
CREATE INDEX "market_products_queue_idx" ON "market_products" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "market_products_entry_idx" ON "market_products" USING btree ("entry_id") WHERE "market_products"."entry_id" is not null;--> statement-breakpoint
CREATE INDEX "market_requests_product_idx" ON "market_requests" USING btree ("product_id","status","id");--> statement-breakpoint
CREATE INDEX "market_requests_buyer_idx" ON "market_requests" USING btree ("buyer_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "market_requests_winner_idx" ON "market_requests" USING btree ("product_id") WHERE "market_requests"."status" in ('on_going', 'finished');--> statement-breakpoint
CREATE UNIQUE INDEX "market_requests_open_idx" ON "market_requests" USING btree ("product_id","buyer_id") WHERE "market_requests"."status" in ('requested', 'on_going');