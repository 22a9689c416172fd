DROP INDEX "books_title_prefix_idx";--> statement-breakpoint
DROP INDEX "books_author_prefix_idx";--> statement-breakpoint
DROP INDEX "books_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lisons_fold(title || ' ' || author)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "title_folded" text GENERATED ALWAYS AS (lisons_fold(title)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "author_folded" text GENERATED ALWAYS AS (lisons_fold(author)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "books_search_trgm_idx" ON "books" USING gin ("search_text" gin_trgm_ops);