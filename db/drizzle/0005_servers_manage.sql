-- Servers can be edited, hidden and (softly) deleted; the board carries each row's source (npm, URL,
-- upload) and surface hash (to say which servers have identical tools). The board is rebuilt from the
-- servers at the end (its rows are derived data, kept by the triggers), so the new NOT NULL columns start
-- on an empty table.
DELETE FROM "board_entries";--> statement-breakpoint
ALTER TABLE "board_entries" ADD COLUMN "source" "server_source" NOT NULL;--> statement-breakpoint
ALTER TABLE "board_entries" ADD COLUMN "surface_hash" text NOT NULL;--> statement-breakpoint
ALTER TABLE "servers" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "board_surface_idx" ON "board_entries" USING btree ("rules_id","rules_hash","surface_hash") WHERE "board_entries"."public";--> statement-breakpoint
-- refresh_board as in 0004, with the two new columns, and no rows for a deleted server.
CREATE OR REPLACE FUNCTION toolmark_refresh_board(p_server uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM board_entries b WHERE b.server_id = p_server AND NOT EXISTS (
    SELECT 1 FROM servers s JOIN lint_results lr ON lr.server_version_id = s.latest_version_id
    WHERE s.id = p_server AND s.deleted_at IS NULL AND lr.id = b.lint_result_id);
  INSERT INTO board_entries AS b (rules_id, rules_hash, server_id, public, slug, name, name_lower, description, lint_result_id,
      score, band, tool_count, critical, required, minor, security_findings, tokens, version_id, version_seq, version_label, captured_at,
      source, surface_hash)
    SELECT lr.rules_id, lr.rules_hash, s.id, s.public, s.slug, s.name, lower(s.name), s.description, lr.id,
      lr.score, lr.band, lr.tool_count, lr.critical, lr.required, lr.minor, lr.security_findings, lr.tokens, v.id, v.seq, v.label, v.captured_at,
      s.source, v.surface_hash
    FROM servers s
    JOIN server_versions v ON v.id = s.latest_version_id
    JOIN lint_results lr ON lr.server_version_id = v.id
    WHERE s.id = p_server AND s.deleted_at IS NULL
  ON CONFLICT (rules_id, rules_hash, server_id) DO UPDATE SET
      public = EXCLUDED.public, slug = EXCLUDED.slug, name = EXCLUDED.name, name_lower = EXCLUDED.name_lower,
      description = EXCLUDED.description, lint_result_id = EXCLUDED.lint_result_id, score = EXCLUDED.score,
      band = EXCLUDED.band, tool_count = EXCLUDED.tool_count, critical = EXCLUDED.critical, required = EXCLUDED.required,
      minor = EXCLUDED.minor, security_findings = EXCLUDED.security_findings, tokens = EXCLUDED.tokens,
      version_id = EXCLUDED.version_id, version_seq = EXCLUDED.version_seq, version_label = EXCLUDED.version_label,
      captured_at = EXCLUDED.captured_at, source = EXCLUDED.source, surface_hash = EXCLUDED.surface_hash
    WHERE (b.public, b.slug, b.name, b.description, b.lint_result_id, b.version_label)
      IS DISTINCT FROM (EXCLUDED.public, EXCLUDED.slug, EXCLUDED.name, EXCLUDED.description, EXCLUDED.lint_result_id, EXCLUDED.version_label);
END $$;
--> statement-breakpoint
-- A deleted (or restored) server leaves (or rejoins) the board: the trigger also watches deleted_at.
DROP TRIGGER board_on_server ON servers;--> statement-breakpoint
CREATE TRIGGER board_on_server AFTER UPDATE OF latest_version_id, name, slug, description, public, deleted_at ON servers
  FOR EACH ROW WHEN (OLD.latest_version_id IS DISTINCT FROM NEW.latest_version_id OR OLD.name IS DISTINCT FROM NEW.name
    OR OLD.slug IS DISTINCT FROM NEW.slug OR OLD.description IS DISTINCT FROM NEW.description OR OLD.public IS DISTINCT FROM NEW.public
    OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION toolmark_board_on_server();
--> statement-breakpoint
SELECT toolmark_refresh_board(id) FROM servers;
