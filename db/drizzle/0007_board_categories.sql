-- The board carries each server's points per scoring category (points earned of points possible over
-- all its tools, 0–100 to one decimal), for the leaderboard's category columns and sorts (an index per
-- category, highest first). The board is rebuilt at the end: its rows are derived data, kept by the triggers.
ALTER TABLE "board_entries" ADD COLUMN "categories" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "board_purpose_idx" ON "board_entries" USING btree ("rules_id","rules_hash",(("categories" ->> 'purpose')::real) DESC NULLS LAST,"name_lower","server_id") WHERE "board_entries"."public";--> statement-breakpoint
CREATE INDEX "board_usage_idx" ON "board_entries" USING btree ("rules_id","rules_hash",(("categories" ->> 'usage')::real) DESC NULLS LAST,"name_lower","server_id") WHERE "board_entries"."public";--> statement-breakpoint
CREATE INDEX "board_parameters_idx" ON "board_entries" USING btree ("rules_id","rules_hash",(("categories" ->> 'parameters')::real) DESC NULLS LAST,"name_lower","server_id") WHERE "board_entries"."public";--> statement-breakpoint
CREATE INDEX "board_returns_idx" ON "board_entries" USING btree ("rules_id","rules_hash",(("categories" ->> 'returns')::real) DESC NULLS LAST,"name_lower","server_id") WHERE "board_entries"."public";--> statement-breakpoint
CREATE INDEX "board_constraints_idx" ON "board_entries" USING btree ("rules_id","rules_hash",(("categories" ->> 'constraints')::real) DESC NULLS LAST,"name_lower","server_id") WHERE "board_entries"."public";--> statement-breakpoint
CREATE INDEX "board_examples_idx" ON "board_entries" USING btree ("rules_id","rules_hash",(("categories" ->> 'examples')::real) DESC NULLS LAST,"name_lower","server_id") WHERE "board_entries"."public";--> statement-breakpoint
-- refresh_board as in 0005, with the categories read from the stored result's tools.
CREATE OR REPLACE FUNCTION toolmark_refresh_board(p_server uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM board_entries b WHERE b.server_id = p_server AND NOT EXISTS (
    SELECT 1 FROM servers s JOIN lint_results lr ON lr.server_version_id = s.latest_version_id
    WHERE s.id = p_server AND s.deleted_at IS NULL AND lr.id = b.lint_result_id);
  INSERT INTO board_entries AS b (rules_id, rules_hash, server_id, public, slug, name, name_lower, description, lint_result_id,
      score, band, tool_count, critical, required, minor, security_findings, tokens, version_id, version_seq, version_label, captured_at,
      source, surface_hash, categories)
    SELECT lr.rules_id, lr.rules_hash, s.id, s.public, s.slug, s.name, lower(s.name), s.description, lr.id,
      lr.score, lr.band, lr.tool_count, lr.critical, lr.required, lr.minor, lr.security_findings, lr.tokens, v.id, v.seq, v.label, v.captured_at,
      s.source, v.surface_hash,
      COALESCE((
        SELECT jsonb_object_agg(c.key, round(100 * c.points / NULLIF(c.max, 0), 1))
        FROM (
          SELECT cat.key, sum((cat.value->>'points')::numeric) AS points, sum((cat.value->>'max')::numeric) AS max
          FROM json_array_elements(lr.result->'tools') AS t, json_each(t->'categories') AS cat
          GROUP BY cat.key
        ) c), '{}'::jsonb)
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
      captured_at = EXCLUDED.captured_at, source = EXCLUDED.source, surface_hash = EXCLUDED.surface_hash,
      categories = EXCLUDED.categories
    WHERE (b.public, b.slug, b.name, b.description, b.lint_result_id, b.version_label)
      IS DISTINCT FROM (EXCLUDED.public, EXCLUDED.slug, EXCLUDED.name, EXCLUDED.description, EXCLUDED.lint_result_id, EXCLUDED.version_label);
END $$;
--> statement-breakpoint
DELETE FROM "board_entries";--> statement-breakpoint
SELECT toolmark_refresh_board(id) FROM servers;
