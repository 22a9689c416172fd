-- Readers' names (docs/architecture.md#display-name): unique up to case, accents and width, and a
-- distinct default name for every reader. Re-runnable (the names test applies it to old data).
-- Old names first as the app now stores them: NFKC, invisible and control characters removed,
-- spaces collapsed; a name left blank gets a default name below.
UPDATE users SET username = nullif(btrim(regexp_replace(regexp_replace(normalize(username, NFKC),
    '[\u0001-\u001F\u007F\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180E\u200B-\u200F\u202A-\u202E\u2060-\u206F\u2800\u3164\uFE00-\uFE0F\uFEFF\uFFA0]',
    '', 'g'), '\s+', ' ', 'g')), '')
  WHERE username IS NOT NULL;--> statement-breakpoint
-- Names taken twice: the oldest reader keeps theirs, the others get the first free ' 2', ' 3'…
DO $$
DECLARE
  dup record;
  n int;
BEGIN
  FOR dup IN
    SELECT id, username FROM (
      SELECT id, username, lisons_fold(username) AS folded,
        row_number() OVER (PARTITION BY lisons_fold(username) ORDER BY created_at, id) AS rank
      FROM users WHERE username IS NOT NULL) ranked
    WHERE rank > 1 ORDER BY folded, rank
  LOOP
    n := 2;
    WHILE EXISTS (SELECT 1 FROM users
        WHERE lisons_fold(username) = lisons_fold(left(dup.username, 45) || ' ' || n)) LOOP
      n := n + 1;
    END LOOP;
    UPDATE users SET username = left(dup.username, 45) || ' ' || n WHERE id = dup.id;
  END LOOP;
END $$;--> statement-breakpoint
-- A default name: a word of reading and a number no other default name has (a reader may
-- have chosen the same text: then the next number).
CREATE SEQUENCE IF NOT EXISTS reader_name_numbers START 100;--> statement-breakpoint
CREATE OR REPLACE FUNCTION lisons_default_reader_name() RETURNS text
  LANGUAGE plpgsql VOLATILE
  AS $$
DECLARE
  words text[] := ARRAY['Plume', 'Signet', 'Chapitre', 'Encrier', 'Parchemin', 'Virgule',
    'Sonnet', 'Fable', 'Conte', 'Rime', 'Prose', 'Ballade', 'Strophe', 'Prologue', 'Épilogue',
    'Grimoire', 'Lanterne', 'Boussole', 'Papyrus', 'Marque-page', 'Odyssée', 'Haïku', 'Refrain',
    'Légende'];
  candidate text;
BEGIN
  LOOP
    candidate := words[1 + floor(random() * array_length(words, 1))::int] || ' '
      || nextval('reader_name_numbers');
    EXIT WHEN NOT EXISTS (SELECT 1 FROM users WHERE lisons_fold(username) = lisons_fold(candidate));
  END LOOP;
  RETURN candidate;
END $$;--> statement-breakpoint
-- Every way a reader is created (sign-up, admin command, restore) gets a name this way.
CREATE OR REPLACE FUNCTION lisons_name_new_reader() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF NEW.username IS NULL OR btrim(NEW.username) = '' THEN
    NEW.username := lisons_default_reader_name();
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS users_default_name ON users;--> statement-breakpoint
CREATE TRIGGER users_default_name BEFORE INSERT ON users
  FOR EACH ROW EXECUTE FUNCTION lisons_name_new_reader();--> statement-breakpoint
UPDATE users SET username = lisons_default_reader_name() WHERE username IS NULL;--> statement-breakpoint
-- The rule itself: a constraint, so two readers asking for one name at once cannot both get it.
CREATE UNIQUE INDEX IF NOT EXISTS users_username_fold_key ON users (lisons_fold(username));
