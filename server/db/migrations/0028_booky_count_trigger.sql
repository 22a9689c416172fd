-- An activity's likes_count is kept by the database, whatever adds or removes a Booky (a
-- reader, an account deleted, a cascade): it always equals its activity_likes rows.
CREATE OR REPLACE FUNCTION lisons_count_activity_likes() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE activities SET likes_count = likes_count + 1 WHERE id = NEW.activity_id;
  ELSE
    UPDATE activities SET likes_count = likes_count - 1 WHERE id = OLD.activity_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER activity_likes_count AFTER INSERT OR DELETE ON activity_likes
  FOR EACH ROW EXECUTE FUNCTION lisons_count_activity_likes();--> statement-breakpoint
-- Counts that drifted before (Bookys of deleted accounts) are set right once.
UPDATE activities a SET likes_count = c.n
FROM (SELECT a2.id, (SELECT count(*)::int FROM activity_likes l WHERE l.activity_id = a2.id) AS n
      FROM activities a2) c
WHERE c.id = a.id AND a.likes_count <> c.n;
