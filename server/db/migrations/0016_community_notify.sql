-- The discover feed's first pages are cached in each process (docs/decisions/016): row-level
-- triggers say on 'lisons_feed' what changed, so each process drops only the pages it
-- touches. Payloads: 'a:<actor>' an actor's activities, 'l:<activity>' its Bookys (count
-- or likers), 'r:<reader>' whom a reader follows or is hidden from, 'u:<reader>' a reader's
-- name or photo. PostgreSQL sends identical payloads of one transaction once, at commit.
CREATE OR REPLACE FUNCTION lisons_notify_feed_activity() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND (OLD.id, OLD.actor_id, OLD.kind, OLD.book_id, OLD.badge_slug, OLD.created_at)
       IS NOT DISTINCT FROM (NEW.id, NEW.actor_id, NEW.kind, NEW.book_id, NEW.badge_slug, NEW.created_at) THEN
    -- Only its count moved (a Booky): the payload of the like itself, so one notification.
    PERFORM pg_notify('lisons_feed', 'l:' || NEW.id);
    RETURN NULL;
  END IF;
  -- 'a:' also reaches every page showing the activity (its actor is among the page's).
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('lisons_feed', 'a:' || OLD.actor_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('lisons_feed', 'a:' || NEW.actor_id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION lisons_notify_feed_like() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('lisons_feed', 'l:' || OLD.activity_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('lisons_feed', 'l:' || NEW.activity_id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A follow changes the follower's feed only (whose activities it reads).
CREATE OR REPLACE FUNCTION lisons_notify_feed_follow() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('lisons_feed', 'r:' || OLD.follower_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('lisons_feed', 'r:' || NEW.follower_id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A block hides the two readers from each other: both feeds change.
CREATE OR REPLACE FUNCTION lisons_notify_feed_block() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('lisons_feed', 'r:' || OLD.blocker_id);
    PERFORM pg_notify('lisons_feed', 'r:' || OLD.blocked_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('lisons_feed', 'r:' || NEW.blocker_id);
    PERFORM pg_notify('lisons_feed', 'r:' || NEW.blocked_id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION lisons_notify_feed_reader() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lisons_feed', 'u:' || NEW.id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER activities_notify_feed
  AFTER INSERT OR UPDATE OR DELETE ON activities
  FOR EACH ROW EXECUTE FUNCTION lisons_notify_feed_activity();--> statement-breakpoint
CREATE TRIGGER activity_likes_notify_feed
  AFTER INSERT OR UPDATE OR DELETE ON activity_likes
  FOR EACH ROW EXECUTE FUNCTION lisons_notify_feed_like();--> statement-breakpoint
CREATE TRIGGER follows_notify_feed
  AFTER INSERT OR UPDATE OR DELETE ON follows
  FOR EACH ROW EXECUTE FUNCTION lisons_notify_feed_follow();--> statement-breakpoint
CREATE TRIGGER blocks_notify_feed
  AFTER INSERT OR UPDATE OR DELETE ON blocks
  FOR EACH ROW EXECUTE FUNCTION lisons_notify_feed_block();--> statement-breakpoint
-- Only what the feed shows of a reader: a sign-in or a streak update says nothing here.
CREATE TRIGGER users_notify_feed
  AFTER UPDATE OF username, avatar_url ON users
  FOR EACH ROW
  WHEN (OLD.username IS DISTINCT FROM NEW.username OR OLD.avatar_url IS DISTINCT FROM NEW.avatar_url)
  EXECUTE FUNCTION lisons_notify_feed_reader();--> statement-breakpoint
-- A TRUNCATE fires no row trigger: migration 0011's function sends the table's name, which
-- the cache takes as "anything changed".
CREATE TRIGGER activities_truncate_notify_feed
  AFTER TRUNCATE ON activities
  FOR EACH STATEMENT EXECUTE FUNCTION lisons_notify_change('lisons_feed');--> statement-breakpoint
CREATE TRIGGER activity_likes_truncate_notify_feed
  AFTER TRUNCATE ON activity_likes
  FOR EACH STATEMENT EXECUTE FUNCTION lisons_notify_change('lisons_feed');--> statement-breakpoint
CREATE TRIGGER follows_truncate_notify_feed
  AFTER TRUNCATE ON follows
  FOR EACH STATEMENT EXECUTE FUNCTION lisons_notify_change('lisons_feed');--> statement-breakpoint
CREATE TRIGGER blocks_truncate_notify_feed
  AFTER TRUNCATE ON blocks
  FOR EACH STATEMENT EXECUTE FUNCTION lisons_notify_change('lisons_feed');
