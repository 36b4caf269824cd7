CREATE INDEX "posts_photo_ids_idx" ON "posts" USING gin ("photo_ids");--> statement-breakpoint
CREATE INDEX "posts_attachment_ids_idx" ON "posts" USING gin ("attachment_ids");