-- Read caches (docs/decisions/008): a statement-level trigger sends NOTIFY on the channel
-- named by its argument, with the table's name; PostgreSQL sends one notification per
-- transaction however many rows changed.
CREATE OR REPLACE FUNCTION lisons_notify_change() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(TG_ARGV[0], TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Every change to what the catalogue API shows (books, and the questions it counts) clears
-- the catalogue cache of every server process, whoever made it (the app, a script, psql).
CREATE TRIGGER books_notify_catalogue
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON books
  FOR EACH STATEMENT EXECUTE FUNCTION lisons_notify_change('lisons_catalogue');--> statement-breakpoint
CREATE TRIGGER reading_questions_notify_catalogue
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON reading_questions
  FOR EACH STATEMENT EXECUTE FUNCTION lisons_notify_change('lisons_catalogue');
