-- Folds text for search: lowercase, accents and ligatures removed ('Misérables' and
-- 'MISERABLES' both give 'miserables'). unaccent() itself is only STABLE; this wrapper
-- names its dictionary so it can be IMMUTABLE and serve in an index expression.
CREATE OR REPLACE FUNCTION lisons_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;
