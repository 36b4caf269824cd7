ALTER TABLE "boards" ADD COLUMN "form_id" integer;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "form_id" integer;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "form_version" integer;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "answers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "boards" ADD CONSTRAINT "boards_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE set null ON UPDATE no action;