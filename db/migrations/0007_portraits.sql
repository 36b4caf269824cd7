ALTER TABLE "users" ADD COLUMN "portrait_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "signature_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_portrait_id_files_id_fk" FOREIGN KEY ("portrait_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_signature_id_files_id_fk" FOREIGN KEY ("signature_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;