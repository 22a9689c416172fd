DROP INDEX "books_category_created_idx";--> statement-breakpoint
CREATE INDEX "books_explore_idx" ON "books" USING btree ("category","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);