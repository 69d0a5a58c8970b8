-- Tells every server process (LISTEN meridian_auth) that a cached session, user or membership
-- changed, so its in-process session cache drops the entry (src/server/auth/session-cache.ts).
-- NOTIFY is transactional: the message goes out at commit, never for a rolled-back change.
-- Payloads: 's:<session id>', 'u:<user id>', 'o:<organization id>'; never a session token.
CREATE OR REPLACE FUNCTION meridian_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('meridian_auth', 's:' || r.id);
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('meridian_auth', 'u:' || r.id);
  ELSIF TG_TABLE_NAME = 'members' THEN
    PERFORM pg_notify('meridian_auth', 'u:' || r.user_id);
    IF TG_OP = 'UPDATE' AND OLD.user_id IS DISTINCT FROM NEW.user_id THEN
      PERFORM pg_notify('meridian_auth', 'u:' || OLD.user_id);
    END IF;
  ELSIF TG_TABLE_NAME = 'organizations' THEN
    PERFORM pg_notify('meridian_auth', 'o:' || r.id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER sessions_auth_changed AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION meridian_auth_changed();--> statement-breakpoint
CREATE TRIGGER users_auth_changed AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION meridian_auth_changed();--> statement-breakpoint
CREATE TRIGGER members_auth_changed AFTER INSERT OR UPDATE OR DELETE ON members
  FOR EACH ROW EXECUTE FUNCTION meridian_auth_changed();--> statement-breakpoint
CREATE TRIGGER organizations_auth_changed AFTER UPDATE OR DELETE ON organizations
  FOR EACH ROW EXECUTE FUNCTION meridian_auth_changed();
