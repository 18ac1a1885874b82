-- board_entries is kept by the database itself: whatever writes servers or lint_results (the repositories,
-- a bulk load, an operator's SQL), the leaderboard follows. refresh_board(server) rebuilds one server's rows
-- from its latest version's results; the triggers call it when that can change.
CREATE FUNCTION toolmark_refresh_board(p_server uuid) RETURNS void LANGUAGE sql AS $$
  DELETE FROM board_entries WHERE server_id = p_server;
  INSERT INTO board_entries (rules_id, rules_hash, server_id, public, slug, name, name_lower, description, lint_result_id,
      score, band, tool_count, critical, required, minor, security_findings, tokens, version_id, version_seq, version_label, captured_at)
    SELECT lr.rules_id, lr.rules_hash, s.id, s.public, s.slug, s.name, lower(s.name), s.description, lr.id,
      lr.score, lr.band, lr.tool_count, lr.critical, lr.required, lr.minor, lr.security_findings, lr.tokens, v.id, v.seq, v.label, v.captured_at
    FROM servers s
    JOIN server_versions v ON v.id = s.latest_version_id
    JOIN lint_results lr ON lr.server_version_id = v.id
    WHERE s.id = p_server;
$$;
--> statement-breakpoint
CREATE FUNCTION toolmark_board_on_server() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM toolmark_refresh_board(NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER board_on_server AFTER UPDATE OF latest_version_id, name, slug, description, public ON servers
  FOR EACH ROW WHEN (OLD.latest_version_id IS DISTINCT FROM NEW.latest_version_id OR OLD.name IS DISTINCT FROM NEW.name
    OR OLD.slug IS DISTINCT FROM NEW.slug OR OLD.description IS DISTINCT FROM NEW.description OR OLD.public IS DISTINCT FROM NEW.public)
  EXECUTE FUNCTION toolmark_board_on_server();
--> statement-breakpoint
-- A result for a server's latest version joins the board. The server row is read FOR SHARE: a transaction
-- that is making another version the latest holds the row FOR UPDATE, so this waits for it and then sees
-- the version that won (no result left off the board by two transactions passing each other).
CREATE FUNCTION toolmark_board_on_result() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_version uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.server_version_id ELSE NEW.server_version_id END;
  v_server uuid;
BEGIN
  SELECT s.id INTO v_server FROM servers s JOIN server_versions v ON v.server_id = s.id
    WHERE v.id = v_version FOR SHARE OF s;
  IF v_server IS NOT NULL AND EXISTS (SELECT 1 FROM servers WHERE id = v_server AND latest_version_id = v_version) THEN
    PERFORM toolmark_refresh_board(v_server);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER board_on_result AFTER INSERT OR UPDATE OR DELETE ON lint_results
  FOR EACH ROW EXECUTE FUNCTION toolmark_board_on_result();
--> statement-breakpoint
-- Existing data joins the board once.
SELECT toolmark_refresh_board(id) FROM servers;
