-- Signed-in requests read sessions from an in-memory cache (session-reader.ts). Any change
-- that can end a session or change what it grants (sign-out, expiry, a password reset,
-- an administrator right granted or revoked) tells every server process to drop it.
CREATE TRIGGER sessions_notify_sessions
  AFTER UPDATE OR DELETE OR TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION lisons_notify_change('lisons_sessions');--> statement-breakpoint
CREATE TRIGGER users_notify_sessions
  AFTER UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION lisons_notify_change('lisons_sessions');
