-- What a signed-in reader reads on every visit (their reading list, progress, goal, bell,
-- achievements) is cached in each process per reader (docs/decisions/049): row-level triggers
-- say on 'lisons_readers' whose data changed, so each process drops only that reader's pages.
-- Payloads: 'r:<reader>' a reader's own rows (user_id, or a notification's recipient_id),
-- 'u:<reader>' the reader row itself (their time zone; their name and photo, which other
-- readers' notifications show). PostgreSQL sends identical payloads of a transaction once,
-- at commit. A TRUNCATE sends the table's name (migration 0011's function): every page goes.
-- One function per column name: reading the column directly, not through to_jsonb(row), which
-- converted every written row (an answer writes four) to JSON.
CREATE OR REPLACE FUNCTION lisons_notify_reader_user_id() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('lisons_readers', 'r:' || OLD.user_id);
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.user_id IS DISTINCT FROM OLD.user_id) THEN
    PERFORM pg_notify('lisons_readers', 'r:' || NEW.user_id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION lisons_notify_reader_recipient_id() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('lisons_readers', 'r:' || OLD.recipient_id);
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.recipient_id IS DISTINCT FROM OLD.recipient_id) THEN
    PERFORM pg_notify('lisons_readers', 'r:' || NEW.recipient_id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION lisons_notify_reader_row() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lisons_readers', 'u:' || OLD.id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER reading_progress_notify_readers
  AFTER INSERT OR UPDATE OR DELETE ON reading_progress
  FOR EACH ROW EXECUTE FUNCTION lisons_notify_reader_user_id();--> statement-breakpoint
CREATE TRIGGER reading_validations_notify_readers
  AFTER INSERT OR UPDATE OR DELETE ON reading_validations
  FOR EACH ROW EXECUTE FUNCTION lisons_notify_reader_user_id();--> statement-breakpoint
CREATE TRIGGER xp_events_notify_readers
  AFTER INSERT OR UPDATE OR DELETE ON xp_events
  FOR EACH ROW EXECUTE FUNCTION lisons_notify_reader_user_id();--> statement-breakpoint
CREATE TRIGGER user_badges_notify_readers
  AFTER INSERT OR UPDATE OR DELETE ON user_badges
  FOR EACH ROW EXECUTE FUNCTION lisons_notify_reader_user_id();--> statement-breakpoint
CREATE TRIGGER user_quests_notify_readers
  AFTER INSERT OR UPDATE OR DELETE ON user_quests
  FOR EACH ROW EXECUTE FUNCTION lisons_notify_reader_user_id();--> statement-breakpoint
CREATE TRIGGER reading_goals_notify_readers
  AFTER INSERT OR UPDATE OR DELETE ON reading_goals
  FOR EACH ROW EXECUTE FUNCTION lisons_notify_reader_user_id();--> statement-breakpoint
CREATE TRIGGER notifications_notify_readers
  AFTER INSERT OR UPDATE OR DELETE ON notifications
  FOR EACH ROW EXECUTE FUNCTION lisons_notify_reader_recipient_id();--> statement-breakpoint
CREATE TRIGGER users_notify_readers
  AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION lisons_notify_reader_row();--> statement-breakpoint
CREATE TRIGGER reading_progress_truncate_notify_readers
  AFTER TRUNCATE ON reading_progress
  FOR EACH STATEMENT EXECUTE FUNCTION lisons_notify_change('lisons_readers');--> statement-breakpoint
CREATE TRIGGER reading_validations_truncate_notify_readers
  AFTER TRUNCATE ON reading_validations
  FOR EACH STATEMENT EXECUTE FUNCTION lisons_notify_change('lisons_readers');--> statement-breakpoint
CREATE TRIGGER xp_events_truncate_notify_readers
  AFTER TRUNCATE ON xp_events
  FOR EACH STATEMENT EXECUTE FUNCTION lisons_notify_change('lisons_readers');--> statement-breakpoint
CREATE TRIGGER user_badges_truncate_notify_readers
  AFTER TRUNCATE ON user_badges
  FOR EACH STATEMENT EXECUTE FUNCTION lisons_notify_change('lisons_readers');--> statement-breakpoint
CREATE TRIGGER user_quests_truncate_notify_readers
  AFTER TRUNCATE ON user_quests
  FOR EACH STATEMENT EXECUTE FUNCTION lisons_notify_change('lisons_readers');--> statement-breakpoint
CREATE TRIGGER reading_goals_truncate_notify_readers
  AFTER TRUNCATE ON reading_goals
  FOR EACH STATEMENT EXECUTE FUNCTION lisons_notify_change('lisons_readers');--> statement-breakpoint
CREATE TRIGGER notifications_truncate_notify_readers
  AFTER TRUNCATE ON notifications
  FOR EACH STATEMENT EXECUTE FUNCTION lisons_notify_change('lisons_readers');--> statement-breakpoint
CREATE TRIGGER users_truncate_notify_readers
  AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION lisons_notify_change('lisons_readers');
