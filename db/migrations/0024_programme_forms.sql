ALTER TABLE "programmes" ALTER COLUMN "public_list" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "programmes" ALTER COLUMN "public_list" SET DATA TYPE boolean USING "public_list" <> 0;--> statement-breakpoint
ALTER TABLE "programmes" ALTER COLUMN "public_list" SET DEFAULT false;
