CREATE TABLE "blog_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"name" text NOT NULL,
	"seconds" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blog_events_name" CHECK ("blog_events"."name" in ('page_view', 'reading_time', 'share')),
	CONSTRAINT "blog_events_seconds" CHECK ("blog_events"."seconds" is null or "blog_events"."seconds" > 0)
);
--> statement-breakpoint
CREATE TABLE "blog_images" (
	"hash" text NOT NULL,
	"variant" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blog_images_hash_variant_pk" PRIMARY KEY("hash","variant")
);
--> statement-breakpoint
CREATE TABLE "blog_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"markdown" text NOT NULL,
	"content" text NOT NULL,
	"author" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"image_hash" text,
	"image_alt" text DEFAULT '' NOT NULL,
	"reading_minutes" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blog_posts_slug_unique" UNIQUE("slug"),
	CONSTRAINT "blog_posts_reading_minutes_positive" CHECK ("blog_posts"."reading_minutes" > 0)
);
--> statement-breakpoint
ALTER TABLE "blog_events" ADD CONSTRAINT "blog_events_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blog_events_post_idx" ON "blog_events" USING btree ("post_id","name","created_at");--> statement-breakpoint
CREATE INDEX "blog_posts_list_idx" ON "blog_posts" USING btree ("published_at" DESC NULLS FIRST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "blog_posts"."published";--> statement-breakpoint
CREATE INDEX "blog_posts_tags_idx" ON "blog_posts" USING gin ("tags");