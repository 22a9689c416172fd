DROP INDEX "books_explore_date_idx";--> statement-breakpoint
ALTER TABLE "book_covers" ADD COLUMN "generator" text;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "questions_ready" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "questions_complete" boolean GENERATED ALWAYS AS (questions_ready >= greatest(1, ceil(total_pages / 30.0))::int) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "books_explore_ready_date_idx" ON "books" USING btree ("category","questions_complete" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "books"."is_published";--> statement-breakpoint
CREATE INDEX "books_explore_ready_author_idx" ON "books" USING btree ("category","author_folded","title","id") WHERE "books"."is_published" and "books"."questions_complete";--> statement-breakpoint
CREATE INDEX "books_explore_ready_pages_idx" ON "books" USING btree ("category","total_pages" DESC NULLS FIRST,"title","id") WHERE "books"."is_published" and "books"."questions_complete";--> statement-breakpoint
-- Covers drawn so far were all made by the first drawing of cover-image.ts.
UPDATE "book_covers" SET "generator" = 'v1';--> statement-breakpoint
-- books.questions_ready (rule in domain/readiness.ts): how many segments from the first,
-- without a gap, have a question, up to the book's expected segments. Segments are unique
-- per book and start at 1, so the n-th smallest segment equals n exactly while there is no
-- gap. VOLATILE on purpose: each call reads a fresh snapshot, so two transactions writing
-- questions of one book at once still leave the right count (the second one, waiting on
-- the book's row lock, counts again and sees the first one's rows).
CREATE OR REPLACE FUNCTION lisons_questions_ready(book uuid, expected int) RETURNS int
  LANGUAGE sql VOLATILE AS $$
  SELECT count(*)::int FROM (
    SELECT segment, row_number() OVER (ORDER BY segment) AS n
    FROM reading_questions WHERE book_id = book AND segment <= expected
  ) s WHERE s.segment = s.n
$$;--> statement-breakpoint
-- Statement-level, with the changed rows as transition tables: one update of the books
-- touched, however many questions a statement writes (the demo catalogue loads ~1 000).
CREATE OR REPLACE FUNCTION lisons_questions_changed() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE books SET questions_ready = 0 WHERE questions_ready <> 0;
  ELSIF TG_OP = 'INSERT' THEN
    UPDATE books b SET questions_ready = lisons_questions_ready(b.id, b.expected_segments)
    WHERE b.id IN (SELECT book_id FROM changed_new);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE books b SET questions_ready = lisons_questions_ready(b.id, b.expected_segments)
    WHERE b.id IN (SELECT book_id FROM changed_old);
  ELSE
    UPDATE books b SET questions_ready = lisons_questions_ready(b.id, b.expected_segments)
    WHERE b.id IN (SELECT book_id FROM changed_old UNION SELECT book_id FROM changed_new);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER reading_questions_ready_insert AFTER INSERT ON reading_questions
  REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION lisons_questions_changed();--> statement-breakpoint
CREATE TRIGGER reading_questions_ready_update AFTER UPDATE ON reading_questions
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION lisons_questions_changed();--> statement-breakpoint
CREATE TRIGGER reading_questions_ready_delete AFTER DELETE ON reading_questions
  REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION lisons_questions_changed();--> statement-breakpoint
CREATE TRIGGER reading_questions_ready_truncate AFTER TRUNCATE ON reading_questions
  FOR EACH STATEMENT EXECUTE FUNCTION lisons_questions_changed();--> statement-breakpoint
-- A new page count changes the expected segments, so the count is capped anew. (A BEFORE
-- trigger runs before generated columns are computed: the segment rule is written out.)
CREATE OR REPLACE FUNCTION lisons_book_pages_changed() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  NEW.questions_ready := lisons_questions_ready(NEW.id, greatest(1, ceil(NEW.total_pages / 30.0))::int);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER books_questions_ready BEFORE UPDATE OF total_pages ON books
  FOR EACH ROW WHEN (OLD.total_pages IS DISTINCT FROM NEW.total_pages)
  EXECUTE FUNCTION lisons_book_pages_changed();--> statement-breakpoint
UPDATE books SET questions_ready = lisons_questions_ready(id, expected_segments);
