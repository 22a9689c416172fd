DROP INDEX "books_explore_idx";--> statement-breakpoint
CREATE INDEX "books_explore_date_idx" ON "books" USING btree ("category","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "books"."is_published";--> statement-breakpoint
CREATE INDEX "books_explore_author_idx" ON "books" USING btree ("category","author_folded","title","id") WHERE "books"."is_published";--> statement-breakpoint
CREATE INDEX "books_explore_pages_idx" ON "books" USING btree ("category","total_pages" DESC NULLS FIRST,"title","id") WHERE "books"."is_published";