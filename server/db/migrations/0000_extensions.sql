-- Extensions used by search (trigram, accent-insensitive) and case-insensitive e-mails.
-- All three ship with PGlite and with Debian's PostgreSQL.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS citext;
