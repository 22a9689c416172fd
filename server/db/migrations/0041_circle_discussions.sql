DROP INDEX "segment_posts_threads_idx";--> statement-breakpoint
DROP INDEX "segment_posts_counts_idx";--> statement-breakpoint
ALTER TABLE "segment_posts" ADD COLUMN "circle_id" uuid;--> statement-breakpoint
ALTER TABLE "segment_posts" ADD CONSTRAINT "segment_posts_circle_id_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."circles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "segment_posts_circle_threads_idx" ON "segment_posts" USING btree ("circle_id","segment","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "segment_posts"."parent_id" is null and "segment_posts"."circle_id" is not null;--> statement-breakpoint
CREATE INDEX "segment_posts_circle_counts_idx" ON "segment_posts" USING btree ("circle_id","segment","author_id") WHERE "segment_posts"."removed_at" is null and "segment_posts"."circle_id" is not null;--> statement-breakpoint
CREATE INDEX "segment_posts_threads_idx" ON "segment_posts" USING btree ("book_id","segment","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "segment_posts"."parent_id" is null and "segment_posts"."circle_id" is null;--> statement-breakpoint
CREATE INDEX "segment_posts_counts_idx" ON "segment_posts" USING btree ("book_id","segment","author_id") WHERE "segment_posts"."removed_at" is null and "segment_posts"."circle_id" is null;