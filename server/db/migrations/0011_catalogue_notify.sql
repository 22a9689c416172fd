-- Every change to what the catalogue API shows (books, and the questions it counts) tells
-- every server process, so their in-memory catalogue caches are cleared within
-- milliseconds of the commit, whoever made the change (the app, a script, psql).
-- Statement-level and one payload per table: PostgreSQL sends one notification per
-- transaction however many rows changed.
CREATE OR REPLACE FUNCTION lisons_notify_catalogue() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lisons_catalogue', TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER books_notify_catalogue
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON books
  FOR EACH STATEMENT EXECUTE FUNCTION lisons_notify_catalogue();--> statement-breakpoint
CREATE TRIGGER reading_questions_notify_catalogue
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON reading_questions
  FOR EACH STATEMENT EXECUTE FUNCTION lisons_notify_catalogue();
