CREATE TABLE "question_assignments" (
	"user_id" uuid NOT NULL,
	"book_id" uuid NOT NULL,
	"segment" integer NOT NULL,
	"question_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "question_assignments_user_id_book_id_segment_pk" PRIMARY KEY("user_id","book_id","segment")
);
--> statement-breakpoint
CREATE TABLE "question_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"question_id" uuid NOT NULL,
	"reviewer_id" uuid NOT NULL,
	"verdict" text NOT NULL,
	"reason" text,
	"as_admin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "question_reviews_question_reviewer_unique" UNIQUE("question_id","reviewer_id"),
	CONSTRAINT "question_reviews_verdict" CHECK ("question_reviews"."verdict" in ('approve', 'reject'))
);
--> statement-breakpoint
ALTER TABLE "reading_questions" DROP CONSTRAINT "reading_questions_book_segment_unique";--> statement-breakpoint
ALTER TABLE "reading_questions" ADD COLUMN "status" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "reading_questions" ADD COLUMN "author_id" uuid;--> statement-breakpoint
ALTER TABLE "reading_questions" ADD COLUMN "location" text;--> statement-breakpoint
ALTER TABLE "reading_questions" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reading_questions" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "question_assignments" ADD CONSTRAINT "question_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_assignments" ADD CONSTRAINT "question_assignments_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_assignments" ADD CONSTRAINT "question_assignments_question_id_reading_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."reading_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_reviews" ADD CONSTRAINT "question_reviews_question_id_reading_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."reading_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_reviews" ADD CONSTRAINT "question_reviews_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "question_assignments_question_idx" ON "question_assignments" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "question_reviews_reviewer_idx" ON "question_reviews" USING btree ("reviewer_id");--> statement-breakpoint
ALTER TABLE "reading_questions" ADD CONSTRAINT "reading_questions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reading_questions_book_segment_idx" ON "reading_questions" USING btree ("book_id","segment");--> statement-breakpoint
CREATE INDEX "reading_questions_pending_idx" ON "reading_questions" USING btree ("created_at","id") WHERE "reading_questions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "reading_questions_author_idx" ON "reading_questions" USING btree ("author_id");--> statement-breakpoint
ALTER TABLE "reading_questions" ADD CONSTRAINT "reading_questions_status" CHECK ("reading_questions"."status" in ('pending', 'approved', 'rejected'));--> statement-breakpoint
-- books.questions_ready (domain/readiness.ts) now counts segments with at least one approved
-- question: a segment's pool may hold several, and a proposal waiting for review does not
-- make a segment ready (decision 045). Otherwise as migration 0017 wrote it.
CREATE OR REPLACE FUNCTION lisons_questions_ready(book uuid, expected int) RETURNS int
  LANGUAGE sql VOLATILE AS $$
  SELECT count(*)::int FROM (
    SELECT segment, row_number() OVER (ORDER BY segment) AS n
    FROM (SELECT DISTINCT segment FROM reading_questions
          WHERE book_id = book AND segment <= expected AND status = 'approved') d
  ) s WHERE s.segment = s.n
$$;
