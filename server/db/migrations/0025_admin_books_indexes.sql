CREATE INDEX "books_admin_created_idx" ON "books" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "books_admin_title_idx" ON "books" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "books_admin_author_idx" ON "books" USING btree ("author_folded","title","id");--> statement-breakpoint
CREATE INDEX "books_admin_pages_idx" ON "books" USING btree ("total_pages" DESC NULLS FIRST,"title","id");