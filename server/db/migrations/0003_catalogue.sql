CREATE TABLE "book_covers" (
	"book_id" uuid PRIMARY KEY NOT NULL,
	"webp" "bytea" NOT NULL,
	"jpeg" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "books" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"author" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"total_pages" integer NOT NULL,
	"expected_segments" integer GENERATED ALWAYS AS (greatest(1, ceil(total_pages / 30.0))::int) STORED NOT NULL,
	"cover_version" text,
	"year" integer,
	"is_published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "books_slug_unique" UNIQUE("slug"),
	CONSTRAINT "books_total_pages_positive" CHECK ("books"."total_pages" > 0)
);
--> statement-breakpoint
CREATE TABLE "reading_progress" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"book_id" uuid NOT NULL,
	"status" text DEFAULT 'to_read' NOT NULL,
	"segments_validated" integer DEFAULT 0 NOT NULL,
	"current_page" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reading_progress_user_book_unique" UNIQUE("user_id","book_id"),
	CONSTRAINT "reading_progress_counts" CHECK ("reading_progress"."segments_validated" >= 0 and "reading_progress"."current_page" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reading_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"book_id" uuid NOT NULL,
	"segment" integer NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reading_questions_book_segment_unique" UNIQUE("book_id","segment"),
	CONSTRAINT "reading_questions_segment_positive" CHECK ("reading_questions"."segment" >= 1)
);
--> statement-breakpoint
CREATE TABLE "reading_validations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"book_id" uuid NOT NULL,
	"progress_id" uuid NOT NULL,
	"segment" integer NOT NULL,
	"question_id" uuid,
	"answer" text,
	"used_joker" boolean DEFAULT false NOT NULL,
	"validated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reading_validations_user_book_segment_unique" UNIQUE("user_id","book_id","segment"),
	CONSTRAINT "reading_validations_segment_positive" CHECK ("reading_validations"."segment" >= 1)
);
--> statement-breakpoint
ALTER TABLE "book_covers" ADD CONSTRAINT "book_covers_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_progress" ADD CONSTRAINT "reading_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_progress" ADD CONSTRAINT "reading_progress_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_questions" ADD CONSTRAINT "reading_questions_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_validations" ADD CONSTRAINT "reading_validations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_validations" ADD CONSTRAINT "reading_validations_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_validations" ADD CONSTRAINT "reading_validations_progress_id_reading_progress_id_fk" FOREIGN KEY ("progress_id") REFERENCES "public"."reading_progress"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_validations" ADD CONSTRAINT "reading_validations_question_id_reading_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."reading_questions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "books_category_created_idx" ON "books" USING btree ("category","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "books_search_trgm_idx" ON "books" USING gin (lisons_fold("title" || ' ' || "author") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "books_title_prefix_idx" ON "books" USING btree (lisons_fold("title") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "books_author_prefix_idx" ON "books" USING btree (lisons_fold("author") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "reading_progress_user_updated_idx" ON "reading_progress" USING btree ("user_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reading_validations_user_time_idx" ON "reading_validations" USING btree ("user_id","validated_at");