CREATE TABLE "segment_post_bookys" (
	"post_id" uuid NOT NULL,
	"reader_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "segment_post_bookys_post_id_reader_id_pk" PRIMARY KEY("post_id","reader_id")
);
--> statement-breakpoint
CREATE TABLE "segment_post_reports" (
	"post_id" uuid NOT NULL,
	"reporter_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "segment_post_reports_post_id_reporter_id_pk" PRIMARY KEY("post_id","reporter_id")
);
--> statement-breakpoint
CREATE TABLE "segment_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"book_id" uuid NOT NULL,
	"segment" integer NOT NULL,
	"parent_id" uuid,
	"author_id" uuid NOT NULL,
	"content" text NOT NULL,
	"bookys" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	"removed_by" text,
	CONSTRAINT "segment_posts_content_length" CHECK (char_length("segment_posts"."content") between 1 and 1000),
	CONSTRAINT "segment_posts_segment_positive" CHECK ("segment_posts"."segment" >= 1),
	CONSTRAINT "segment_posts_bookys" CHECK ("segment_posts"."bookys" >= 0),
	CONSTRAINT "segment_posts_removed" CHECK (("segment_posts"."removed_at" is null) = ("segment_posts"."removed_by" is null))
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "discussion_replies" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "segment_post_bookys" ADD CONSTRAINT "segment_post_bookys_post_id_segment_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."segment_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segment_post_bookys" ADD CONSTRAINT "segment_post_bookys_reader_id_users_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segment_post_reports" ADD CONSTRAINT "segment_post_reports_post_id_segment_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."segment_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segment_post_reports" ADD CONSTRAINT "segment_post_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segment_posts" ADD CONSTRAINT "segment_posts_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segment_posts" ADD CONSTRAINT "segment_posts_parent_id_segment_posts_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."segment_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segment_posts" ADD CONSTRAINT "segment_posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "segment_post_bookys_reader_idx" ON "segment_post_bookys" USING btree ("reader_id");--> statement-breakpoint
CREATE INDEX "segment_post_reports_open_idx" ON "segment_post_reports" USING btree ("created_at") WHERE "segment_post_reports"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "segment_post_reports_reporter_idx" ON "segment_post_reports" USING btree ("reporter_id");--> statement-breakpoint
CREATE INDEX "segment_posts_threads_idx" ON "segment_posts" USING btree ("book_id","segment","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "segment_posts"."parent_id" is null;--> statement-breakpoint
CREATE INDEX "segment_posts_replies_idx" ON "segment_posts" USING btree ("parent_id","created_at","id") WHERE "segment_posts"."parent_id" is not null;--> statement-breakpoint
CREATE INDEX "segment_posts_counts_idx" ON "segment_posts" USING btree ("book_id","segment","author_id") WHERE "segment_posts"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "segment_posts_author_idx" ON "segment_posts" USING btree ("author_id");