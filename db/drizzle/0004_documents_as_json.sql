ALTER TABLE "lint_results" ALTER COLUMN "result" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "server_versions" ALTER COLUMN "tools" SET DATA TYPE json;--> statement-breakpoint
-- The two large documents compress with lz4 where the server has it (PostgreSQL 14+ built with lz4: much
-- less CPU than the default pglz for the ~35 KiB results); PostgreSQL 13, or a server without lz4, keeps
-- pglz. EXECUTE, so PostgreSQL 13 never parses the clause it does not know.
DO $$
BEGIN
  IF current_setting('server_version_num')::int >= 140000 THEN
    EXECUTE 'ALTER TABLE "lint_results" ALTER COLUMN "result" SET COMPRESSION lz4';
    EXECUTE 'ALTER TABLE "server_versions" ALTER COLUMN "tools" SET COMPRESSION lz4';
  END IF;
EXCEPTION WHEN feature_not_supported THEN
  RAISE NOTICE 'lz4 is not available on this server: documents keep the default compression';
END $$;
--> statement-breakpoint
-- refresh_board in PL/pgSQL (its statements' plans are cached per session; a LANGUAGE sql function is
-- planned again on every call), and as an upsert: rows already right are left alone, so a save that
-- inserts a result and makes its version the latest in one statement (both triggers fire) rewrites the
-- board row once, not twice.
CREATE OR REPLACE FUNCTION toolmark_refresh_board(p_server uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM board_entries b WHERE b.server_id = p_server AND NOT EXISTS (
    SELECT 1 FROM servers s JOIN lint_results lr ON lr.server_version_id = s.latest_version_id
    WHERE s.id = p_server AND lr.id = b.lint_result_id);
  INSERT INTO board_entries AS b (rules_id, rules_hash, server_id, public, slug, name, name_lower, description, lint_result_id,
      score, band, tool_count, critical, required, minor, security_findings, tokens, version_id, version_seq, version_label, captured_at)
    SELECT lr.rules_id, lr.rules_hash, s.id, s.public, s.slug, s.name, lower(s.name), s.description, lr.id,
      lr.score, lr.band, lr.tool_count, lr.critical, lr.required, lr.minor, lr.security_findings, lr.tokens, v.id, v.seq, v.label, v.captured_at
    FROM servers s
    JOIN server_versions v ON v.id = s.latest_version_id
    JOIN lint_results lr ON lr.server_version_id = v.id
    WHERE s.id = p_server
  ON CONFLICT (rules_id, rules_hash, server_id) DO UPDATE SET
      public = EXCLUDED.public, slug = EXCLUDED.slug, name = EXCLUDED.name, name_lower = EXCLUDED.name_lower,
      description = EXCLUDED.description, lint_result_id = EXCLUDED.lint_result_id, score = EXCLUDED.score,
      band = EXCLUDED.band, tool_count = EXCLUDED.tool_count, critical = EXCLUDED.critical, required = EXCLUDED.required,
      minor = EXCLUDED.minor, security_findings = EXCLUDED.security_findings, tokens = EXCLUDED.tokens,
      version_id = EXCLUDED.version_id, version_seq = EXCLUDED.version_seq, version_label = EXCLUDED.version_label,
      captured_at = EXCLUDED.captured_at
    WHERE (b.public, b.slug, b.name, b.description, b.lint_result_id, b.version_label)
      IS DISTINCT FROM (EXCLUDED.public, EXCLUDED.slug, EXCLUDED.name, EXCLUDED.description, EXCLUDED.lint_result_id, EXCLUDED.version_label);
END $$;
